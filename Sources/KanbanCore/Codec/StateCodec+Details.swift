/// The details section of a layout-2 or layout-3 snapshot (see ``StateCodec``): every card's and
/// board's details, cards and boards by id so the same state always encodes to the same bytes.
extension StateCodec {
    /// Writes the details of `state` in layout `version` (2 or 3).
    static func encodeDetails(of state: KanbanState, into writer: inout ByteWriter, version: UInt8) {
        func strings(_ list: [String]) {
            writer.write(count: list.count)
            for text in list { writer.write(text) }
        }
        writer.write(count: state.details.count)
        for (id, details) in state.details.sorted(by: { $0.key < $1.key }) {
            writer.write(id.raw)
            strings(details.assignees)
            strings(details.labels)
            writer.write(details.dueDone ? 1 : 0)
            writer.write(count: details.checklist.count)
            for item in details.checklist {
                writer.write(item.id.raw)
                writer.write(item.checklist)
                writer.write(item.text)
                writer.write(item.done ? 1 : 0)
            }
            writer.write(count: details.comments.count)
            for comment in details.comments { EventCodec.encodeComment(comment, into: &writer) }
            writer.write(count: details.links.count)
            for link in details.links {
                writer.write(link.id.raw)
                writer.write(link.url)
                writer.write(link.name)
            }
        }
        writer.write(count: state.boardDetails.count)
        for (id, details) in state.boardDetails.sorted(by: { $0.key < $1.key }) {
            writer.write(id.raw)
            strings(details.members)
            writer.write(count: details.labels.count)
            for label in details.labels {
                writer.write(label.name)
                writer.write(label.colour)
            }
            writer.write(count: details.limits.count)
            for (column, limit) in details.limits.sorted(by: { $0.key < $1.key }) {
                writer.write(column.raw)
                writer.write(count: limit)
                if version >= markedDetailsVersion { writer.write(details.strictLimits.contains(column) ? 1 : 0) }
            }
        }
    }

    /// Reads the details section of layout `version` (2 or 3) into `state`.
    static func decodeDetails(from reader: inout ByteReader, into state: inout KanbanState, limit: Int, version: UInt8) throws(EventDecodingError) {
        let marked = version >= markedDetailsVersion
        func count() throws(EventDecodingError) -> Int {
            let count = try reader.readCount()
            guard count <= limit else { throw .malformed("count \(count)", at: reader.offset) }
            return count
        }
        func strings() throws(EventDecodingError) -> [String] {
            var list: [String] = []
            for _ in 0..<(try count()) { list.append(try reader.readString()) }
            return list
        }
        for _ in 0..<(try count()) {
            let id = CardID(try reader.readIdentifier())
            var details = CardDetails()
            details.assignees = try strings()
            details.labels = try strings()
            details.dueDone = try EventCodec.decodeFlag(from: &reader)
            for _ in 0..<(try count()) {
                details.checklist.append(ChecklistItem(
                    id: DetailID(try reader.readIdentifier()), checklist: try reader.readString(), text: try reader.readString(),
                    done: try EventCodec.decodeFlag(from: &reader)
                ))
            }
            for _ in 0..<(try count()) { details.comments.append(try EventCodec.decodeComment(from: &reader, edited: marked)) }
            for _ in 0..<(try count()) {
                details.links.append(CardLink(id: DetailID(try reader.readIdentifier()), url: try reader.readString(), name: try reader.readString()))
            }
            guard state.details[id] == nil else { throw .malformed("details of card \(id) twice", at: reader.offset) }
            state.details[id] = details.isEmpty ? nil : details
        }
        for _ in 0..<(try count()) {
            let id = BoardID(try reader.readIdentifier())
            var details = BoardDetails()
            details.members = try strings()
            for _ in 0..<(try count()) { details.labels.append(BoardLabel(name: try reader.readString(), colour: try reader.readString())) }
            for _ in 0..<(try count()) {
                let column = ColumnID(try reader.readIdentifier())
                details.limits[column] = try reader.readCount()
                if marked, try EventCodec.decodeFlag(from: &reader) { details.strictLimits.insert(column) }
            }
            guard state.boardDetails[id] == nil else { throw .malformed("details of board \(id) twice", at: reader.offset) }
            state.boardDetails[id] = details.isEmpty ? nil : details
        }
    }
}
