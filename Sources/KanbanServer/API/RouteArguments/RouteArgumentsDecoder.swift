/// Decodes a route's command arguments: the keyed container answers from the path for the
/// arguments it gives, and from the body, under the route's names, for the others
/// (``RouteArgumentsContainer``). Errors name the body's keys, as the body's author wrote them.
struct RouteArgumentsDecoder: Decoder {
    /// The decoder of the request's body.
    let body: any Decoder
    let arguments: RouteArguments

    var codingPath: [any CodingKey] { body.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { body.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RouteArgumentsContainer<Key>(body: try body.container(keyedBy: BodyKey.self), arguments: arguments))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try body.unkeyedContainer()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try body.singleValueContainer()
    }
}
