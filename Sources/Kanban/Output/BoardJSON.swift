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
        if let sequence = board.sequence {
            append(#","sequence":"#, to: &bytes)
            writeInteger(sequence, into: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// A column: `{"cards":[…],"name":…}`.
    private static func write(_ column: BoardColumnOutput, into bytes: inout [UInt8]) {
        append(#"{"cards":["#, to: &bytes)
        for (index, card) in column.cards.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(card, into: &bytes)
        }
        append(#"],"name":"#, to: &bytes)
        writeString(column.name, into: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// A card: `{"description":…,"due":…|null,"id":…,"overdue":true|false,"title":…}`.
    private static func write(_ card: BoardCardOutput, into bytes: inout [UInt8]) {
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
    private static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `text` as a JSON string, quotes included.
    private static func writeString(_ text: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            writeEscaped(utf8, into: &bytes)
        }
        if copied == nil {
            writeEscaped(Array(text.utf8), into: &bytes)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `utf8` escaped: runs that need no escape are copied whole.
    private static func writeEscaped(_ utf8: some Collection<UInt8>, into bytes: inout [UInt8]) {
        var runStart = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                utf8.formIndex(after: &index)
                continue
            }
            bytes.append(contentsOf: utf8[runStart..<index])
            writeEscape(of: byte, into: &bytes)
            utf8.formIndex(after: &index)
            runStart = index
        }
        bytes.append(contentsOf: utf8[runStart..<index])
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
