/// Why bytes read from an origin are not a whole HTTP answer this client takes.
enum HTTPAnswerFault: Error, Equatable {
    /// The answer ended before it was whole (or never was HTTP): a connection that broke.
    case brokeOff
    /// The answer says something this client refuses: a number it cannot hold, a size over
    /// the largest answer, a malformed chunk. `reason` is one line.
    case refused(String)

    /// `text` as it may appear in a message: at most 24 characters, printable ASCII only (an
    /// origin may send anything, terminal escapes included).
    static func shown(_ text: some StringProtocol) -> String {
        let printable = String(text.unicodeScalars.prefix(24).map { (0x20...0x7E).contains($0.value) ? Character($0) : "?" })
        return text.unicodeScalars.count > 24 ? printable + "…" : printable
    }
}
