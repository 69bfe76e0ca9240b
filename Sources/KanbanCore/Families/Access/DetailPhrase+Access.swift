extension DetailPhrase {
    /// The lines for roles given and visibility changed, in each language, and the words for
    /// `{role}` and `{visibility}` (keys `role.NAME`, `visibility.NAME`, by the names the API
    /// takes: `viewer`, `members`…). A member removed with their role says what `memberRemoved` says.
    static let access: [HistoryLanguage: [String: DetailPhrase]] = [
        .english: [
            "memberRoleChanged": DetailPhrase("Made {person} {role} of the board.", "Make {person} {role} of the board"),
            "memberAddedAs": DetailPhrase("Added {person} to the board as {role}.", "Add {person} to the board as {role}"),
            "visibilityChanged": DetailPhrase("Made the board visible to {visibility}.", "Make the board visible to {visibility}"),
            "role.viewer": word("viewer"), "role.commenter": word("commenter"), "role.editor": word("editor"), "role.admin": word("admin"),
            "visibility.open": word("everyone signed in"), "visibility.members": word("its members only"),
            "visibility.public": word("everyone"),
        ],
        .french: [
            "memberRoleChanged": DetailPhrase("{person} devient {role} du tableau.", "Faire de {person} un·e {role} du tableau"),
            "memberAddedAs": DetailPhrase("{person} ajouté·e au tableau comme {role}.", "Ajouter {person} au tableau comme {role}"),
            "visibilityChanged": DetailPhrase("Tableau rendu visible pour {visibility}.", "Rendre le tableau visible pour {visibility}"),
            "role.viewer": word("lecteur·rice"), "role.commenter": word("commentateur·rice"), "role.editor": word("éditeur·rice"),
            "role.admin": word("admin"), "visibility.open": word("toute personne connectée"),
            "visibility.members": word("ses membres seulement"), "visibility.public": word("tout le monde"),
        ],
        .korean: [
            "memberRoleChanged": DetailPhrase("{person} 님의 보드 역할을 {role}(으)로 바꿨습니다.", "{person} 님의 보드 역할을 {role}(으)로 바꾸기"),
            "memberAddedAs": DetailPhrase("{person} 님을 {role} 역할로 보드 멤버로 추가했습니다.", "{person} 님을 {role} 역할로 보드 멤버로 추가"),
            "visibilityChanged": DetailPhrase("보드 공개 범위를 {visibility}(으)로 바꿨습니다.", "보드 공개 범위를 {visibility}(으)로 바꾸기"),
            "role.viewer": word("보기"), "role.commenter": word("댓글"), "role.editor": word("편집"), "role.admin": word("관리"),
            "visibility.open": word("로그인한 모든 사람"), "visibility.members": word("멤버만"), "visibility.public": word("모든 사람"),
        ],
    ]

    /// A word for a placeholder, the same in both tenses.
    private static func word(_ text: String) -> DetailPhrase { DetailPhrase(text, text) }

    /// `values` with the role and visibility names put into `phrases`' words, where it has them.
    static func localizing(_ values: [String: String], with phrases: [String: DetailPhrase]) -> [String: String] {
        var values = values
        for key in ["role", "visibility"] {
            if let name = values[key], let word = phrases["\(key).\(name)"] { values[key] = word.past }
        }
        return values
    }
}
