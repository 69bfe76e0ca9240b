/// Text from the log (titles, names, actors) made safe to print on a terminal: a control
/// character (ESC, CR, LF, BEL, DEL, C1) or a bidirectional override is written as a visible
/// `\u{…}` escape, so a title can neither drive the terminal nor fake a line of output.
enum TerminalText {
    /// `text` with every control character escaped; `keepingNewlines` leaves `\n` (for output
    /// of several lines whose data was escaped already) and tabs are always kept.
    static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingNewlines: keepingNewlines) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingNewlines: keepingNewlines) {
                switch scalar {
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` must not reach the terminal as it is.
    static func needsEscape(_ scalar: Unicode.Scalar, keepingNewlines: Bool) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x0A: !keepingNewlines
        case 0x00...0x1F, 0x7F...0x9F: true
        // Bidirectional embeddings, overrides and isolates (Trojan Source), and the line and
        // paragraph separators some terminals treat as newlines.
        case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }
}
