import KanbanCore
import PropertyBased
import Testing

struct IdentifierTests {
    static let anyIdentifier = Generator<Identifier, Shrink.None<Identifier>> { random in
        Identifier(high: random.next(), low: random.next())
    }

    @Test("description parses back, in lower and upper case")
    func roundTrip() async {
        await propertyCheck(count: 500, input: Self.anyIdentifier) { identifier throws in
            let text = identifier.description
            #expect(text.count == 36)
            #expect(text == text.lowercased())
            #expect(Identifier(text) == identifier)
            #expect(Identifier(text.uppercased()) == identifier)
            #expect(Identifier(Substring(text)) == identifier)
            // A slice out of the middle of a longer text: its bytes start past the text's own.
            let padded = "가" + text + "é"
            #expect(Identifier(padded.dropFirst().dropLast()) == identifier)
            #expect(Identifier(padded.dropLast()) == nil)
        }
    }

    @Test("The UUID layout: 8-4-4-4-12 hex digits, high word first")
    func layout() {
        let identifier = Identifier(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210)
        #expect(identifier.description == "01234567-89ab-cdef-fedc-ba9876543210")
        #expect(Identifier(high: 0, low: 0).description == "00000000-0000-0000-0000-000000000000")
    }

    @Test("Text that is not a UUID gives nil", arguments: [
        "", "0123", "01234567-89ab-cdef-fedc-ba987654321", "01234567-89ab-cdef-fedc-ba98765432100",
        "0123456789ab-cdef-fedc-ba98-76543210", "01234567_89ab_cdef_fedc_ba9876543210", "g1234567-89ab-cdef-fedc-ba9876543210",
        "01234567-89ab-cdef-fedc-ba987654321 ", " 1234567-89ab-cdef-fedc-ba9876543210", "01234567-89ab-cdef-fedc-ba98765432é",
    ])
    func invalid(text: String) {
        #expect(Identifier(text) == nil)
    }

    @Test("Random identifiers are version 4, variant 1")
    func version4() {
        var random = SeededGenerator(seed: 3)
        for _ in 0..<200 {
            let text = Identifier.random(using: &random).description
            #expect(Array(text)[14] == "4")
            #expect("89ab".contains(Array(text)[19]))
        }
        #expect(Identifier.random() != Identifier.random())
    }

    @Test("Identifiers order by their bytes, like their text")
    func ordering() async {
        await propertyCheck(count: 300, input: Self.anyIdentifier, Self.anyIdentifier) { a, b throws in
            #expect((a < b) == (a.description < b.description))
            #expect((CardID(a) < CardID(b)) == (a < b))
        }
    }

    @Test("Ids a client chose so that their two halves cancel out, or match in one half, still hash apart: a dictionary of them stays a dictionary, not a list")
    func chosenIdsHashApart() {
        // A sync client names the cards it adds. Hashing only `high ^ low` gave every id whose
        // halves are equal the same hash, so a dictionary of cards (details, flow) probed them
        // all on every lookup.
        let halvesEqual = (1...2_000).map { value in CardID(Identifier(high: UInt64(value) &* 0x9E37_79B9_7F4A_7C15, low: UInt64(value) &* 0x9E37_79B9_7F4A_7C15)) }
        let sameXor = (1...2_000).map { value in CardID(Identifier(high: UInt64(value), low: UInt64(value) ^ 0xDEAD_BEEF)) }
        for ids in [halvesEqual, sameXor] {
            #expect(Set(ids).count == ids.count)
            #expect(Set(ids.map(\.hashValue)).count >= ids.count - 2, "\(Set(ids.map(\.hashValue)).count) distinct hashes for \(ids.count) ids")
            #expect(Set(ids.map { BoardID($0.raw).hashValue }).count >= ids.count - 2)
            #expect(Set(ids.map { ColumnID($0.raw).hashValue }).count >= ids.count - 2)
        }
    }
}
