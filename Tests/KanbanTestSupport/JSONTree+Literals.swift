/// JSON written as Swift literals: `["id": "…", "due": nil, "cards": [1, 2]]`.
extension JSONTree: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONTree...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONTree)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
