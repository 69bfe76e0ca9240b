/// The top of a route's body: `Body` read through ``RouteArgumentsDecoder`` with the
/// ``RouteArguments`` its decoder's `userInfo` carries, after checking the body keys it requires.
struct RouteArgumentsBody<Body: Decodable>: Decodable {
    let value: Body

    init(from decoder: any Decoder) throws {
        guard let arguments = decoder.userInfo[RouteArguments.userInfoKey] as? RouteArguments else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "no route arguments to read the body with"))
        }
        if !arguments.requiredBodyKeys.isEmpty {
            let body = try decoder.container(keyedBy: BodyKey.self)
            for name in arguments.requiredBodyKeys where !body.contains(BodyKey(name)) {
                throw DecodingError.keyNotFound(BodyKey(name), DecodingError.Context(codingPath: body.codingPath, debugDescription: "no \(name)"))
            }
        }
        value = try Body(from: RouteArgumentsDecoder(body: decoder, arguments: arguments))
    }
}
