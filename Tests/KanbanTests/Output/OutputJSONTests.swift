import Foundation
import Kanban
import KanbanOutput
import KanbanTestSupport
import Testing

/// The shared encoder every `--json` form goes through.
struct OutputJSONTests {
    @Test("Compact, keys sorted, slashes not escaped, the same text every time")
    func configuration() throws {
        let card = BoardCardOutput(id: "a/b", title: "x\"y\\z\n\t\u{1}é 회의 🎉", description: "", due: nil, overdue: false)
        let text = String(decoding: try OutputJSON.encode(card), as: UTF8.self)
        #expect(text == #"{"description":"","due":null,"id":"a/b","overdue":false,"title":"x\"y\\z\n\t\u0001é 회의 🎉"}"#)
        // Sorted keys make the text a function of the value, from one process to the next.
        for _ in 0..<5 { #expect(String(decoding: try OutputJSON.encode(card), as: UTF8.self) == text) }
    }

    @Test("Whole numbers of seconds print without a fraction, others with it")
    func numbers() throws {
        #expect(String(decoding: try OutputJSON.encode(GenerateOutput(events: 3, seconds: 2, eventsPerSecond: 2_083_333)), as: UTF8.self)
            == #"{"events":3,"eventsPerSecond":2083333,"seconds":2}"#)
        #expect(String(decoding: try OutputJSON.encode(GenerateOutput(events: 3, seconds: 0.48, eventsPerSecond: 6)), as: UTF8.self)
            == #"{"events":3,"eventsPerSecond":6,"seconds":0.48}"#)
    }
}
