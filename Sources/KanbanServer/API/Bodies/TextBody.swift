/// `POST …/cards/{card}/comments` and `PATCH …/comments/{comment}`: `{"text"}`, the comment's text.
struct TextBody: Decodable, Sendable {
    var text: String
}
