/// `POST …/cards/{card}/assignees` and `POST …/members`: `{"person"}`, who is assigned or made a member.
struct PersonBody: Decodable, Sendable {
    var person: String
}
