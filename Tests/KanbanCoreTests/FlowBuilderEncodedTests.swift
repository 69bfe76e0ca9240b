import Foundation
import KanbanCore
import PropertyBased
import Testing

/// The fast path (``FlowBuilder/consume(encoded:sequence:)``) on any bytes: never a trap.
struct FlowBuilderEncodedTests {
    @Test("Random events of every kind, for the board or not, at any time, folded from their bytes: no trap, and a report")
    func randomEvents() async {
        await propertyCheck(count: 100, input: Gen.uint64()) { seed in
            var random = SeededGenerator(seed: seed)
            let board = BoardID(Identifier(high: 1, low: 1))
            var builder = FlowBuilder(board: board, timeZone: TimeZone(identifier: "Asia/Seoul")!)
            for _ in 0..<60 {
                var event = RandomEvents.event(of: EventKind.allCases.randomElement(using: &random)!, using: &random)
                if Bool.random(using: &random) { event.board = board }
                var bytes = EventCodec.encode(event)
                // Now and then a damaged copy: a byte flipped or the tail cut.
                if Int.random(in: 0..<4, using: &random) == 0, !bytes.isEmpty {
                    if Bool.random(using: &random) {
                        bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
                    } else {
                        bytes.removeLast(Int.random(in: 1...bytes.count, using: &random))
                    }
                }
                _ = try? bytes.withUnsafeBytes { try builder.consume(encoded: $0, sequence: event.sequence) }
            }
            for end in [Int64.min, 0, Int64.max] {
                let report = builder.report(since: nil, end: Timestamp(millisecondsSinceEpoch: end))
                #expect(report.days.count <= Int(FlowBuilder.maximumDays))
                #expect(report.days.allSatisfy { $0.counts.count == report.columns.count })
                #expect(report.cards.allSatisfy { $0.inColumn.count == report.columns.count && $0.lead >= 0 })
            }
        }
    }
}
