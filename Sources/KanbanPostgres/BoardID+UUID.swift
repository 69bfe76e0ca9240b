import Foundation
import KanbanCore

extension BoardID {
    /// The id as Foundation's `UUID`, as the `uuid` columns hold it.
    var uuid: UUID {
        let words = (raw.high.bigEndian, raw.low.bigEndian)
        return withUnsafeBytes(of: words) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }

    /// The board whose id `uuid` is.
    init(_ uuid: UUID) {
        let raw = withUnsafeBytes(of: uuid.uuid) { bytes in
            Identifier(
                high: UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)),
                low: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            )
        }
        self.init(raw)
    }
}
