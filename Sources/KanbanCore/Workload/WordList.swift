/// The words of one language the workload writes with, kept as UTF-8 bytes with their length in
/// characters, so texts are put together as bytes rather than by appending strings.
struct WordList: Sendable {
    /// Each word's UTF-8 bytes.
    let utf8: [[UInt8]]
    /// Each word's length in characters.
    let characters: [Int]

    /// `words`, each of whose characters must be a single Unicode scalar (so that characters
    /// can be counted, and a text cut, by scalars).
    init(_ words: [String]) {
        precondition(words.allSatisfy { $0.count == $0.unicodeScalars.count && !$0.isEmpty }, "WordList: one scalar per character")
        utf8 = words.map { Array($0.utf8) }
        characters = words.map(\.count)
    }

    /// The number of words.
    var count: Int { utf8.count }
}
