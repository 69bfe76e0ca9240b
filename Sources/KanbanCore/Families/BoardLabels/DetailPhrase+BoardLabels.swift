extension DetailPhrase {
    /// The lines for board labels made, recoloured and removed, in each language.
    static let boardLabels: [HistoryLanguage: [String: DetailPhrase]] = [
        .english: [
            "labelMade": DetailPhrase("Made label '{name}' ({colour}).", "Make label '{name}' ({colour})"),
            "labelRecoloured": DetailPhrase("Made label '{name}' {colour}.", "Make label '{name}' {colour}"),
            "labelRemoved": DetailPhrase("Removed label '{name}'.", "Remove label '{name}'"),
        ],
        .french: [
            "labelMade": DetailPhrase("Étiquette « {name} » créée ({colour}).", "Créer l’étiquette « {name} » ({colour})"),
            "labelRecoloured": DetailPhrase("Étiquette « {name} » passée en {colour}.", "Passer l’étiquette « {name} » en {colour}"),
            "labelRemoved": DetailPhrase("Étiquette « {name} » supprimée.", "Supprimer l’étiquette « {name} »"),
        ],
        .korean: [
            "labelMade": DetailPhrase("'{name}' 라벨({colour})을 만들었습니다.", "'{name}' 라벨({colour}) 만들기"),
            "labelRecoloured": DetailPhrase("'{name}' 라벨의 색을 {colour}(으)로 바꿨습니다.", "'{name}' 라벨의 색을 {colour}(으)로 변경"),
            "labelRemoved": DetailPhrase("'{name}' 라벨을 삭제했습니다.", "'{name}' 라벨 삭제"),
        ],
    ]
}
