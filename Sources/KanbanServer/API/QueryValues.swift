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
        try dateText(name).map { text throws(KanbanError) in try PointInTime(parsing: text) }
    }

    /// `name` as a DATE, its first moment.
    func start(_ name: String) throws -> Timestamp? {
        try dateText(name).map { text throws(KanbanError) in try Due(parsing: text).start }
    }

    /// `name` as a DATE, its last moment.
    func end(_ name: String) throws -> Timestamp? {
        try dateText(name).map { text throws(KanbanError) in try Due(parsing: text).end }
    }

    /// The text of `name` for a date or a point in time, with a `+` right after the date
    /// (`2026-12-01+09:30`) read as the space between date and time. A client that encodes its
    /// query as a form does (URLSearchParams, HTML forms, Python's requests) sends that space
    /// as `+`, which this server otherwise takes as a plus sign; right after a date it cannot
    /// be one, as a date alone takes no offset.
    func dateText(_ name: String) -> String? {
        guard let text = text(name) else { return nil }
        var bytes = Array(text.utf8)
        let isDate = bytes.count > 10 && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
            && [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) }
        guard isDate, bytes[10] == UInt8(ascii: "+") else { return text }
        bytes[10] = UInt8(ascii: " ")
        return String(decoding: bytes, as: UTF8.self)
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
