/// How many terminal cells text takes: East Asian wide characters (Hangul, CJK, full-width
/// forms, most emoji) take two, combining marks none. Korean titles line up in the board.
enum DisplayWidth {
    static func of(_ text: some StringProtocol) -> Int {
        // ASCII, by far the most text: a cell per printable byte, none for control bytes (a
        // character of ASCII is one byte, or "\r\n", two control bytes). No property lookups.
        var cells = 0
        for byte in text.utf8 {
            guard byte < 0x80 else { return text.reduce(0) { $0 + of($1) } }
            if byte >= 0x20 && byte != 0x7F { cells += 1 }
        }
        return cells
    }

    static func of(_ character: Character) -> Int {
        character.unicodeScalars.reduce(0) { max($0, of($1)) }
    }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x7F { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// `text` cut to at most `width` cells, with `…` when cut.
    static func truncate(_ text: String, to width: Int) -> String {
        fit(text, to: width).text
    }

    /// `text` padded with spaces to `width` cells (cut first when longer).
    static func pad(_ text: String, to width: Int) -> String {
        let (cut, cells) = fit(text, to: width)
        return cells >= width ? cut : cut + String(repeating: " ", count: width - cells)
    }

    /// `text` cut to at most `width` cells (with `…` when cut), and how many cells that takes:
    /// measured once, since a cut text ends in `…`, which is not ASCII and would send measuring
    /// again down the slow path. Printable ASCII, a cell per byte, is cut by bytes.
    private static func fit(_ text: String, to width: Int) -> (text: String, cells: Int) {
        var cells = 0
        var isPrintableASCII = true
        for byte in text.utf8 {
            guard byte < 0x80 else {
                isPrintableASCII = false
                cells = text.reduce(0) { $0 + of($1) }
                break
            }
            if byte >= 0x20 && byte != 0x7F { cells += 1 } else { isPrintableASCII = false }
        }
        guard cells > width else { return (text, cells) }
        if isPrintableASCII {
            let kept = max(0, width - 1)
            return (String(decoding: text.utf8.prefix(kept), as: UTF8.self) + "…", kept + 1)
        }
        var result = ""
        var used = 0
        for character in text {
            let characterCells = of(character)
            if used + characterCells > width - 1 { break }
            result.append(character)
            used += characterCells
        }
        return (result + "…", used + 1)
    }
}
