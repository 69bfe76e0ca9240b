import Kanban
import KanbanCore

/// `kanban board --json` (and the server's board answer) written straight into bytes: exactly the
/// bytes ``OutputJSON/encode(_:)`` makes of a ``BoardOutput`` — compact, keys sorted, `/` not
/// escaped, `sequence` left out when `nil`, `due` written as `null` — at a fraction of the cost.
///
/// Foundation's `JSONEncoder` spent most of a 50,000-card board's time (issue #13); this writer
/// reserves the buffer once and copies each string's UTF-8 whole when nothing in it needs escaping.
/// Strings are escaped as Foundation escapes them: `"` and `\` with a backslash, `\b \f \n \r \t`,
/// the other control characters U+0000–U+001F as `\u00xx` (lowercase hex), everything else
/// (DEL, U+2028, non-ASCII) as its raw UTF-8.
///
/// For example:
/// ```swift
/// let bytes = BoardJSON.encode(BoardOutput(view: view))
/// // {"board":"main","columns":[{"cards":[],"name":"TODO"}]}
/// ```
public enum BoardJSON {
    /// `board` as compact JSON text, without a trailing newline; byte for byte what
    /// `OutputJSON.encode(board)` returns.
    public static func encode(_ board: BoardOutput) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(estimatedCount(board))
        write(board, into: &bytes)
        return bytes
    }

    /// The board of `view` as compact JSON text, without a trailing newline: the same bytes as
    /// `encode(BoardOutput(view: view, sequence: sequence))`, written from the view without
    /// making the ``BoardOutput`` first (no id strings, no copies of the cards' text).
    public static func encode(view: BoardView, sequence: UInt64? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(estimatedCount(view))
        write(view, sequence: sequence, into: &bytes)
        return bytes
    }

    /// Writes the board of `view` as compact JSON text to `sink`, about `chunkSize` bytes at a
    /// time: the bytes of ``encode(view:sequence:)`` without holding them all (a board of
    /// 250,000 cards is 27 MB of JSON).
    public static func write(
        view: BoardView, sequence: UInt64? = nil, chunkSize: Int = 1 << 18, to sink: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        try writeInChunks(of: chunkSize, to: sink) { bytes, flush in try write(view, sequence: sequence, into: &bytes, flush: flush) }
    }

    /// Calls `write` with a buffer and a `flush` that hands the buffer to `sink` once it holds
    /// `chunkSize` bytes or more, then hands over what is left: JSON written in chunks, never
    /// held whole.
    static func writeInChunks(
        of chunkSize: Int, to sink: (UnsafeRawBufferPointer) throws -> Void,
        _ write: (inout [UInt8], _ flush: (inout [UInt8]) throws -> Void) throws -> Void
    ) rethrows {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(chunkSize + 4096)
        // The flush only hands bytes to `sink`, never back into `write`: no re-entry.
        try withoutActuallyEscaping(sink) { sink in
            try write(&bytes) { bytes in
                guard bytes.count >= chunkSize else { return }
                try bytes.withUnsafeBytes(sink)
                bytes.removeAll(keepingCapacity: true)
            }
        }
        try bytes.withUnsafeBytes(sink)
    }

    /// Appends the board of `view` as compact JSON text to `bytes`.
    public static func write(_ view: BoardView, sequence: UInt64? = nil, into bytes: inout [UInt8]) {
        write(view, sequence: sequence, into: &bytes) { _ in }
    }

    /// Appends the board of `view` to `bytes`, calling `flush` after every card (it may empty
    /// `bytes` once it has passed them on).
    private static func write(
        _ view: BoardView, sequence: UInt64?, into bytes: inout [UInt8], flush: (inout [UInt8]) throws -> Void
    ) rethrows {
        append(#"{"board":"#, to: &bytes)
        writeString(view.name, into: &bytes)
        append(#","columns":["#, to: &bytes)
        for columnIndex in view.columns.indices {
            if columnIndex > 0 { bytes.append(UInt8(ascii: ",")) }
            append(#"{"cards":["#, to: &bytes)
            try view.columns[columnIndex].cards.withUnsafeBufferPointer { cards in
                guard let first = cards.baseAddress else { return }
                for index in cards.indices {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    write(first + index, into: &bytes)
                    try flush(&bytes)
                }
            }
            let column = view.columns[columnIndex]
            writeColumnEnd(limit: column.limit, name: column.name, isStrict: column.isStrict, into: &bytes)
        }
        writeBoardEnd(details: view.details, sequence: sequence, into: &bytes)
    }

    /// Ends a column whose cards are written: the list's close, then its limit, name and
    /// strictness, as ``BoardColumnOutput`` writes them.
    static func writeColumnEnd(limit: Int?, name: String, isStrict: Bool, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "]"))
        writeLimit(limit, into: &bytes)
        append(#","name":"#, to: &bytes)
        writeString(name, into: &bytes)
        if isStrict { append(#","strict":true"#, to: &bytes) }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Ends a board whose columns are written: the list's close, then the board's details,
    /// `sequence` and visibility, as ``BoardOutput`` writes them.
    static func writeBoardEnd(details: BoardDetails, sequence: UInt64?, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "]"))
        writeBoardDetails(
            labels: details.labels.isEmpty ? nil : details.labels.map(BoardLabelOutput.init),
            members: details.members.isEmpty ? nil : details.members,
            roles: details.roles.isEmpty ? nil : details.roles.mapValues(\.rawValue), into: &bytes
        )
        if let sequence {
            append(#","sequence":"#, to: &bytes)
            writeInteger(sequence, into: &bytes)
        }
        writeVisibility(details.visibility == .open ? nil : details.visibility.rawValue, into: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// A card of a view, as ``BoardCardOutput`` writes it. Read in place: a copy of each card
    /// (and its release) cost a tenth of a large board's time.
    private static func write(_ card: UnsafePointer<BoardView.CardView>, into bytes: inout [UInt8]) {
        if card.pointee.details != nil {
            write(BoardCardOutput(view: card.pointee), into: &bytes)
            return
        }
        append(#"{"description":"#, to: &bytes)
        writeString(card.pointee.card.description, into: &bytes)
        append(#","due":"#, to: &bytes)
        if let due = card.pointee.card.due {
            writeDue(due, into: &bytes)
        } else {
            append("null", to: &bytes)
        }
        append(#","id":""#, to: &bytes)
        writeIdentifier(card.pointee.card.id.raw, into: &bytes)
        append(card.pointee.isOverdue ? #"","overdue":true,"title":"# : #"","overdue":false,"title":"#, to: &bytes)
        writeString(card.pointee.card.title, into: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Room for the board of `view` when few of its characters need escaping.
    static func estimatedCount(_ view: BoardView) -> Int {
        var count = 64 + view.name.utf8.count
        for column in view.columns {
            count += 32 + column.name.utf8.count
            for card in column.cards {
                // Keys, quotes and commas: 78 bytes; a 36-character id; a due date of 24 at most.
                count += 140 + card.card.description.utf8.count + card.card.title.utf8.count
            }
        }
        return count
    }

    /// Appends `board` as compact JSON text to `bytes`.
    public static func write(_ board: BoardOutput, into bytes: inout [UInt8]) {
        // Keys in sorted order: board, columns, sequence.
        append(#"{"board":"#, to: &bytes)
        writeString(board.board, into: &bytes)
        append(#","columns":["#, to: &bytes)
        for (index, column) in board.columns.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(column, into: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        writeBoardDetails(labels: board.labels, members: board.members, roles: board.roles, into: &bytes)
        if let sequence = board.sequence {
            append(#","sequence":"#, to: &bytes)
            writeInteger(sequence, into: &bytes)
        }
        writeVisibility(board.visibility, into: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// A column: `{"cards":[…],"name":…}`, with `"limit"` and `"strict"` when it has them.
    private static func write(_ column: BoardColumnOutput, into bytes: inout [UInt8]) {
        append(#"{"cards":["#, to: &bytes)
        column.cards.withUnsafeBufferPointer { cards in
            for index in cards.indices {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(cards[index], into: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "]"))
        writeLimit(column.limit, into: &bytes)
        append(#","name":"#, to: &bytes)
        writeString(column.name, into: &bytes)
        if column.strict == true { append(#","strict":true"#, to: &bytes) }
        bytes.append(UInt8(ascii: "}"))
    }

    /// `,"limit":N` when there is one.
    private static func writeLimit(_ limit: Int?, into bytes: inout [UInt8]) {
        guard let limit else { return }
        append(#","limit":"#, to: &bytes)
        append(contentsOf: String(limit), to: &bytes)
    }

    /// `,"visibility":…` when the board is not open.
    private static func writeVisibility(_ visibility: String?, into bytes: inout [UInt8]) {
        guard let visibility else { return }
        append(#","visibility":"#, to: &bytes)
        writeString(visibility, into: &bytes)
    }

    /// `,"labels":[…]`, `,"members":[…]` and `,"roles":{…}` (members' roles other than editor,
    /// by name), each when there are some.
    private static func writeBoardDetails(labels: [BoardLabelOutput]?, members: [String]?, roles: [String: String]?, into bytes: inout [UInt8]) {
        if let labels {
            append(#","labels":["#, to: &bytes)
            for (index, label) in labels.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                append(#"{"colour":"#, to: &bytes)
                writeString(label.colour, into: &bytes)
                append(#","name":"#, to: &bytes)
                writeString(label.name, into: &bytes)
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(UInt8(ascii: "]"))
        }
        if let members {
            append(#","members":["#, to: &bytes)
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(member, into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        if let roles {
            append(#","roles":{"#, to: &bytes)
            for (index, (person, role)) in roles.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(person, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                writeString(role, into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends ASCII text made at run time.
    private static func append(contentsOf text: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A card: `{"description":…,"due":…|null,"id":…,"overdue":true|false,"title":…}`. A card
    /// with details (rare, and with keys in between) is written by the encoder itself.
    static func write(_ card: BoardCardOutput, into bytes: inout [UInt8]) {
        if card.hasDetails, let data = try? OutputJSON.encode(card) {
            bytes.append(contentsOf: data)
            return
        }
        append(#"{"description":"#, to: &bytes)
        writeString(card.description, into: &bytes)
        append(#","due":"#, to: &bytes)
        if let due = card.due {
            writeString(due, into: &bytes)
        } else {
            append("null", to: &bytes)
        }
        append(#","id":"#, to: &bytes)
        writeString(card.id, into: &bytes)
        append(card.overdue ? #","overdue":true,"title":"# : #","overdue":false,"title":"#, to: &bytes)
        writeString(card.title, into: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Room for `board` when few of its characters need escaping: its strings' UTF-8 plus the
    /// fixed text around them.
    static func estimatedCount(_ board: BoardOutput) -> Int {
        var count = 64 + board.board.utf8.count
        for column in board.columns {
            count += 32 + column.name.utf8.count
            for card in column.cards {
                // Keys, quotes and commas: 78 bytes; a `null` due, a 36-character id.
                count += 80 + card.description.utf8.count + card.title.utf8.count + card.id.utf8.count + (card.due?.utf8.count ?? 4)
            }
        }
        return count
    }

    /// Appends a fixed piece of ASCII text.
    @inline(__always)
    static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `text` as a JSON string, quotes included.
    static func writeString(_ text: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            writeEscaped(utf8, into: &bytes)
        }
        if copied == nil {
            Array(text.utf8).withUnsafeBufferPointer { writeEscaped($0, into: &bytes) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `utf8` escaped: runs that need no escape are copied whole, found eight bytes at a time.
    static func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>, into bytes: inout [UInt8]) {
        guard let base = utf8.baseAddress else { return }
        let count = utf8.count
        var runStart = 0
        var index = 0
        while index < count {
            if count - index >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                if !needsEscape(word) {
                    index += 8
                    continue
                }
            }
            let byte = base[index]
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
            writeEscape(of: byte, into: &bytes)
            index += 1
            runStart = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart))
    }

    /// Whether any of the eight bytes of `word` is a control character, a quote or a backslash
    /// (the "has less" and "has zero" bit tricks: exact for "any", which is all that is asked).
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let control = (word &- ones &* 0x20) & ~word
        let quote = (quotes &- ones) & ~quotes
        let backslash = (backslashes &- ones) & ~backslashes
        return (control | quote | backslash) & highs != 0
    }

    /// Appends the escape Foundation writes for `byte`, a quote, a backslash or a control character.
    private static func writeEscape(of byte: UInt8, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        default:
            let hexDigits: StaticString = "0123456789abcdef"
            append("u00", to: &bytes)
            bytes.append(hexDigits.utf8Start[Int(byte >> 4)])
            bytes.append(hexDigits.utf8Start[Int(byte & 0x0F)])
        }
    }

    /// Appends `identifier` as ``KanbanCore/Identifier/description`` writes it: a lowercase UUID.
    static func writeIdentifier(_ identifier: Identifier, into bytes: inout [UInt8]) {
        let hexDigits: StaticString = "0123456789abcdef"
        // Written into a 36-byte buffer, then appended at once: 36 appends cost 5 % of a board.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            var position = 0
            for index in 0..<32 {
                if index == 8 || index == 12 || index == 16 || index == 20 {
                    text[position] = UInt8(ascii: "-")
                    position += 1
                }
                let word = index < 16 ? identifier.high : identifier.low
                text[position] = hexDigits.utf8Start[Int((word >> UInt64(60 - (index % 16) * 4)) & 0xF)]
                position += 1
            }
            bytes.append(contentsOf: text)
        }
    }

    /// Appends `due` as a JSON string: its `description`, a day of years 0–9999 written
    /// straight as `"YYYY-MM-DD"` (no `String` made for it).
    static func writeDue(_ due: Due, into bytes: inout [UInt8]) {
        guard case .day(let day) = due, case let (year, month, dayOfMonth) = day.components, (0...9999).contains(year) else {
            writeString(due.description, into: &bytes)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 12) { text in
            func digits(_ value: Int, count: Int, at start: Int) {
                var rest = value
                for offset in (0..<count).reversed() {
                    text[start + offset] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            text[0] = UInt8(ascii: "\"")
            digits(year, count: 4, at: 1)
            text[5] = UInt8(ascii: "-")
            digits(month, count: 2, at: 6)
            text[8] = UInt8(ascii: "-")
            digits(dayOfMonth, count: 2, at: 9)
            text[11] = UInt8(ascii: "\"")
            bytes.append(contentsOf: text)
        }
    }

    /// Appends `value` in decimal, without making a `String`.
    private static func writeInteger(_ value: UInt64, into bytes: inout [UInt8]) {
        let start = bytes.count
        var rest = value
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        bytes[start...].reverse()
    }
}
