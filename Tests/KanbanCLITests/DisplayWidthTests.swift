@testable import KanbanCLI
import KanbanCore
import Testing

/// The board's columns line up only if every text is measured as the terminal draws it: the
/// ASCII fast path must count exactly what the character-by-character rule counts.
struct DisplayWidthTests {
    static let samples = [
        "", "a", "Write the README", "  padded  ", "tab\there", "line\r\nbreak", "bell\u{07}", "del\u{7F}", "-dash, comma",
        "디자인 검토", "café", "e\u{301}", "🚀 launch", "👩‍💻 dev", "ｆｕｌｌ", "mixed 한 a", "\u{200B}zero width",
    ]

    /// The character-by-character rule the fast path must agree with.
    static func reference(_ text: String) -> Int {
        text.reduce(0) { $0 + DisplayWidth.of($1) }
    }

    @Test("Width of ASCII and of every other kind of text equals the character-by-character rule", arguments: samples)
    func widthMatchesReference(text: String) {
        #expect(DisplayWidth.of(text) == Self.reference(text))
        #expect(DisplayWidth.of(Substring(text)) == Self.reference(text))
    }

    @Test("Random text, ASCII with control bytes or mixed: same width, padding fills exactly, trailing spaces go", arguments: 0..<4)
    func randomText(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let alphabet: [Character] = ["a", "Z", " ", "\t", "\u{7F}", "\r\n", "-", "é", "한", "🚀", "e\u{301}", "\u{1}"]
        let asciiOnly = alphabet.filter { $0.isASCII }
        for round in 0..<200 {
            let letters = round % 2 == 0 ? asciiOnly : alphabet
            let text = String((0..<Int.random(in: 0...30, using: &random)).map { _ in letters.randomElement(using: &random)! })
            #expect(DisplayWidth.of(text) == Self.reference(text), "\(text.debugDescription)")
            let padded = DisplayWidth.pad(text, to: 12)
            #expect(Self.reference(padded) == 12, "\(text.debugDescription)")
            var slow = text
            while slow.hasSuffix(" ") { slow.removeLast() }
            #expect(text.trailingSpacesRemoved() == slow, "\(text.debugDescription)")
        }
    }

    /// Cutting character by character, as the board always cut.
    static func referenceTruncate(_ text: String, to width: Int) -> String {
        guard reference(text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            if used + DisplayWidth.of(character) > width - 1 { break }
            result.append(character)
            used += DisplayWidth.of(character)
        }
        return result + "…"
    }

    @Test("Cutting and padding printable ASCII by bytes gives what cutting character by character gives, at every width", arguments: 0..<3)
    func cutAndPad(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let alphabet: [Character] = ["a", "Z", " ", "\t", "-", ",", "é", "한", "🚀", "e\u{301}", "\u{1}"]
        for round in 0..<300 {
            let letters = round % 3 == 0 ? alphabet : alphabet.filter { $0.isASCII && $0 != "\t" && $0 != "\u{1}" }
            let text = String((0..<Int.random(in: 0...40, using: &random)).map { _ in letters.randomElement(using: &random)! })
            for width in [0, 1, 2, 8, 16, 17, 39] {
                let cut = Self.referenceTruncate(text, to: width)
                #expect(DisplayWidth.truncate(text, to: width) == cut, "\(text.debugDescription) to \(width)")
                let padded = DisplayWidth.pad(text, to: width)
                #expect(padded == cut + String(repeating: " ", count: max(0, width - Self.reference(cut))), "\(text.debugDescription) to \(width)")
            }
        }
    }
}
