extension DetailPhrase {
    /// The lines for links attached and removed, in each language.
    static let links: [HistoryLanguage: [String: DetailPhrase]] = [
        .english: [
            "linkAttached": DetailPhrase("Attached link '{name}' to '{title}'.", "Attach link '{name}' to '{title}'"),
            "linkRemoved": DetailPhrase("Removed link '{name}' from '{title}'.", "Remove link '{name}' from '{title}'"),
        ],
        .french: [
            "linkAttached": DetailPhrase("Lien « {name} » joint à « {title} ».", "Joindre le lien « {name} » à « {title} »"),
            "linkRemoved": DetailPhrase("Lien « {name} » retiré de « {title} ».", "Retirer le lien « {name} » de « {title} »"),
        ],
        .korean: [
            "linkAttached": DetailPhrase("'{title}' 카드에 '{name}' 링크를 첨부했습니다.", "'{title}' 카드에 '{name}' 링크 첨부"),
            "linkRemoved": DetailPhrase("'{title}' 카드에서 '{name}' 링크를 삭제했습니다.", "'{title}' 카드에서 '{name}' 링크 삭제"),
        ],
    ]
}
