extension DetailPhrase {
    /// The lines for column limits set and lifted, in each language.
    static let columnLimits: [HistoryLanguage: [String: DetailPhrase]] = [
        .english: [
            "limitSet": DetailPhrase("Limited column '{name}' to {limit} cards.", "Limit column '{name}' to {limit} cards"),
            "strictLimitSet": DetailPhrase("Limited column '{name}' to {limit} cards, strictly: it refuses more.", "Limit column '{name}' to {limit} cards, strictly"),
            "limitLifted": DetailPhrase("Lifted the limit of column '{name}'.", "Lift the limit of column '{name}'"),
        ],
        .french: [
            "limitSet": DetailPhrase("Colonne « {name} » limitée à {limit} cartes.", "Limiter la colonne « {name} » à {limit} cartes"),
            "strictLimitSet": DetailPhrase("Colonne « {name} » limitée strictement à {limit} cartes : elle en refuse davantage.", "Limiter strictement la colonne « {name} » à {limit} cartes"),
            "limitLifted": DetailPhrase("Limite de la colonne « {name} » levée.", "Lever la limite de la colonne « {name} »"),
        ],
        .korean: [
            "limitSet": DetailPhrase("'{name}' 열의 카드 수를 {limit}장으로 제한했습니다.", "'{name}' 열의 카드 수를 {limit}장으로 제한"),
            "strictLimitSet": DetailPhrase("'{name}' 열의 카드 수를 {limit}장으로 엄격히 제한했습니다: 그 이상은 받지 않습니다.", "'{name}' 열의 카드 수를 {limit}장으로 엄격히 제한"),
            "limitLifted": DetailPhrase("'{name}' 열의 카드 수 제한을 해제했습니다.", "'{name}' 열의 카드 수 제한 해제"),
        ],
    ]
}
