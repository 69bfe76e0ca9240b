import Kanban
import KanbanCore
import LMDBStorage

/// A replica's state with its queue applied, as a read last found it, kept in the replica store
/// so that the next read applies only the changes queued since (``Replica/boardViewWithPending(named:now:timeZone:)``).
///
/// It is a cache, used only while everything it was found from still holds: the synced log
/// (its last sequence, and the size and root of its audit tree, so a log put back from another
/// copy of the same length does not pass), the client id, and the queue up to the last change
/// folded in — numbers only grow, so the changes after it are the ones queued since, and the
/// count of changes up to it must still be the count folded in (a change settled by a sync,
/// refused, or renumbered by a client switch fails this, besides the store dropping the view
/// then). A value that is not one, fails its checksum or does not decode is ignored, and the
/// view found again from the queue.
///
/// Value: `KRPV` · u8 format (1) · u64 LE XXH64 checksum of the rest · u8 state layout ·
/// u64 LE log end · u64 LE audit size · u8 root length · root · u64 LE last change folded in ·
/// u64 LE changes folded in · u16 LE client id length · client id (UTF-8) · u32 LE touched
/// count · touched card ids (16 bytes each, big-endian words) · the state (`StateCodec`).
struct PendingView {
    /// What the view was found from, besides the queue.
    struct Basis: Equatable {
        /// The synced log's last sequence.
        var logEnd: UInt64
        /// The audit tree's size and root over the synced log.
        var auditSize: UInt64
        var auditRoot: [UInt8]
        /// The client id the queue is numbered under.
        var client: String
    }

    var basis: Basis
    /// The number of the last change folded in (0: none).
    var folded: UInt64
    /// How many changes were folded in.
    var foldedCount: UInt64
    /// The cards the changes folded in touched.
    var touched: Set<CardID>

    static let magic: [UInt8] = Array("KRPV".utf8)
    static let format: UInt8 = 1
    /// Magic, format and checksum.
    static let prefixSize = 4 + 1 + 8

    /// The stored form of `state` (the synced state with the changes folded in) under this
    /// view's basis, checksum and touched cards.
    func encoded(state: KanbanState) -> [UInt8] {
        var rest: [UInt8] = []
        let payload = StateCodec.encode(state)
        rest.reserveCapacity(64 + basis.auditRoot.count + basis.client.utf8.count + touched.count * 16 + payload.count)
        rest.append(StateCodec.version(of: state))
        Self.append(basis.logEnd, to: &rest)
        Self.append(basis.auditSize, to: &rest)
        rest.append(UInt8(clamping: basis.auditRoot.count))
        rest += basis.auditRoot.prefix(255)
        Self.append(folded, to: &rest)
        Self.append(foldedCount, to: &rest)
        let client = Array(basis.client.utf8.prefix(Int(UInt16.max)))
        withUnsafeBytes(of: UInt16(client.count).littleEndian) { rest.append(contentsOf: $0) }
        rest += client
        withUnsafeBytes(of: UInt32(clamping: touched.count).littleEndian) { rest.append(contentsOf: $0) }
        // Sorted: the same view always stores the same bytes.
        for card in touched.sorted() {
            withUnsafeBytes(of: card.raw.high.bigEndian) { rest.append(contentsOf: $0) }
            withUnsafeBytes(of: card.raw.low.bigEndian) { rest.append(contentsOf: $0) }
        }
        rest += payload
        var bytes = Self.magic
        bytes.reserveCapacity(Self.prefixSize + rest.count)
        bytes.append(Self.format)
        let checksum = rest.withUnsafeBytes(Checksum.xxh64)
        withUnsafeBytes(of: checksum.littleEndian) { bytes.append(contentsOf: $0) }
        bytes += rest
        return bytes
    }

    /// The view `bytes` hold, with its state's layout and where the state starts; `nil` when
    /// they are not one this build reads, or fail the checksum. Any bytes may come: nothing here traps.
    static func decodeHeader(_ bytes: UnsafeRawBufferPointer) -> (view: PendingView, layout: UInt8, state: UnsafeRawBufferPointer)? {
        guard bytes.count >= prefixSize, bytes.starts(with: magic), bytes[4] == format else { return nil }
        let checksum = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 5, as: UInt64.self))
        let rest = UnsafeRawBufferPointer(rebasing: bytes[prefixSize...])
        guard Checksum.xxh64(rest) == checksum else { return nil }
        var offset = 0
        func take(_ count: Int) -> UnsafeRawBufferPointer? {
            guard count >= 0, count <= rest.count - offset else { return nil }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: rest[offset..<(offset + count)])
        }
        func word() -> UInt64? { take(8).map { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) } }
        guard let layout = take(1)?.first, StateCodec.readableVersions.contains(layout),
              let logEnd = word(), let auditSize = word(),
              let rootLength = take(1)?.first, let root = take(Int(rootLength)),
              let folded = word(), let foldedCount = word(),
              let clientLength = take(2).map({ Int(UInt16(littleEndian: $0.loadUnaligned(as: UInt16.self))) }),
              let client = take(clientLength),
              let touchedCount = take(4).map({ Int(UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))) }),
              touchedCount <= (rest.count - offset) / 16
        else { return nil }
        var touched = Set<CardID>(minimumCapacity: touchedCount)
        for _ in 0..<touchedCount {
            guard let id = take(16) else { return nil }
            let high = UInt64(bigEndian: id.loadUnaligned(as: UInt64.self))
            let low = UInt64(bigEndian: id.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            touched.insert(CardID(Identifier(high: high, low: low)))
        }
        let basis = Basis(logEnd: logEnd, auditSize: auditSize, auditRoot: Array(root), client: String(decoding: client, as: UTF8.self))
        let view = PendingView(basis: basis, folded: folded, foldedCount: foldedCount, touched: touched)
        return (view, layout, UnsafeRawBufferPointer(rebasing: rest[offset...]))
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
