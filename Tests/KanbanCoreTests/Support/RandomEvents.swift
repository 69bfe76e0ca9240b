import KanbanCore
import PropertyBased

/// Random events of every kind for codec tests: random ids, strings in several scripts
/// (Korean, French, emoji, control characters, empty), optional fields, order keys with long
/// fractions, due days and moments, and negative numbers.
enum RandomEvents {
    /// A generator of events of `kind`.
    static func generator(of kind: EventKind) -> Generator<RecordedEvent, Shrink.None<RecordedEvent>> {
        Generator { random in event(of: kind, using: &random) }
    }

    /// A generator of events of any kind.
    static let anyKind = Generator<RecordedEvent, Shrink.None<RecordedEvent>> { random in
        event(of: EventKind.allCases.randomElement(using: &random)!, using: &random)
    }

    static func event(of kind: EventKind, using random: inout some RandomNumberGenerator) -> RecordedEvent {
        RecordedEvent(
            sequence: UInt64.random(in: 1...UInt64.max, using: &random),
            timestamp: timestamp(using: &random),
            actor: string(using: &random),
            id: EventID(identifier(using: &random)),
            board: BoardID(identifier(using: &random)),
            payload: payload(of: kind, using: &random)
        )
    }

    static func payload(of kind: EventKind, using random: inout some RandomNumberGenerator) -> EventPayload {
        switch kind {
        case .boardCreated:
            return .boardCreated(BoardCreated(name: string(using: &random), columns: columns(using: &random)))
        case .boardRenamed:
            return .boardRenamed(BoardRenamed(from: string(using: &random), to: string(using: &random)))
        case .boardRemoved:
            return .boardRemoved(BoardRemoved(name: string(using: &random), columns: columns(using: &random)))
        case .columnAdded:
            return .columnAdded(ColumnAdded(column: column(using: &random), index: index(using: &random)))
        case .columnRenamed:
            return .columnRenamed(ColumnRenamed(
                column: ColumnID(identifier(using: &random)), from: string(using: &random), to: string(using: &random)
            ))
        case .columnRemoved:
            return .columnRemoved(ColumnRemoved(column: column(using: &random), index: index(using: &random)))
        case .columnMoved:
            return .columnMoved(ColumnMoved(column: column(using: &random), fromIndex: index(using: &random), toIndex: index(using: &random)))
        case .cardAdded:
            return .cardAdded(CardAdded(card: card(using: &random), index: index(using: &random)))
        case .cardEdited:
            let titleChange = Bool.random(using: &random) ? Change(old: string(using: &random), new: string(using: &random)) : nil
            return .cardEdited(CardEdited(
                card: CardID(identifier(using: &random)),
                // The title after the edit: the new one when the title changed.
                title: titleChange?.new ?? string(using: &random),
                titleChange: titleChange,
                descriptionChange: Bool.random(using: &random)
                    ? Change(old: string(using: &random), new: string(using: &random)) : nil,
                dueChange: Bool.random(using: &random) ? Change(old: due(using: &random), new: due(using: &random)) : nil
            ))
        case .cardMoved:
            return .cardMoved(CardMoved(
                card: CardID(identifier(using: &random)),
                title: string(using: &random),
                from: ColumnID(identifier(using: &random)),
                fromIndex: index(using: &random),
                to: ColumnID(identifier(using: &random)),
                toIndex: index(using: &random),
                key: orderKey(using: &random)
            ))
        case .cardDeleted:
            return .cardDeleted(CardDeleted(card: card(using: &random), index: index(using: &random)))
        case .cardRevived:
            return .cardRevived(CardRevived(card: card(using: &random), index: index(using: &random)))
        case .undone:
            return .undone(Undone(
                target: UInt64.random(in: 1...UInt64.max, using: &random),
                undid: payload(of: nestable(using: &random), using: &random),
                compensation: payload(of: nestable(using: &random), using: &random)
            ))
        case .restored:
            return restored(using: &random)
        case .redone:
            return .redone(Redone(
                target: UInt64.random(in: 1...UInt64.max, using: &random),
                redid: payload(of: nestable(using: &random), using: &random),
                effect: payload(of: nestable(using: &random), using: &random)
            ))
        default:
            return detailPayload(of: kind, using: &random)
        }
    }

    /// A restore of random changes.
    static func restored(using random: inout some RandomNumberGenerator) -> EventPayload {
        .restored(Restored(
            sequence: UInt64.random(in: 0...UInt64.max, using: &random),
            timestamp: timestamp(using: &random),
            effects: (0..<Int.random(in: 0...4, using: &random)).map { _ in payload(of: nestable(using: &random), using: &random) }
        ))
    }

    /// A kind that may sit inside an undo or a redo (anything but another undo or redo).
    static func nestable(using random: inout some RandomNumberGenerator) -> EventKind {
        EventKind.allCases.filter { $0 != .undone && $0 != .redone && $0 != .restored }.randomElement(using: &random)!
    }

    // MARK: Parts

    static func identifier(using random: inout some RandomNumberGenerator) -> Identifier {
        switch Int.random(in: 0..<8, using: &random) {
        case 0: Identifier(high: 0, low: 0)
        case 1: Identifier(high: .max, low: .max)
        case 2: .random(using: &random)
        default: Identifier(high: random.next(), low: random.next())
        }
    }

    static func timestamp(using random: inout some RandomNumberGenerator) -> Timestamp {
        Timestamp(millisecondsSinceEpoch: int64(using: &random))
    }

    /// Small and large magnitudes of both signs, and the extremes.
    static func int64(using random: inout some RandomNumberGenerator) -> Int64 {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: [Int64.min, Int64.max, 0, -1, 1, Int64.min + 1].randomElement(using: &random)!
        case 1: Int64.random(in: -100...100, using: &random)
        case 2: Int64.random(in: -1_000_000_000_000_000...1_000_000_000_000_000, using: &random)
        default: Int64(bitPattern: random.next())
        }
    }

    static func index(using random: inout some RandomNumberGenerator) -> Int {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: 0
        case 1: Int.random(in: 1...300, using: &random)
        case 2: Int(Int32.max)
        default: Int.random(in: 0...Int(Int32.max), using: &random)
        }
    }

    static func string(using random: inout some RandomNumberGenerator) -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return ""
        case 1: return ["회의 준비", "디자인 검토", "Préparer la réunion", "déjà été à café", "👩‍👩‍👧‍👦🎉🚀", "e\u{301}", "\u{0}\t\n\r\"\\"]
            .randomElement(using: &random)!
        case 2: return String(repeating: "x", count: Int.random(in: 128...400, using: &random)) // multi-byte length varint
        default:
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                let range: ClosedRange<UInt32> = switch Int.random(in: 0..<6, using: &random) {
                case 0: 0x00...0x7F
                case 1: 0xA0...0x17F // accented Latin
                case 2: 0xAC00...0xD7A3 // Hangul syllables
                case 3: 0x1F300...0x1F64F // emoji
                case 4: 0x0300...0x036F // combining marks
                default: 0x20...0x7E
                }
                scalars.append(Unicode.Scalar(UInt32.random(in: range, using: &random))!)
            }
            return String(scalars)
        }
    }

    static func orderKey(using random: inout some RandomNumberGenerator) -> OrderKey {
        let integer = int64(using: &random)
        let length = switch Int.random(in: 0..<4, using: &random) {
        case 0: 0
        case 1: Int.random(in: 1...8, using: &random)
        default: Int.random(in: 9...40, using: &random) // beyond the eight inline fraction bytes
        }
        var fraction = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
        if !fraction.isEmpty && fraction[fraction.count - 1] == 0 { fraction[fraction.count - 1] = 1 }
        // The lowest key of all (Int64.min, no fraction) is never written: the decoder refuses it.
        if integer == .min && fraction.isEmpty { return OrderKey(integer: .min, fraction: [1]) }
        return OrderKey(integer: integer, fraction: fraction)
    }

    static func due(using random: inout some RandomNumberGenerator) -> Due? {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: nil
        case 1: .day(CalendarDay(daysSinceEpoch: int64(using: &random)))
        default: .moment(Timestamp(millisecondsSinceEpoch: int64(using: &random)))
        }
    }

    static func card(using random: inout some RandomNumberGenerator) -> Card {
        Card(
            id: CardID(identifier(using: &random)),
            column: ColumnID(identifier(using: &random)),
            key: orderKey(using: &random),
            title: string(using: &random),
            description: string(using: &random),
            due: due(using: &random)
        )
    }

    static func column(using random: inout some RandomNumberGenerator) -> ColumnSpec {
        ColumnSpec(id: ColumnID(identifier(using: &random)), name: string(using: &random))
    }

    /// A board's columns: at least one, as every board has.
    static func columns(using random: inout some RandomNumberGenerator) -> [ColumnSpec] {
        (0..<Int.random(in: 1...6, using: &random)).map { _ in column(using: &random) }
    }
}
