extension DetailPhrase {
    /// The lines for people assigned and unassigned, in each language.
    static let assignees: [HistoryLanguage: [String: DetailPhrase]] = [
        .english: [
            "assigned": DetailPhrase("Assigned {person} to '{title}'.", "Assign {person} to '{title}'"),
            "unassigned": DetailPhrase("Unassigned {person} from '{title}'.", "Unassign {person} from '{title}'"),
        ],
        .french: [
            "assigned": DetailPhrase("{person} assigné·e à « {title} ».", "Assigner {person} à « {title} »"),
            "unassigned": DetailPhrase("{person} retiré·e de « {title} ».", "Retirer {person} de « {title} »"),
        ],
        .korean: [
            "assigned": DetailPhrase("'{title}' 카드에 {person} 님을 배정했습니다.", "'{title}' 카드에 {person} 님 배정"),
            "unassigned": DetailPhrase("'{title}' 카드에서 {person} 님의 배정을 해제했습니다.", "'{title}' 카드에서 {person} 님 배정 해제"),
        ],
    ]
}
