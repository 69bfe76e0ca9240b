/// The cards of one column in order, answering "which card is at index i" and "at which
/// index is this card" without scanning the column.
///
/// A sorted list split into blocks of at most ``maximumBlockSize`` slots (the layout of
/// Python's `sortedcontainers`): an insert or removal binary-searches the block and shifts
/// within it only; a lookup by index walks the block sizes. At 50,000 cards that is about
/// 200 blocks, so every operation touches a few hundred words.
public struct ColumnOrder: Sendable, Equatable {
    private var blocks: [[OrderedSlot]] = []
    /// The number of cards.
    public private(set) var count = 0

    static let maximumBlockSize = 256

    /// Two orders are equal when they hold the same slots, however their blocks are split.
    public static func == (lhs: ColumnOrder, rhs: ColumnOrder) -> Bool {
        lhs.count == rhs.count && lhs.blocks.joined().elementsEqual(rhs.blocks.joined())
    }

    public init() {}

    /// Builds the order from slots in any order (sorting only when they are not sorted yet).
    public init(_ slots: [OrderedSlot]) {
        let isSorted = slots.indices.dropFirst().allSatisfy { slots[$0 - 1] < slots[$0] }
        let sorted = isSorted ? slots : slots.sorted()
        count = sorted.count
        let half = ColumnOrder.maximumBlockSize / 2
        blocks = stride(from: 0, to: sorted.count, by: half).map { Array(sorted[$0..<min($0 + half, sorted.count)]) }
    }

    public var isEmpty: Bool { count == 0 }

    /// The last slot (the highest), or `nil` for an empty column.
    public var last: OrderedSlot? { blocks.last?.last }

    /// Every slot, first to last.
    public var slots: [OrderedSlot] { blocks.flatMap { $0 } }

    /// Calls `body` with every slot, first to last, without gathering them into an array.
    public func forEachSlot(_ body: (OrderedSlot) throws -> Void) rethrows {
        for block in blocks {
            for slot in block { try body(slot) }
        }
    }

    /// Adds `slot` in its place.
    public mutating func insert(_ slot: OrderedSlot) {
        count += 1
        guard !blocks.isEmpty else {
            blocks = [[slot]]
            return
        }
        let blockIndex = min(blockIndex(for: slot), blocks.count - 1)
        let position = ColumnOrder.insertionPoint(of: slot, in: blocks[blockIndex])
        blocks[blockIndex].insert(slot, at: position)
        if blocks[blockIndex].count > ColumnOrder.maximumBlockSize {
            let upperHalf = Array(blocks[blockIndex][(ColumnOrder.maximumBlockSize / 2)...])
            blocks[blockIndex].removeSubrange((ColumnOrder.maximumBlockSize / 2)...)
            blocks.insert(upperHalf, at: blockIndex + 1)
        }
    }

    /// Removes `slot`; returns whether it was there.
    @discardableResult
    public mutating func remove(_ slot: OrderedSlot) -> Bool {
        let blockIndex = blockIndex(for: slot)
        guard blockIndex < blocks.count else { return false }
        let position = ColumnOrder.insertionPoint(of: slot, in: blocks[blockIndex])
        guard position < blocks[blockIndex].count, blocks[blockIndex][position] == slot else { return false }
        blocks[blockIndex].remove(at: position)
        if blocks[blockIndex].isEmpty { blocks.remove(at: blockIndex) }
        count -= 1
        return true
    }

    /// The index of `slot`, or `nil` when it is not in this column.
    public func index(of slot: OrderedSlot) -> Int? {
        let blockIndex = blockIndex(for: slot)
        guard blockIndex < blocks.count else { return nil }
        let position = ColumnOrder.insertionPoint(of: slot, in: blocks[blockIndex])
        guard position < blocks[blockIndex].count, blocks[blockIndex][position] == slot else { return nil }
        return blocks[..<blockIndex].reduce(position) { $0 + $1.count }
    }

    /// The slot at `index` (0 ..< count).
    public subscript(index: Int) -> OrderedSlot {
        precondition(index >= 0 && index < count, "ColumnOrder index out of range")
        var remaining = index
        for block in blocks {
            if remaining < block.count { return block[remaining] }
            remaining -= block.count
        }
        preconditionFailure("ColumnOrder count out of step with its blocks")
    }

    /// The first block whose last slot is not below `slot` (`blocks.count` when none).
    private func blockIndex(for slot: OrderedSlot) -> Int {
        var low = 0
        var high = blocks.count
        while low < high {
            let middle = (low + high) / 2
            if blocks[middle][blocks[middle].count - 1] < slot { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private static func insertionPoint(of slot: OrderedSlot, in block: [OrderedSlot]) -> Int {
        var low = 0
        var high = block.count
        while low < high {
            let middle = (low + high) / 2
            if block[middle] < slot { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
