import KanbanCore

extension BoardJSON {
    /// Writes `board` as compact JSON text to `sink`, about `chunkSize` bytes at a time: the bytes
    /// ``write(view:sequence:chunkSize:to:)`` writes of the board's view, read where the cards
    /// lie in the state's table (no view is made: at 117,000 cards its copy of the cards was a
    /// fifth of the memory `board --at --json` touched), and each text read in place.
    public static func write(
        laidOut board: LaidOutBoard, sequence: UInt64? = nil, chunkSize: Int = 1 << 18, to sink: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        try writeInChunks(of: chunkSize, to: sink) { bytes, flush in try write(board, sequence: sequence, into: &bytes, flush: flush) }
    }

    /// Appends `board` to `bytes`, calling `flush` after every card, as the view's writer does.
    private static func write(
        _ board: LaidOutBoard, sequence: UInt64?, into bytes: inout [UInt8], flush: (inout [UInt8]) throws -> Void
    ) rethrows {
        append(#"{"board":"#, to: &bytes)
        writeString(board.board.name, into: &bytes)
        append(#","columns":["#, to: &bytes)
        for (number, column) in board.columns.enumerated() {
            if number > 0 { bytes.append(UInt8(ascii: ",")) }
            append(#"{"cards":["#, to: &bytes)
            var isFirst = true
            try board.forEachCard(of: column) { card, isOverdue, details in
                if !isFirst { bytes.append(UInt8(ascii: ",")) }
                isFirst = false
                if let details {
                    write(BoardCardOutput(view: BoardView.CardView(card: card.pointee, isOverdue: isOverdue, details: details)), into: &bytes)
                } else {
                    write(card, isOverdue: isOverdue, into: &bytes)
                }
                try flush(&bytes)
            }
            writeColumnEnd(limit: column.limit, name: column.name, isStrict: column.isStrict, into: &bytes)
        }
        writeBoardEnd(details: board.details, sequence: sequence, into: &bytes)
    }

    /// A card without details, as ``BoardCardOutput`` writes it, its texts read in place: a
    /// `String` read through a pointer is copied (retained and released) to be passed on.
    private static func write(_ card: UnsafeMutablePointer<Card>, isOverdue: Bool, into bytes: inout [UInt8]) {
        append(#"{"description":"#, to: &bytes)
        writeString(inPlace: &card.pointee.description, into: &bytes)
        append(#","due":"#, to: &bytes)
        if let due = card.pointee.due {
            writeDue(due, into: &bytes)
        } else {
            append("null", to: &bytes)
        }
        append(#","id":""#, to: &bytes)
        writeIdentifier(card.pointee.id.raw, into: &bytes)
        append(isOverdue ? #"","overdue":true,"title":"# : #"","overdue":false,"title":"#, to: &bytes)
        writeString(inPlace: &card.pointee.title, into: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends `text` as a JSON string, quotes included, read where it lies (`withUTF8` leaves a
    /// native string as it is).
    private static func writeString(inPlace text: inout String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8 { writeEscaped($0, into: &bytes) }
        bytes.append(UInt8(ascii: "\""))
    }
}
