/// The arguments of a route's command as a keyed container: an argument the path gives is its
/// value there, one the route withholds is missing, and any other is the body's value under the
/// route's name for it.
struct RouteArgumentsContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let body: KeyedDecodingContainer<BodyKey>
    let arguments: RouteArguments

    var codingPath: [any CodingKey] { body.codingPath }

    var allKeys: [Key] {
        let names = Set(arguments.pathValues.keys).union(body.allKeys.compactMap { arguments.argument(givenBy: $0.stringValue) })
        return names.sorted().compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        if arguments.pathValues[key.stringValue] != nil { return true }
        if arguments.withheld.contains(key.stringValue) { return false }
        return body.contains(arguments.bodyKey(of: key.stringValue))
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try read(key, path: { _ in false }, body: { try body.decodeNil(forKey: $0) })
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(key, body: { try body.decode(type, forKey: $0) }) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(key, path: { $0 }, body: { try body.decode(type, forKey: $0) }) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(key, body: { try body.decode(type, forKey: $0) }) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(key, body: { try body.decode(type, forKey: $0) }) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(key, body: { try body.decode(type, forKey: $0) }) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(key, body: { try body.decode(type, forKey: $0) }) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(key, body: { try body.decode(type, forKey: $0) }) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(key, body: { try body.decode(type, forKey: $0) }) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(key, body: { try body.decode(type, forKey: $0) }) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(key, body: { try body.decode(type, forKey: $0) }) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(key, body: { try body.decode(type, forKey: $0) }) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(key, body: { try body.decode(type, forKey: $0) }) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(key, body: { try body.decode(type, forKey: $0) }) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(key, body: { try body.decode(type, forKey: $0) }) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try read(key, path: { text in
            guard let value = text as? T else { throw DecodingError.typeMismatch(type, context(key, "the path gives a string")) }
            return value
        }, body: { try body.decode(type, forKey: $0) })
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try read(key, body: { try body.nestedContainer(keyedBy: type, forKey: $0) })
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try read(key, body: { try body.nestedUnkeyedContainer(forKey: $0) })
    }

    func superDecoder() throws -> any Decoder {
        try body.superDecoder()
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try read(key, body: { try body.superDecoder(forKey: $0) })
    }

    /// The value of argument `key`: `path` of the path's text when the path gives it (a type
    /// mismatch when `path` is `nil`), missing when withheld, else `body` of its body key.
    private func read<Value>(
        _ key: Key,
        path: ((String) throws -> Value)? = nil,
        body: (BodyKey) throws -> Value
    ) throws -> Value {
        if let text = arguments.pathValues[key.stringValue] {
            guard let path else { throw DecodingError.typeMismatch(Value.self, context(key, "the path gives a string")) }
            return try path(text)
        }
        guard !arguments.withheld.contains(key.stringValue) else {
            throw DecodingError.keyNotFound(key, context(key, "the server gives \(key.stringValue)"))
        }
        return try body(arguments.bodyKey(of: key.stringValue))
    }

    private func context(_ key: Key, _ description: String) -> DecodingError.Context {
        DecodingError.Context(codingPath: codingPath + [key], debugDescription: description)
    }
}
