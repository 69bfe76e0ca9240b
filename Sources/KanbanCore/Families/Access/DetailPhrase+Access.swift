extension DetailPhrase {
    /// The lines for roles given and visibility changed, in each language (`{role}` and
    /// `{visibility}` are the names the API takes: `viewer`, `members`…). A member removed with
    /// their role says what `memberRemoved` says.
    static let access: [HistoryLanguage: [String: DetailPhrase]] = [
        .english: [
            "memberRoleChanged": DetailPhrase("Made {person} {role} of the board.", "Make {person} {role} of the board"),
            "memberAddedAs": DetailPhrase("Added {person} to the board as {role}.", "Add {person} to the board as {role}"),
            "visibilityChanged": DetailPhrase("Made the board visible to {visibility}.", "Make the board visible to {visibility}"),
        ],
        .french: [
            "memberRoleChanged": DetailPhrase("{person} devient {role} du tableau.", "Faire de {person} un·e {role} du tableau"),
            "memberAddedAs": DetailPhrase("{person} ajouté·e au tableau comme {role}.", "Ajouter {person} au tableau comme {role}"),
            "visibilityChanged": DetailPhrase("Tableau rendu visible pour {visibility}.", "Rendre le tableau visible pour {visibility}"),
        ],
        .korean: [
            "memberRoleChanged": DetailPhrase("{person} 님의 보드 역할을 {role}(으)로 바꿨습니다.", "{person} 님의 보드 역할을 {role}(으)로 바꾸기"),
            "memberAddedAs": DetailPhrase("{person} 님을 {role} 역할로 보드 멤버로 추가했습니다.", "{person} 님을 {role} 역할로 보드 멤버로 추가"),
            "visibilityChanged": DetailPhrase("보드 공개 범위를 {visibility}(으)로 바꿨습니다.", "보드 공개 범위를 {visibility}(으)로 바꾸기"),
        ],
    ]
}
