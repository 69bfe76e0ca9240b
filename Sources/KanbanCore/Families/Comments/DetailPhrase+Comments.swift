extension DetailPhrase {
    /// The lines for comments written, edited and deleted, in each language.
    static let comments: [HistoryLanguage: [String: DetailPhrase]] = [
        .english: [
            "commentAdded": DetailPhrase("Commented on '{title}': {text}", "Comment on '{title}': {text}"),
            "commentEdited": DetailPhrase("Edited a comment on '{title}': {text}", "Edit a comment on '{title}'"),
            "commentDeleted": DetailPhrase("Deleted a comment on '{title}': {text}", "Delete a comment on '{title}'"),
        ],
        .french: [
            "commentAdded": DetailPhrase("Commentaire sur « {title} » : {text}", "Commenter « {title} » : {text}"),
            "commentEdited": DetailPhrase("Commentaire sur « {title} » modifié : {text}", "Modifier un commentaire sur « {title} »"),
            "commentDeleted": DetailPhrase("Commentaire sur « {title} » supprimé : {text}", "Supprimer un commentaire sur « {title} »"),
        ],
        .korean: [
            "commentAdded": DetailPhrase("'{title}' 카드에 댓글을 달았습니다: {text}", "'{title}' 카드에 댓글 달기: {text}"),
            "commentEdited": DetailPhrase("'{title}' 카드의 댓글을 수정했습니다: {text}", "'{title}' 카드의 댓글 수정"),
            "commentDeleted": DetailPhrase("'{title}' 카드의 댓글을 삭제했습니다: {text}", "'{title}' 카드의 댓글 삭제"),
        ],
    ]
}
