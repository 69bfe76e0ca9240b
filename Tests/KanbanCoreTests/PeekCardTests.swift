import KanbanCore
import PropertyBased
import Testing

/// ``EventCodec/peekCard(_:)``: the card an encoded event concerns, as its payload says.
struct PeekCardTests {
    @Test("For every kind but the compound ones, the card read from the bytes is the payload's card")
    func everyKind() async {
        let kinds = EventKind.allCases.filter { !$0.isCompound }
        for kind in kinds {
            await propertyCheck(count: 20, input: RandomEvents.generator(of: kind)) { event in
                let bytes = EventCodec.encode(event)
                #expect(bytes.withUnsafeBytes { EventCodec.peekCard($0) } == event.payload.card, "\(kind)")
            }
        }
    }
}
