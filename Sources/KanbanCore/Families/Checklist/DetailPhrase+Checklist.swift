extension DetailPhrase {
    /// The lines for checklist items added, renamed, checked, removed and moved, in each language.
    static let checklist: [HistoryLanguage: [String: DetailPhrase]] = [
        .english: [
            "itemAdded": DetailPhrase("Added '{text}' to the checklist of '{title}'.", "Add '{text}' to the checklist of '{title}'"),
            "itemRenamed": DetailPhrase("Renamed checklist item '{text}' of '{title}'.", "Rename checklist item '{text}' of '{title}'"),
            "itemChecked": DetailPhrase("Checked '{text}' on '{title}'.", "Check '{text}' on '{title}'"),
            "itemUnchecked": DetailPhrase("Unchecked '{text}' on '{title}'.", "Uncheck '{text}' on '{title}'"),
            "itemRemoved": DetailPhrase("Removed '{text}' from the checklist of '{title}'.", "Remove '{text}' from the checklist of '{title}'"),
            "itemMoved": DetailPhrase("Moved checklist item '{text}' of '{title}' to position {index}.", "Move checklist item '{text}' of '{title}' to position {index}"),
        ],
        .french: [
            "itemAdded": DetailPhrase("« {text} » ajouté à la liste de « {title} ».", "Ajouter « {text} » à la liste de « {title} »"),
            "itemRenamed": DetailPhrase("Élément « {text} » de « {title} » renommé.", "Renommer l’élément « {text} » de « {title} »"),
            "itemChecked": DetailPhrase("« {text} » coché sur « {title} ».", "Cocher « {text} » sur « {title} »"),
            "itemUnchecked": DetailPhrase("« {text} » décoché sur « {title} ».", "Décocher « {text} » sur « {title} »"),
            "itemRemoved": DetailPhrase("« {text} » retiré de la liste de « {title} ».", "Retirer « {text} » de la liste de « {title} »"),
            "itemMoved": DetailPhrase("Élément « {text} » de « {title} » déplacé en position {index}.", "Déplacer l’élément « {text} » de « {title} » en position {index}"),
        ],
        .korean: [
            "itemAdded": DetailPhrase("'{title}' 카드의 체크리스트에 '{text}' 항목을 추가했습니다.", "'{title}' 카드의 체크리스트에 '{text}' 항목 추가"),
            "itemRenamed": DetailPhrase("'{title}' 카드의 체크리스트 항목 '{text}'의 이름을 바꿨습니다.", "'{title}' 카드의 체크리스트 항목 '{text}' 이름 변경"),
            "itemChecked": DetailPhrase("'{title}' 카드의 '{text}' 항목을 체크했습니다.", "'{title}' 카드의 '{text}' 항목 체크"),
            "itemUnchecked": DetailPhrase("'{title}' 카드의 '{text}' 항목 체크를 해제했습니다.", "'{title}' 카드의 '{text}' 항목 체크 해제"),
            "itemRemoved": DetailPhrase("'{title}' 카드의 체크리스트에서 '{text}' 항목을 삭제했습니다.", "'{title}' 카드의 체크리스트에서 '{text}' 항목 삭제"),
            "itemMoved": DetailPhrase("'{title}' 카드의 체크리스트 항목 '{text}'을(를) {index}번 위치로 옮겼습니다.", "'{title}' 카드의 체크리스트 항목 '{text}'을(를) {index}번 위치로 이동"),
        ],
    ]
}
