import Foundation

/// The outline of an OpenAPI document in YAML, read by indentation alone (no YAML library):
/// its operations (`paths:` → two spaces before a path, four before a method) with the lines
/// of each, the components it defines (`components:` → two spaces before a section, four
/// before a name), and the components its `$ref`s name. Enough to hold the hand-written
/// document to the router, not a YAML parser: it expects block style, as the document is.
struct OpenAPIOutline {
    /// One operation: a lowercase method and a path with `{name}` parameters.
    struct Operation: Hashable, Comparable, CustomStringConvertible {
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
