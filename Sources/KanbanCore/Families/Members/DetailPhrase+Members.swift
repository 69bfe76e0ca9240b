extension DetailPhrase {
    /// The lines for board members added and removed, in each language.
    static let members: [HistoryLanguage: [String: DetailPhrase]] = [
        .english: [
            "memberAdded": DetailPhrase("Added {person} to the board.", "Add {person} to the board"),
            "memberRemoved": DetailPhrase("Removed {person} from the board.", "Remove {person} from the board"),
        ],
        .french: [
            "memberAdded": DetailPhrase("{person} ajouté·e au tableau.", "Ajouter {person} au tableau"),
            "memberRemoved": DetailPhrase("{person} retiré·e du tableau.", "Retirer {person} du tableau"),
        ],
        .korean: [
            "memberAdded": DetailPhrase("{person} 님을 보드 멤버로 추가했습니다.", "{person} 님을 보드 멤버로 추가"),
            "memberRemoved": DetailPhrase("{person} 님을 보드 멤버에서 제외했습니다.", "{person} 님을 보드 멤버에서 제외"),
        ],
    ]
}
