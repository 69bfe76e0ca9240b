/// A board's labels in a snapshot's details section: count, then each name · colour.
extension StateCodec {
    static func encodeLabels(of details: BoardDetails, into writer: inout ByteWriter) {
        writer.write(count: details.labels.count)
        for label in details.labels {
            writer.write(label.name)
            writer.write(label.colour)
        }
    }

    static func decodeLabels(from reader: inout ByteReader, into details: inout BoardDetails, limit: Int) throws(EventDecodingError) {
        for _ in 0..<(try readCount(from: &reader, limit: limit)) {
            details.labels.append(BoardLabel(name: try reader.readString(), colour: try reader.readString()))
        }
    }
}
