/// Text for a terminal: names from files (suites, scenarios, branches, metrics) reach the screen through tables and
/// messages, and a control character in one (an escape sequence that recolours, moves the cursor or retitles the
/// window, a carriage return that overwrites the line) must show as text, not act. Every write to standard output and
/// standard error goes through ``escapingControls(_:)``.
enum TerminalText {
    /// `text` with every control character except the newline and the tab (C0, DEL and C1, which some terminals read
    /// as CSI) written as a Swift escape, `\u{1B}`; `text` itself when it has none.
    ///
    /// - Complexity: O(n) in the UTF-8 length, one pass when nothing needs escaping.
    static func escapingControls(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 || $0 == 0x7F || $0 == 0xC2 }) else {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value) {
                result.append(contentsOf: "\\u{\(String(value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
