extension DetailPhrase {
    /// The lines for labels put on cards and taken off, in each language.
    static let labels: [HistoryLanguage: [String: DetailPhrase]] = [
        .english: [
            "labelled": DetailPhrase("Labelled '{title}' {label}.", "Label '{title}' {label}"),
            "unlabelled": DetailPhrase("Took label {label} off '{title}'.", "Take label {label} off '{title}'"),
        ],
        .french: [
            "labelled": DetailPhrase("Étiquette {label} posée sur « {title} ».", "Poser l’étiquette {label} sur « {title} »"),
            "unlabelled": DetailPhrase("Étiquette {label} retirée de « {title} ».", "Retirer l’étiquette {label} de « {title} »"),
        ],
        .korean: [
            "labelled": DetailPhrase("'{title}' 카드에 {label} 라벨을 붙였습니다.", "'{title}' 카드에 {label} 라벨 붙이기"),
            "unlabelled": DetailPhrase("'{title}' 카드에서 {label} 라벨을 뗐습니다.", "'{title}' 카드에서 {label} 라벨 떼기"),
        ],
    ]
}
