import Foundation
import KanbanCore

extension BoardID {
    /// The 16 bytes a board is stored as: its identifier's two words, big-endian, so that the
    /// bytes sort as the ids do.
    var storedBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        for word in [raw.high, raw.low] {
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return bytes
    }

    /// ``storedBytes`` as a GRDB argument.
    var storedData: Data { Data(storedBytes) }

    /// The board stored as `bytes`, `nil` unless they are 16.
    init?(storedBytes bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 16 else { return nil }
        var high: UInt64 = 0, low: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        self.init(Identifier(high: high, low: low))
    }

    /// The board stored as `data`, `nil` unless it is 16 bytes.
    init?(storedData data: Data) {
        guard let board = data.withUnsafeBytes({ BoardID(storedBytes: $0) }) else { return nil }
        self = board
    }
}
