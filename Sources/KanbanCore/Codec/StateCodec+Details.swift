/// The details section of a layout-2, 3 or 4 snapshot (see ``StateCodec``): every card's and
/// board's details, cards and boards by id so the same state always encodes to the same bytes.
extension StateCodec {
    /// Writes the details of `state` in layout `version` (2 to 4): per card, each family's part
    /// in this order (`Families/`).
    static func encodeDetails(of state: KanbanState, into writer: inout ByteWriter, version: UInt8) {
        writer.write(count: state.details.count)
        for (id, details) in state.details.sorted(by: { $0.key < $1.key }) {
            writer.write(id.raw)
            encodeAssignees(of: details, into: &writer)
            encodeLabels(of: details, into: &writer)
            encodeDueMark(of: details, into: &writer)
            encodeChecklist(of: details, into: &writer)
            encodeComments(of: details, into: &writer)
            encodeLinks(of: details, into: &writer)
        }
        writer.write(count: state.boardDetails.count)
        for (id, details) in state.boardDetails.sorted(by: { $0.key < $1.key }) {
            writer.write(id.raw)
            encodeMembers(of: details, into: &writer)
            encodeLabels(of: details, into: &writer)
            encodeLimits(of: details, into: &writer, version: version)
            if version >= accessVersion { encodeAccess(of: details, into: &writer) }
        }
    }

    /// Reads the details section of layout `version` (2 to 4) into `state`; no count may
    /// exceed `limit`.
    static func decodeDetails(from reader: inout ByteReader, into state: inout KanbanState, limit: Int, version: UInt8) throws(EventDecodingError) {
        for _ in 0..<(try readCount(from: &reader, limit: limit)) {
            let id = CardID(try reader.readIdentifier())
            var details = CardDetails()
            try decodeAssignees(from: &reader, into: &details, limit: limit)
            try decodeLabels(from: &reader, into: &details, limit: limit)
            try decodeDueMark(from: &reader, into: &details)
            try decodeChecklist(from: &reader, into: &details, limit: limit)
            try decodeComments(from: &reader, into: &details, limit: limit, version: version)
            try decodeLinks(from: &reader, into: &details, limit: limit)
            guard state.details[id] == nil else { throw .malformed("details of card \(id) twice", at: reader.offset) }
            state.details[id] = details.isEmpty ? nil : details
        }
        for _ in 0..<(try readCount(from: &reader, limit: limit)) {
            let id = BoardID(try reader.readIdentifier())
            var details = BoardDetails()
            try decodeMembers(from: &reader, into: &details, limit: limit)
            try decodeLabels(from: &reader, into: &details, limit: limit)
            try decodeLimits(from: &reader, into: &details, limit: limit, version: version)
            if version >= accessVersion { try decodeAccess(from: &reader, into: &details, limit: limit) }
            guard state.boardDetails[id] == nil else { throw .malformed("details of board \(id) twice", at: reader.offset) }
            state.boardDetails[id] = details.isEmpty ? nil : details
        }
    }

    /// A count in the details section: at most `limit`.
    static func readCount(from reader: inout ByteReader, limit: Int) throws(EventDecodingError) -> Int {
        let count = try reader.readCount()
        guard count <= limit else { throw .malformed("count \(count)", at: reader.offset) }
        return count
    }

    /// A list of names: its count, then each.
    static func writeStrings(_ list: [String], into writer: inout ByteWriter) {
        writer.write(count: list.count)
        for text in list { writer.write(text) }
    }

    /// A list of names as ``writeStrings(_:into:)`` writes it.
    static func readStrings(from reader: inout ByteReader, limit: Int) throws(EventDecodingError) -> [String] {
        var list: [String] = []
        for _ in 0..<(try readCount(from: &reader, limit: limit)) { list.append(try reader.readString()) }
        return list
    }
}
