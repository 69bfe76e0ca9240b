import Kanban
/// The Trello actions that mean nothing on our board: the workspace a board belongs to, its
/// settings (background, permissions, template…), power-ups and plugins, invitations, member
/// roles, a copy made of the board. The import's summary lists them apart from the actions not
/// imported, which a user would miss.
enum TrelloNoMeaning {
    /// Action types about workspaces, enterprises, power-ups, plugins and invitations, by a part
    /// of their name (`addToOrganizationBoard`, `enablePlugin`, `unconfirmedBoardInvitation`…).
    static let typeParts = ["Organization", "Enterprise", "PowerUp", "Plugin", "Invitation"]
    /// Other action types with no meaning here: a board made or copied that is not this one's
    /// making (a copy of this board made elsewhere), a member joining Trello itself.
    static let types: Set<String> = ["copyBoard", "createBoard", "memberJoinedTrello"]
    /// Fields of an update with no meaning here, by action type: the board's settings and
    /// workspace, watching a list or card.
    static let fields: [String: Set<String>] = [
        "updateBoard": [
            "prefs", "idOrganization", "idEnterprise", "enterpriseOwned", "idTags", "subscribed", "starred", "pinned",
            "isTemplate", "templateGallery", "powerUps", "limits", "premiumFeatures", "shortLink", "idBoardSource",
        ],
        "updateList": ["subscribed"],
        "updateCard": ["subscribed"],
    ]
    /// Why a membership action changed nothing: the member's role, which we do not keep.
    static let membershipReasons: Set<String> = ["already a member", "not a member"]

    /// Whether the actions counted under `key` (`type`, `type:field,field` or `type (reason)`,
    /// as ``TrelloPlan/notImported`` counts them) mean nothing here.
    static func contains(_ key: String) -> Bool {
        if let open = key.range(of: " (") {
            let type = String(key[..<open.lowerBound])
            let reason = String(key[open.upperBound...].dropLast())
            let memberships = TrelloDetailHistory.boardMemberships.union(["removeMemberFromBoard"])
            return memberships.contains(type) && membershipReasons.contains(reason)
        }
        let parts = key.split(separator: ":", maxSplits: 1).map(String.init)
        let type = parts.first ?? key
        if parts.count == 2 {
            let changed = Set(parts[1].split(separator: ",").map(String.init))
            return !changed.isEmpty && changed.isSubset(of: fields[type] ?? [])
        }
        return types.contains(type) || typeParts.contains { type.contains($0) }
    }
}
