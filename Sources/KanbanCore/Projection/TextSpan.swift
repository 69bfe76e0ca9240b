/// A text still in the bytes it was read from (an event in the log's map), not yet a string
/// of its own: replay keeps a card's title and description this way while later events may
/// still replace them, and makes the strings once, at the end (``CardTable/endDeferringTexts()``).
///
/// It is one pointer, to the text's length as the event encodes it (a varint) with the text's
/// bytes after it, both checked when the event was read (bounds, and that the bytes are
/// UTF-8), so eight bytes a text wait in memory, not sixteen. `Sendable` because the bytes it
/// points at are never written while it is held (a read transaction's map); a state replayed
/// on one thread and handed to another carries spans only until its replay ends.
struct TextSpan: @unchecked Sendable {
    /// Where the text's encoded length starts, or `nil` for no text at all (the card's own
    /// string stands).
    let lengthAt: UnsafeRawPointer?

    /// No text deferred.
    static let none = TextSpan(lengthAt: nil)

    /// Whether it holds a text (possibly an empty one).
    var isText: Bool { lengthAt != nil }

    /// The text as a string of its own (`""` for none).
    var string: String {
        guard let lengthAt else { return "" }
        // The length was read once already, through every check, from these same bytes.
        var count = 0
        var shift = 0
        var offset = 0
        while true {
            let byte = lengthAt.load(fromByteOffset: offset, as: UInt8.self)
            offset += 1
            count |= Int(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return String(decoding: UnsafeRawBufferPointer(start: lengthAt + offset, count: count), as: UTF8.self)
    }
}
