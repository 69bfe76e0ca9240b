import Foundation

extension Due {
    /// Parses an ISO 8601 date (`2026-12-01`) or date-time (`2026-12-01T09:30`,
    /// `2026-12-01T09:30:00Z`, `2026-12-01T09:30:00.250+09:00`). A date-time without an offset
    /// is read in `timeZone`. Throws ``KanbanError/malformedDate(_:)`` for anything else.
    public init(parsing text: String, timeZone: TimeZone = .current) throws(KanbanError) {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
              let month = scanner.number(digits: 2), scanner.skip("-"),
              let dayOfMonth = scanner.number(digits: 2),
              let day = CalendarDay(year: year, month: month, day: dayOfMonth)
        else { throw .malformedDate(text) }
        if scanner.isAtEnd {
            self = .day(day)
            return
        }
        guard scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
              let hour = scanner.number(digits: 2), hour < 24, scanner.skip(":"),
              let minute = scanner.number(digits: 2), minute < 60
        else { throw .malformedDate(text) }
        var second = 0
        var millisecond = 0
        if scanner.skip(":") {
            guard let value = scanner.number(digits: 2), value < 60 else { throw .malformedDate(text) }
            second = value
            if scanner.skip(".") || scanner.skip(",") {
                guard let (fraction, count) = scanner.fraction() else { throw .malformedDate(text) }
                millisecond = count >= 3 ? fraction / Int(pow(10, Double(count - 3))) : fraction * Int(pow(10, Double(3 - count)))
            }
        }
        let localMilliseconds = day.daysSinceEpoch * 86_400_000
            + Int64(hour * 3_600_000 + minute * 60_000 + second * 1000 + millisecond)
        let offsetSeconds: Int
        if scanner.isAtEnd {
            // Local time: take the zone's offset at that wall-clock time (checked twice across a change).
            let guess = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(localMilliseconds) / 1000))
            let instant = Double(localMilliseconds) / 1000 - Double(guess)
            offsetSeconds = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: instant))
        } else if scanner.skip("Z") || scanner.skip("z") {
            offsetSeconds = 0
        } else {
            let sign: Int
            if scanner.skip("+") { sign = 1 } else if scanner.skip("-") { sign = -1 } else { throw .malformedDate(text) }
            guard let hours = scanner.number(digits: 2), hours <= 18 else { throw .malformedDate(text) }
            _ = scanner.skip(":")
            guard let minutes = scanner.number(digits: 2), minutes < 60 else { throw .malformedDate(text) }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        }
        guard scanner.isAtEnd else { throw .malformedDate(text) }
        self = .moment(Timestamp(millisecondsSinceEpoch: localMilliseconds - Int64(offsetSeconds) * 1000))
    }
}

/// Reads fixed-width numbers and separators from ASCII bytes.
private struct DigitScanner {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    mutating func skip(_ separator: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: separator) else { return false }
        position += 1
        return true
    }

    mutating func number(digits: Int) -> Int? {
        guard position + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[position..<position + digits] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        position += digits
        return value
    }

    mutating func fraction() -> (value: Int, digits: Int)? {
        var value = 0
        var count = 0
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            if count < 9 { value = value * 10 + Int(bytes[position] - UInt8(ascii: "0")); count += 1 }
            position += 1
        }
        return count == 0 ? nil : (value, count)
    }
}
