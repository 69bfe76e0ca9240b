import Foundation
import KanbanTestSupport

/// The outline of an OpenAPI document in YAML, read by indentation alone (no YAML library):
/// its operations (`paths:` → two spaces before a path, four before a method) with the lines
/// of each, the components it defines (`components:` → two spaces before a section, four
/// before a name), and the components its `$ref`s name. Enough to hold the hand-written
/// document to the router, not a YAML parser: it expects block style, as the document is.
struct OpenAPIOutline {
    /// One operation: a lowercase method and a path with `{name}` parameters.
    struct Operation: Hashable, Comparable, CustomStringConvertible, Sendable {
        var method: String
        var path: String

        var description: String { "\(method.uppercased()) \(path)" }

        static func < (lhs: Operation, rhs: Operation) -> Bool {
            (lhs.path, lhs.method) < (rhs.path, rhs.method)
        }
    }

    /// The HTTP methods an OpenAPI path item may hold.
    static let methods: Set<String> = ["get", "put", "post", "patch", "delete", "head", "options", "trace"]

    /// Every operation, with the lines under its method (deeper than four spaces).
    private(set) var operations: [Operation: [String]] = [:]
    /// The names under each section of `components:` (`schemas`, `parameters`, …).
    private(set) var components: [String: Set<String>] = [:]
    /// Every `$ref: '#/components/SECTION/NAME'`, as `SECTION/NAME`.
    private(set) var references: Set<String> = []

    init(yaml text: String) throws {
        var block: String?
        var path: String?
        var operation: Operation?
        var section: String?
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            let content = line.drop { $0 == " " }
            guard !content.isEmpty, !content.hasPrefix("#") else { continue }
            if content.hasPrefix("\t") { throw HarnessError(message: "line \(number + 1): a tab in the indentation") }
            let indent = line.count - content.count
            if let reference = Self.reference(in: content) { references.insert(reference) }
            if indent == 0 {
                block = Self.key(of: content)
                (path, operation, section) = (nil, nil, nil)
                continue
            }
            switch block {
            case "paths":
                if indent == 2, let key = Self.key(of: content) {
                    path = key
                    operation = nil
                } else if indent == 4 {
                    operation = nil
                    if let key = Self.key(of: content), Self.methods.contains(key) {
                        guard let path else { throw HarnessError(message: "line \(number + 1): a method outside a path") }
                        let found = Operation(method: key, path: path)
                        guard operations[found] == nil else { throw HarnessError(message: "line \(number + 1): \(found) twice") }
                        operations[found] = []
                        operation = found
                    }
                } else if indent > 4, let operation {
                    operations[operation, default: []].append(String(content))
                }
            case "components":
                if indent == 2 {
                    section = Self.key(of: content)
                } else if indent == 4, let section, let key = Self.key(of: content) {
                    components[section, default: []].insert(key)
                }
            default:
                break
            }
        }
    }

    /// The key of a `key:` or `key: value` line (quotes taken off), `nil` for other lines.
    static func key(of content: Substring) -> String? {
        guard !content.hasPrefix("- ") else { return nil }
        let key: Substring
        if content.hasSuffix(":") {
            key = content.dropLast()
        } else if let separator = content.range(of: ": ") {
            key = content[..<separator.lowerBound]
        } else {
            return nil
        }
        if key.count >= 2, let first = key.first, first == key.last, first == "'" || first == "\"" {
            return String(key.dropFirst().dropLast())
        }
        return String(key)
    }

    /// `SECTION/NAME` of a line holding `$ref: '#/components/SECTION/NAME'`.
    static func reference(in content: Substring) -> String? {
        guard let start = content.range(of: "$ref: ") else { return nil }
        let target = content[start.upperBound...].trimmingCharacters(in: ["'", "\"", " "])
        let prefix = "#/components/"
        return target.hasPrefix(prefix) ? String(target.dropFirst(prefix.count)) : target
    }
}

/// Block-style YAML, the subset the document is written in, read into a `JSONTree`: mappings
/// and sequences by indentation (`- key: value` items included), `[a, b]` flow sequences of
/// scalars and `{}`, single- and double-quoted and plain scalars, and `|` / `|-` block text.
/// Anything else — a tab, an anchor or tag, a plain scalar holding `: ` or ` #` or running on to
/// the next line, a key twice, a flow collection over several lines — is an error naming its
/// line, so the document stays in the form every YAML reader reads alike.
enum YAMLTree {
    static func parse(_ text: String) throws -> JSONTree {
        var reader = Reader(lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        reader.skipBlank()
        guard reader.index < reader.lines.count else { return .null }
        let tree = try reader.block(indent: Reader.indent(of: reader.lines[reader.index]))
        reader.skipBlank()
        guard reader.index == reader.lines.count else { throw reader.failure("text after the document") }
        return tree
    }

    private struct Reader {
        var lines: [String]
        var index = 0

        func failure(_ message: String) -> HarnessError {
            HarnessError(message: "YAML line \(index + 1): \(message)")
        }

        static func indent(of line: String) -> Int { line.prefix { $0 == " " }.count }

        /// Empty, spaces only, or a comment.
        static func isBlank(_ line: String) -> Bool {
            let content = line.drop { $0 == " " }
            return content.isEmpty || content.hasPrefix("#")
        }

        static func isItem(_ content: Substring) -> Bool { content == "-" || content.hasPrefix("- ") }

        mutating func skipBlank() {
            while index < lines.count, Self.isBlank(lines[index]) { index += 1 }
        }

        /// The mapping or sequence whose first line is the current one, at `indent`.
        mutating func block(indent: Int) throws -> JSONTree {
            let content = lines[index].dropFirst(indent)
            if content.hasPrefix("\t") { throw failure("a tab in the indentation") }
            return Self.isItem(content) ? try sequence(indent: indent) : try mapping(indent: indent)
        }

        mutating func mapping(indent: Int) throws -> JSONTree {
            var members: [String: JSONTree] = [:]
            while true {
                skipBlank()
                guard index < lines.count else { break }
                let line = lines[index]
                let lineIndent = Self.indent(of: line)
                if lineIndent < indent { break }
                guard lineIndent == indent else { throw failure("indented deeper than the keys around it") }
                let content = line.dropFirst(indent)
                if content.hasPrefix("\t") { throw failure("a tab in the indentation") }
                if Self.isItem(content) { throw failure("a sequence item among a mapping's keys") }
                guard let (key, rest) = try splitKey(String(content)) else { throw failure("not a `key: value` line") }
                guard members[key] == nil else { throw failure("the key '\(key)' twice") }
                index += 1
                members[key] = try value(rest, indent: indent)
            }
            return .object(members)
        }

        mutating func sequence(indent: Int) throws -> JSONTree {
            var items: [JSONTree] = []
            while true {
                skipBlank()
                guard index < lines.count else { break }
                let line = lines[index]
                let lineIndent = Self.indent(of: line)
                if lineIndent < indent { break }
                guard lineIndent == indent else { throw failure("indented deeper than the items around it") }
                let content = line.dropFirst(indent)
                // A key at the sequence's own indentation belongs to the mapping around it.
                guard Self.isItem(content) else { break }
                let item = content.dropFirst().drop { $0 == " " }
                let itemIndent = indent + content.count - item.count
                if item.isEmpty {
                    index += 1
                    items.append(try value("", indent: indent))
                } else if try splitKey(String(item)) != nil {
                    // `- key: value`: a mapping that starts on this line, its keys in line with `key`.
                    lines[index] = String(repeating: " ", count: itemIndent) + item
                    items.append(try mapping(indent: itemIndent))
                } else {
                    index += 1
                    items.append(try inline(String(item)))
                    try expectNoContinuation(indent: indent)
                }
            }
            return .array(items)
        }

        /// The value after `key:` on a line at `indent` (`rest` is what follows the colon).
        mutating func value(_ rest: String, indent: Int) throws -> JSONTree {
            let text = rest.trimmingCharacters(in: .whitespaces)
            if text.isEmpty {
                skipBlank()
                guard index < lines.count else { return .null }
                let next = lines[index]
                let nextIndent = Self.indent(of: next)
                if nextIndent > indent { return try block(indent: nextIndent) }
                if nextIndent == indent, Self.isItem(next.dropFirst(indent)) { return try sequence(indent: indent) }
                return .null
            }
            if text == "|" || text == "|-" { return .string(blockText(indent: indent, keepingLineEnd: text == "|")) }
            if let first = text.first, "|>&*!".contains(first) { throw failure("'\(first)' (only | and |- block text, no anchors, aliases or tags)") }
            let node = try inline(text)
            try expectNoContinuation(indent: indent)
            return node
        }

        /// The lines deeper than `indent` as text, their common indentation taken off.
        mutating func blockText(indent: Int, keepingLineEnd: Bool) -> String {
            var collected: [String] = []
            var blockIndent: Int?
            while index < lines.count {
                let line = lines[index]
                if line.allSatisfy({ $0 == " " }) {
                    collected.append("")
                    index += 1
                    continue
                }
                let lineIndent = Self.indent(of: line)
                if lineIndent <= indent || lineIndent < (blockIndent ?? 0) { break }
                if blockIndent == nil { blockIndent = lineIndent }
                collected.append(String(line.dropFirst(blockIndent ?? 0)))
                index += 1
            }
            while collected.last == "" { collected.removeLast() }
            let text = collected.joined(separator: "\n")
            return keepingLineEnd && !text.isEmpty ? text + "\n" : text
        }

        /// A scalar value must end on its line.
        mutating func expectNoContinuation(indent: Int) throws {
            skipBlank()
            if index < lines.count, Self.indent(of: lines[index]) > indent {
                throw failure("a value running on to this line (quote it, or use | block text)")
            }
        }

        /// `key` and what follows its colon, for a `key: value` or `key:` line; `nil` for a line
        /// that is a value alone.
        func splitKey(_ content: String) throws -> (String, String)? {
            if let quote = content.first, quote == "'" || quote == "\"" {
                var position = content.index(after: content.startIndex)
                while position < content.endIndex {
                    let character = content[position]
                    position = content.index(after: position)
                    if character == "\\", quote == "\"", position < content.endIndex {
                        position = content.index(after: position)
                    } else if character == quote {
                        if quote == "'", position < content.endIndex, content[position] == "'" {
                            position = content.index(after: position)
                            continue
                        }
                        let after = content[position...]
                        guard after == ":" || after.hasPrefix(": ") else { return nil }
                        guard case .string(let key) = try scalar(String(content[..<position])) else { return nil }
                        return (key, String(after.dropFirst()))
                    }
                }
                throw failure("a quote never closed")
            }
            if content.hasPrefix("[") || content.hasPrefix("{") { return nil }
            if let separator = content.range(of: ": ") {
                return (String(content[..<separator.lowerBound]), String(content[separator.upperBound...]))
            }
            return content.hasSuffix(":") ? (String(content.dropLast()), "") : nil
        }

        /// A scalar, `[a, b]` or `{}`.
        func inline(_ text: String) throws -> JSONTree {
            if text.hasPrefix("[") {
                guard text.hasSuffix("]") else { throw failure("a flow sequence over several lines") }
                let inner = text.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
                return .array(inner.isEmpty ? [] : try splitFlow(inner).map { try scalar($0) })
            }
            if text.hasPrefix("{") {
                guard text == "{}" else { throw failure("a flow mapping other than {}") }
                return .object([:])
            }
            return try scalar(text)
        }

        /// The items of a flow sequence, split at commas outside quotes.
        func splitFlow(_ text: String) throws -> [String] {
            var parts: [String] = []
            var current = ""
            var quote: Character?
            for character in text {
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "'" || character == "\"" {
                    quote = character
                } else if character == "," {
                    parts.append(current.trimmingCharacters(in: .whitespaces))
                    current = ""
                    continue
                } else if "[]{}".contains(character) {
                    throw failure("a nested flow collection")
                }
                current.append(character)
            }
            parts.append(current.trimmingCharacters(in: .whitespaces))
            return parts
        }

        func scalar(_ raw: String) throws -> JSONTree {
            let text = raw.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("'") {
                guard text.count >= 2, text.hasSuffix("'") else { throw failure("a quote never closed") }
                let inner = String(text.dropFirst().dropLast())
                guard !inner.replacingOccurrences(of: "''", with: "").contains("'") else { throw failure("a lone ' inside '…'") }
                return .string(inner.replacingOccurrences(of: "''", with: "'"))
            }
            if text.hasPrefix("\"") {
                guard let parsed = try? JSONTree(parsing: text), case .string = parsed else { throw failure("a \"…\" string JSON does not read") }
                return parsed
            }
            guard let first = text.first else { return .null }
            if text.contains(": ") || text.hasSuffix(":") || text.contains(" #") {
                throw failure("a plain value holding ': ' or ' #' (quote it)")
            }
            if "`@&*!|>%'\"[]{},?".contains(first) || (first == "-" && text.dropFirst().first == " ") {
                throw failure("a plain value starting with '\(first)' (quote it)")
            }
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null", "~": return .null
            default: break
            }
            let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
                return Int64(text).map(JSONTree.integer) ?? .number(Double(text) ?? .nan)
            }
            let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }), let number = Double(text) {
                return .number(number)
            }
            return .string(text)
        }
    }
}

/// The OpenAPI document read whole (``YAMLTree``): its operations, parameters, answers and
/// schemas, `$ref`s followed, and a checker of values against its schemas.
struct OpenAPIDocument: Sendable {
    let root: JSONTree

    init(yaml: String) throws {
        root = try YAMLTree.parse(yaml)
    }

    /// What `#/…` names.
    func target(of reference: String) throws -> JSONTree {
        guard reference.hasPrefix("#/") else { throw HarnessError(message: "\(reference): only references inside the document are read") }
        var node = root
        for part in reference.dropFirst(2).split(separator: "/") {
            let key = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let next = node[key] else { throw HarnessError(message: "\(reference) names nothing") }
            node = next
        }
        return node
    }

    /// `node`, or what its `$ref` names (to the end of a chain of references).
    func resolved(_ node: JSONTree) throws -> JSONTree {
        var node = node
        for _ in 0..<16 {
            guard case .string(let reference)? = node["$ref"] else { return node }
            node = try target(of: reference)
        }
        throw HarnessError(message: "a chain of $ref too long")
    }

    /// The schema named `name` under `components/schemas`.
    func schema(_ name: String) throws -> JSONTree {
        try target(of: "#/components/schemas/\(name)")
    }

    /// Every operation.
    var operations: [OpenAPIOutline.Operation] {
        (root["paths"]?.members ?? [:]).flatMap { path, item in
            (item.members ?? [:]).keys.filter(OpenAPIOutline.methods.contains).map { OpenAPIOutline.Operation(method: $0, path: path) }
        }.sorted()
    }

    func operation(_ operation: OpenAPIOutline.Operation) throws -> JSONTree {
        guard let found = root["paths"]?[operation.path]?[operation.method] else { throw HarnessError(message: "\(operation) is not in the document") }
        return found
    }

    /// The operation's parameters, the path's and its own, references followed.
    func parameters(of operation: OpenAPIOutline.Operation) throws -> [JSONTree] {
        let shared = root["paths"]?[operation.path]?["parameters"]?.elements ?? []
        let own = try self.operation(operation)["parameters"]?.elements ?? []
        return try (shared + own).map(resolved)
    }

    /// The statuses its `responses` list.
    func statuses(of operation: OpenAPIOutline.Operation) throws -> Set<Int> {
        Set(try self.operation(operation)["responses"]?.members?.keys.compactMap { Int($0) } ?? [])
    }

    /// Its answer with `status`, references followed; `nil` when undocumented.
    func response(of operation: OpenAPIOutline.Operation, status: Int) throws -> JSONTree? {
        try self.operation(operation)["responses"]?[String(status)].map(resolved)
    }

    /// Whether it takes a request body.
    func takesBody(_ operation: OpenAPIOutline.Operation) throws -> Bool {
        try self.operation(operation)["requestBody"] != nil
    }

    /// Where `value` breaks `schema`, one line each; none when it conforms. One step stricter
    /// than JSON Schema: a key of an object that nothing in its schema describes (no
    /// `properties` entry or `additionalProperties`, through `$ref`, `allOf` and the branches
    /// of `oneOf`/`anyOf` that match) is a problem too — what the server sends is documented.
    func problems(_ value: JSONTree, against schema: JSONTree, at path: String = "$") -> [String] {
        let (problems, evaluated) = evaluate(value, schema, at: path)
        // Keys no branch describes are noise when no branch matched at all.
        guard case .object(let members) = value, !problems.contains(where: { $0.hasPrefix("\(path): matches none of") }) else { return problems }
        return problems + members.keys.filter { !evaluated.contains($0) }.sorted().map { "\(path).\($0): a key the document does not describe" }
    }

    /// The problems of `value` against `schema` itself (undescribed keys left to the caller), and
    /// which of its keys the schema describes.
    private func evaluate(_ value: JSONTree, _ schema: JSONTree, at path: String) -> (problems: [String], evaluated: Set<String>) {
        var problems: [String] = []
        var evaluated: Set<String> = []
        if case .bool(let accepted) = schema { return (accepted ? [] : ["\(path): no value is allowed"], []) }
        guard let keywords = schema.members else { return (["\(path): a schema that is not an object"], []) }
        if case .string(let reference)? = keywords["$ref"] {
            do {
                let (found, keys) = evaluate(value, try target(of: reference), at: path)
                problems += found
                evaluated.formUnion(keys)
            } catch {
                problems.append("\(path): \(error)")
            }
        }
        for part in keywords["allOf"]?.elements ?? [] {
            let (found, keys) = evaluate(value, part, at: path)
            problems += found
            evaluated.formUnion(keys)
        }
        for (keyword, exactlyOne) in [("oneOf", true), ("anyOf", false)] {
            guard let branches = keywords[keyword]?.elements else { continue }
            let results = branches.map { evaluate(value, $0, at: path) }
            let matching = results.filter(\.problems.isEmpty)
            if matching.isEmpty {
                let closest = results.min { $0.problems.count < $1.problems.count }?.problems ?? []
                problems.append("\(path): matches none of \(keyword) (closest: \(closest.joined(separator: "; ")))")
            } else if exactlyOne, matching.count > 1 {
                problems.append("\(path): matches \(matching.count) branches of oneOf")
            }
            for result in matching { evaluated.formUnion(result.evaluated) }
        }
        if let types = keywords["type"] {
            let names = types.elements?.compactMap { if case .string(let name) = $0 { name } else { nil } } ?? (types.stringValue.map { [$0] } ?? [])
            if !names.contains(where: { Self.value(value, hasType: $0) }) {
                problems.append("\(path): \(value) is not \(names.joined(separator: " or "))")
                return (problems, evaluated)
            }
        }
        if let constant = keywords["const"], !Self.same(value, constant) { problems.append("\(path): \(value) is not \(constant)") }
        if let options = keywords["enum"]?.elements, !options.contains(where: { Self.same(value, $0) }) {
            problems.append("\(path): \(value) is none of \(options.map(\.description).joined(separator: ", "))")
        }
        switch value {
        case .string(let text):
            let length = text.unicodeScalars.count
            if let minimum = keywords["minLength"]?.numberValue, Double(length) < minimum { problems.append("\(path): shorter than \(Int(minimum))") }
            if let maximum = keywords["maxLength"]?.numberValue, Double(length) > maximum { problems.append("\(path): longer than \(Int(maximum))") }
            if let pattern = keywords["pattern"]?.stringValue, !Self.matches(text, pattern) {
                problems.append("\(path): \(value) does not match \(pattern)")
            }
            if let format = keywords["format"]?.stringValue, let problem = Self.formatProblem(text, format) { problems.append("\(path): \(problem)") }
        case .integer, .number:
            let number = value.numberValue ?? .nan
            if let minimum = keywords["minimum"]?.numberValue, number < minimum { problems.append("\(path): \(value) is below \(minimum)") }
            if let maximum = keywords["maximum"]?.numberValue, number > maximum { problems.append("\(path): \(value) is above \(maximum)") }
        case .array(let elements):
            if let maximum = keywords["maxItems"]?.numberValue, Double(elements.count) > maximum { problems.append("\(path): more than \(Int(maximum)) items") }
            if let items = keywords["items"] {
                for (offset, element) in elements.enumerated() { problems += self.problems(element, against: items, at: "\(path)[\(offset)]") }
            }
        case .object(let members):
            let required = keywords["required"]?.elements?.compactMap(\.stringValue) ?? []
            for key in required where members[key] == nil { problems.append("\(path).\(key): missing") }
            let properties = keywords["properties"]?.members ?? [:]
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                if let property = properties[key] {
                    problems += self.problems(member, against: property, at: "\(path).\(key)")
                    evaluated.insert(key)
                } else if let additional = keywords["additionalProperties"] {
                    problems += self.problems(member, against: additional, at: "\(path).\(key)")
                    evaluated.insert(key)
                }
            }
        default:
            break
        }
        return (problems, evaluated)
    }

    /// Whether the query value `text` is one `parameter` takes: an empty value when
    /// `allowEmptyValue` says so, else the value as its schema reads it (a number for an
    /// integer schema, the text for a string one).
    func accepts(_ text: String, parameter: JSONTree) throws -> Bool {
        if text.isEmpty { return parameter["allowEmptyValue"] == .bool(true) }
        guard let schema = parameter["schema"] else { throw HarnessError(message: "a parameter without a schema") }
        return try accepts(text, schema: schema)
    }

    private func accepts(_ text: String, schema: JSONTree) throws -> Bool {
        let schema = try resolved(schema)
        if let branches = schema["oneOf"]?.elements {
            return try branches.filter { try accepts(text, schema: $0) }.count == 1
        }
        if let branches = schema["anyOf"]?.elements, try !branches.contains(where: { try accepts(text, schema: $0) }) { return false }
        let value: JSONTree
        switch schema["type"]?.stringValue {
        case "integer", "number":
            let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            value = Int64(text).map(JSONTree.integer) ?? .number(Double(text) ?? .nan)
        case "boolean":
            guard text == "true" || text == "false" else { return false }
            value = .bool(text == "true")
        default:
            value = .string(text)
        }
        return problems(value, against: schema).isEmpty
    }

    static func value(_ value: JSONTree, hasType type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object): true
        case ("integer", .integer), ("number", .integer), ("number", .number): true
        case ("integer", .number(let number)): number.rounded() == number
        default: false
        }
    }

    /// Equal as JSON values (`1` and `1.0` alike).
    static func same(_ value: JSONTree, _ other: JSONTree) -> Bool {
        if let number = value.numberValue, let otherNumber = other.numberValue { return number == otherNumber }
        return value == other
    }

    /// Whether `pattern` (an ECMA-262 regular expression, unanchored) finds a match in `text`.
    static func matches(_ text: String, _ pattern: String) -> Bool {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// What is wrong with `text` as a `format`, `nil` when nothing (or the format is a number's).
    static func formatProblem(_ text: String, _ format: String) -> String? {
        let patterns = [
            "uuid": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
            "date": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
            "date-time": "^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$",
        ]
        guard let pattern = patterns[format] else { return "the format '\(format)' is not one this checker knows" }
        return matches(text, pattern) ? nil : "'\(text)' is not a \(format)"
    }
}

extension JSONTree {
    /// The text, for a string.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number, for an integer or another number.
    var numberValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }
}
