import Kanban
import KanbanCore
import KanbanOutput
import NIOCore

/// The text of the live stream (`text/event-stream`): one event per committed event, and
/// comment lines that keep proxies from closing a quiet stream.
enum ServerSentEvent {
    /// `id: SEQ`, `event: KIND`, `data: the log --json object`, then a blank line.
    static func event(_ event: RecordedEvent) throws -> ByteBuffer {
        var text = "id: \(event.sequence)\nevent: \(event.payload.kind.name)\ndata: "
        text += String(decoding: try OutputJSON.encode(EventOutput(event: event)), as: UTF8.self)
        text += "\n\n"
        return ByteBuffer(string: text)
    }

    /// `id: END`, `event: reset`, `data: {"lastSequence": END, "asked": SEQ}`: the client asked
    /// to resume after SEQ, past this log's end, so what it shows is not this log's; it should
    /// fetch everything again. The id moves its `Last-Event-ID` back to the log's end.
    static func reset(lastSequence: UInt64, asked: UInt64) -> ByteBuffer {
        ByteBuffer(string: "id: \(lastSequence)\nevent: reset\ndata: {\"asked\":\(asked),\"lastSequence\":\(lastSequence)}\n\n")
    }

    /// `event: ack`, `data: SyncAckOutput`: a push of the stream's client committed. No `id`: it
    /// is not an event of the log, and leaves the stream's `Last-Event-ID` alone.
    static func ack(_ json: some Sequence<UInt8>) -> ByteBuffer {
        var buffer = ByteBuffer(string: "event: ack\ndata: ")
        buffer.writeBytes(Array(json))
        buffer.writeString("\n\n")
        return buffer
    }

    /// A comment line, which clients ignore.
    static func comment(_ text: String) -> ByteBuffer {
        ByteBuffer(string: ": \(text)\n\n")
    }

    /// Tells the browser to wait this long before reconnecting after the stream ends.
    static func retry(milliseconds: Int) -> ByteBuffer {
        ByteBuffer(string: "retry: \(milliseconds)\n\n")
    }
}
