import KanbanCore
import PropertyBased
import Testing

/// ``ColumnOrder`` against the simplest model of it: a sorted array.
struct ColumnOrderTests {
    static func slot(key: Int64, fraction: [UInt8] = [], card: UInt64) -> OrderedSlot {
        OrderedSlot(key: OrderKey(integer: key, fraction: fraction), card: CardID(Identifier(high: 0, low: card)))
    }

    /// Checks every query of `order` against `model`.
    static func check(_ order: ColumnOrder, against model: [OrderedSlot], probes: [OrderedSlot]) {
        #expect(order.count == model.count)
        #expect(order.isEmpty == model.isEmpty)
        #expect(order.slots == model)
        for (index, slot) in model.enumerated() where index % 7 == 0 || index == model.count - 1 {
            #expect(order[index] == slot)
            #expect(order.index(of: slot) == index)
        }
        for probe in probes {
            #expect(order.index(of: probe) == model.firstIndex(of: probe))
        }
    }

    @Test("Random inserts and removes match a sorted array", .timeLimit(.minutes(1)))
    func matchesSortedArray() async {
        await propertyCheck(count: 25, input: Gen.uint64(), Gen.int(in: 300...1200)) { seed, steps throws in
            var random = SeededGenerator(seed: seed)
            var order = ColumnOrder()
            var model: [OrderedSlot] = []
            var nextCard: UInt64 = 0
            func randomSlot() -> OrderedSlot {
                nextCard += 1
                // Few distinct keys, so ties broken by the card id are common.
                let fraction: [UInt8] = Bool.random(using: &random) ? [] : [UInt8.random(in: 1...255, using: &random)]
                return Self.slot(key: Int64.random(in: -20...20, using: &random), fraction: fraction, card: nextCard)
            }
            for step in 0..<steps {
                // Grow for the first two thirds, then shrink, so blocks both split and empty.
                let inserting = model.isEmpty || Int.random(in: 0..<100, using: &random) < (step < steps * 2 / 3 ? 75 : 25)
                if inserting {
                    let slot = randomSlot()
                    order.insert(slot)
                    model.insert(slot, at: model.firstIndex { slot < $0 } ?? model.count)
                } else if Int.random(in: 0..<10, using: &random) == 0 {
                    // Removing a slot that is not there changes nothing.
                    let removed = order.remove(randomSlot())
                    #expect(!removed)
                } else {
                    let slot = model.remove(at: Int.random(in: 0..<model.count, using: &random))
                    let removedOnce = order.remove(slot)
                    let removedTwice = order.remove(slot)
                    #expect(removedOnce && !removedTwice)
                }
                if step % 50 == 0 || step == steps - 1 {
                    let probes = (0..<3).map { _ in randomSlot() } + model.suffix(2)
                    Self.check(order, against: model, probes: probes)
                }
            }
        }
    }

    @Test("Building from unsorted slots matches inserting them one by one")
    func buildMatchesInserts() async {
        await propertyCheck(count: 20, input: Gen.uint64(), Gen.int(in: 0...900)) { seed, count throws in
            var random = SeededGenerator(seed: seed)
            let slots = (0..<count).map { card in
                Self.slot(key: Int64.random(in: -50...50, using: &random), card: UInt64(card))
            }
            let built = ColumnOrder(slots)
            var inserted = ColumnOrder()
            for slot in slots.shuffled(using: &random) { inserted.insert(slot) }
            let model = slots.sorted()
            Self.check(built, against: model, probes: Array(model.prefix(3)))
            Self.check(inserted, against: model, probes: Array(model.suffix(3)))
        }
    }

    @Test("index(of:) finds nothing in an empty order")
    func emptyOrder() {
        let order = ColumnOrder()
        #expect(order.isEmpty)
        #expect(order.slots.isEmpty)
        #expect(order.index(of: Self.slot(key: 0, card: 1)) == nil)
        var copy = order
        let removed = copy.remove(Self.slot(key: 0, card: 1))
        #expect(!removed)
        #expect(copy.count == 0)
    }

    @Test(
        "Orders with the same slots are equal, however they were built"
    )
    func equalityIgnoresLayout() {
        let slots = (0..<300).map { Self.slot(key: Int64($0), card: UInt64($0)) }
        var inserted = ColumnOrder()
        for slot in slots { inserted.insert(slot) }
        let built = ColumnOrder(slots)
        #expect(inserted.slots == built.slots)
        let equal = inserted == built
        #expect(equal, "same slots, different blocks: unequal")
    }
}
