import Foundation
import HTTPTypes
import Hummingbird
import KanbanCore

/// Reading a request's query parameters, each bad value a 400 naming it.
struct QueryValues {
    let request: Request

    /// The text of `name`, `nil` when absent or empty.
    func text(_ name: String) -> String? {
        guard let value = request.uri.queryParameters[name[...]], !value.isEmpty else { return nil }
        return String(value)
    }

    /// `name` as a whole number from `minimum` to `maximum`: any other text, a number out of
    /// that range or one too large for `Number` is a 400 naming both bounds.
    func integer<Number: FixedWidthInteger>(_ name: String, minimum: Number = 0, maximum: Number = .max) throws -> Number? {
        guard let text = text(name) else { return nil }
        // Digits only (and a leading minus where negatives are allowed): Swift's parsing takes "+5".
        let unsigned = minimum < 0 && text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard unsigned.isASCIIDigits, let value = Number(text), value >= minimum, value <= maximum else {
            let range = maximum == .max ? "of at least \(minimum)" : "from \(minimum) to \(maximum)"
            throw APIError(.badRequest, "'\(name)' must be a whole number \(range), not '\(text.prefix(40))'")
        }
        return value
    }

    /// `name` as SEQ or DATE.
    func pointInTime(_ name: String) throws -> PointInTime? {
        try text(name).map { text throws(KanbanError) in try PointInTime(parsing: text) }
    }

    /// `name` as a DATE, its first moment.
    func start(_ name: String) throws -> Timestamp? {
        try text(name).map { text throws(KanbanError) in try Due(parsing: text).start }
    }

    /// The history language: `lang`, else the browser's first of en/ko/fr, else English.
    func language() throws -> HistoryLanguage {
        if let text = text("lang") {
            guard let language = HistoryLanguage(rawValue: text) else {
                throw APIError(.badRequest, "'lang' must be en, ko or fr, not '\(text)'")
            }
            return language
        }
        let accepted = request.headers[.acceptLanguage] ?? ""
        for part in accepted.split(separator: ",") {
            let tag = part.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            if let language = HistoryLanguage(rawValue: String(tag.prefix(2))) { return language }
        }
        return .english
    }
}
