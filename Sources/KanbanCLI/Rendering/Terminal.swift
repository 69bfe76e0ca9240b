#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What the terminal on standard output can show.
struct Terminal {
    /// Whether to colour output: standard output is a terminal and `NO_COLOR` is unset.
    var usesColor: Bool
    /// Columns available for drawing.
    var width: Int

    static var current: Terminal {
        let environment = ProcessInfo.processInfo.environment
        let isTerminal = isatty(STDOUT_FILENO) != 0
        var width = Int(environment["COLUMNS"] ?? "") ?? 0
        if width <= 0 && isTerminal {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 { width = Int(size.ws_col) }
        }
        return Terminal(usesColor: isTerminal && environment["NO_COLOR"] == nil, width: width > 0 ? width : 120)
    }

    func red(_ text: String) -> String { usesColor ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
    func bold(_ text: String) -> String { usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { usesColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
}
