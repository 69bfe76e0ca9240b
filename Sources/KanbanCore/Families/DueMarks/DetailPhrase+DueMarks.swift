extension DetailPhrase {
    /// The lines for due dates marked done or not done, in each language.
    static let dueMarks: [HistoryLanguage: [String: DetailPhrase]] = [
        .english: [
            "dueDone": DetailPhrase("Marked the due date of '{title}' done.", "Mark the due date of '{title}' done"),
            "dueNotDone": DetailPhrase("Marked the due date of '{title}' not done.", "Mark the due date of '{title}' not done"),
        ],
        .french: [
            "dueDone": DetailPhrase("Échéance de « {title} » marquée terminée.", "Marquer l’échéance de « {title} » terminée"),
            "dueNotDone": DetailPhrase("Échéance de « {title} » marquée non terminée.", "Marquer l’échéance de « {title} » non terminée"),
        ],
        .korean: [
            "dueDone": DetailPhrase("'{title}' 카드의 마감일을 완료로 표시했습니다.", "'{title}' 카드의 마감일을 완료로 표시"),
            "dueNotDone": DetailPhrase("'{title}' 카드의 마감일을 미완료로 표시했습니다.", "'{title}' 카드의 마감일을 미완료로 표시"),
        ],
    ]
}
