import KanbanCore
import PropertyBased
import Testing

struct OrderKeyTests {
    /// Keys that sit close together: a few integers, fractions of up to 12 digits drawn mostly
    /// from the digits where bisecting is delicate (0, 1, 127, 128, 255…).
    static let closeKey = Generator<OrderKey, Shrink.None<OrderKey>> { random in
        let digits: [UInt8] = [0, 1, 2, 127, 128, 129, 254, 255]
        let fraction = (0..<Int.random(in: 0...12, using: &random)).map { _ in
            Bool.random(using: &random) ? digits.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
        }
        return OrderKey(integer: Int64.random(in: -3...3, using: &random), fraction: fraction)
    }

    /// Keys spread wide, with long fractions.
    static let wideKey = Generator<OrderKey, Shrink.None<OrderKey>> { random in
        let fraction = (0..<Int.random(in: 0...20, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        return OrderKey(integer: Int64.random(in: -(1 << 40)...(1 << 40), using: &random), fraction: fraction)
    }

    /// What ordering keys means: integers first, then fractions digit by digit.
    static func modelPrecedes(_ a: OrderKey, _ b: OrderKey) -> Bool {
        a.integer != b.integer ? a.integer < b.integer : a.fraction.lexicographicallyPrecedes(b.fraction)
    }

    static func checkBetween(_ a: OrderKey, _ b: OrderKey) {
        guard a != b else { return }
        let (lower, upper) = a < b ? (a, b) : (b, a)
        let middle = OrderKey.between(lower, upper)
        #expect(lower < middle && middle < upper, "between(\(lower), \(upper)) = \(middle)")
        #expect(middle.fraction.last != 0)
        let below = OrderKey.between(nil, upper)
        #expect(below < upper, "between(nil, \(upper)) = \(below)")
        let above = OrderKey.between(lower, nil)
        #expect(lower < above, "between(\(lower), nil) = \(above)")
    }

    @Test("between gives a key strictly between two close keys")
    func betweenCloseKeys() async {
        await propertyCheck(count: 1000, input: Self.closeKey, Self.closeKey) { a, b throws in
            Self.checkBetween(a, b)
        }
    }

    @Test("between gives a key strictly between two distant keys")
    func betweenWideKeys() async {
        await propertyCheck(count: 500, input: Self.wideKey, Self.wideKey) { a, b throws in
            Self.checkBetween(a, b)
        }
    }

    @Test("Comparison orders integers, then fraction digits, also past the eighth digit")
    func comparisonMatchesModel() async {
        await propertyCheck(count: 1000, input: Self.closeKey, Self.wideKey) { a, b throws in
            for (x, y) in [(a, b), (b, a), (a, a), (OrderKey(integer: a.integer, fraction: a.fraction + [1]), a)] {
                #expect((x < y) == Self.modelPrecedes(x, y), "\(x) < \(y)")
                #expect((x == y) == (x.integer == y.integer && x.fraction == y.fraction))
            }
        }
    }

    @Test("Trailing zero digits are dropped, so equal values are equal keys")
    func trailingZeros() {
        #expect(OrderKey(integer: 1, fraction: [5, 0, 0]) == OrderKey(integer: 1, fraction: [5]))
        #expect(OrderKey(integer: 1, fraction: [5, 0, 0]).fraction == [5])
        #expect(OrderKey(integer: 2, fraction: [UInt8](repeating: 0, count: 12)) == OrderKey(integer: 2))
        let long = [UInt8](repeating: 0, count: 9) + [7, 0]
        #expect(OrderKey(integer: 0, fraction: long).fraction == Array(long.dropLast()))
        #expect(OrderKey(integer: 0, fraction: long).hashValue == OrderKey(integer: 0, fraction: Array(long.dropLast())).hashValue)
        #expect(OrderKey(integer: 0, fraction: [UInt8](repeating: 0, count: 8) + [1]) > OrderKey(integer: 0))
        #expect(OrderKey(integer: 0, fraction: [UInt8](repeating: 0, count: 8) + [1]) < OrderKey(integer: 0, fraction: [0, 0, 0, 0, 0, 0, 0, 1]))
    }

    @Test("description shows the integer and the fraction's hex digits")
    func description() {
        #expect(OrderKey(integer: 3).description == "3")
        #expect(OrderKey(integer: 3, fraction: [0x80]).description == "3.80")
        #expect(OrderKey(integer: -2, fraction: [0x0A, 0x01]).description == "-2.0a01")
        #expect(OrderKey.middle.description == "0")
    }

    @Test("10,000 appends at the tail step the integer and keep keys short")
    func appendsStayShort() {
        var keys = [OrderKey.between(nil, nil)]
        for _ in 1..<10_000 { keys.append(OrderKey.between(keys.last!, nil)) }
        for (previous, next) in zip(keys, keys.dropFirst()) {
            #expect(previous < next)
            #expect(next.integer == previous.integer + 1)
        }
        #expect(keys.map(\.fraction.count).max()! <= 4)
    }

    @Test("Repeated insertion at the head stays ordered and short")
    func headInsertions() {
        var keys = [OrderKey.between(nil, nil)]
        for _ in 0..<2_000 {
            let key = OrderKey.between(nil, keys[0])
            #expect(key < keys[0])
            keys.insert(key, at: 0)
        }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
        #expect(keys.map(\.fraction.count).max()! <= 4)
    }

    @Test("Insertion at the head near the lowest integer stays ordered, and never makes the lowest key of all")
    func headInsertionsAtTheFloor() {
        var keys = [OrderKey(integer: Int64.min + 2)]
        for _ in 0..<50 {
            let key = OrderKey.between(nil, keys[0])
            #expect(key < keys[0], "between(nil, \(keys[0])) = \(key)")
            #expect(key != OrderKey(integer: Int64.min))
            keys.insert(key, at: 0)
        }
        #expect(keys.allSatisfy { $0.integer == Int64.min || $0.integer >= Int64.min + 1 })
        // The lowest key itself (only a state built by hand holds it) gives itself back at once.
        #expect(OrderKey.between(nil, OrderKey(integer: Int64.min)) == OrderKey(integer: Int64.min))
    }

    @Test("Repeated insertion at one spot in the middle stays ordered", arguments: [1, -1])
    func middleInsertions(side: Int) {
        // Always insert right after the first key (side 1) or right before the last (side -1),
        // so the fraction is bisected again and again on one side.
        var keys = [OrderKey(integer: 0), OrderKey(integer: 1)]
        for _ in 0..<1_500 {
            let position = side > 0 ? 1 : keys.count - 1
            let key = OrderKey.between(keys[position - 1], keys[position])
            #expect(keys[position - 1] < key && key < keys[position], "between(\(keys[position - 1]), \(keys[position])) = \(key)")
            keys.insert(key, at: position)
        }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
        #expect(Set(keys).count == keys.count)
    }

    @Test("Insertion at random places keeps a list ordered and its keys distinct")
    func randomInsertions() async {
        await propertyCheck(count: 20, input: Gen.uint64()) { seed throws in
            var random = SeededGenerator(seed: seed)
            var keys: [OrderKey] = []
            for _ in 0..<600 {
                let position = Int.random(in: 0...keys.count, using: &random)
                let key = OrderKey.between(position > 0 ? keys[position - 1] : nil, position < keys.count ? keys[position] : nil)
                keys.insert(key, at: position)
            }
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
        }
    }

    @Test("Insertion in the middle of a growing list stays ordered")
    func middleOfGrowingList() {
        var keys = [OrderKey.between(nil, nil)]
        for _ in 0..<2_000 {
            let position = keys.count / 2
            let key = OrderKey.between(position > 0 ? keys[position - 1] : nil, keys[position])
            keys.insert(key, at: position)
        }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
    }
}
