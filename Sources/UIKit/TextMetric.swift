/// The deterministic text metric behind `NSString.size(withAttributes:)` and `boundingRect(with:…)`: there are no
/// glyph tables on a Linux runner, and a benchmark needs the same sizes on every machine. Not UIKit API.
///
/// In em (the font's point size), per character (extended grapheme cluster):
/// - a space 0.25;
/// - ASCII digits, letters and punctuation 0.5, with the capitals and `m`, `w` 0.7 and `i`, `l`, `j`, `.`, `,`,
///   `'`, `!`, `|` 0.25;
/// - any other character (CJK, emoji) 1.0.
///
/// A line is ``lineHeightRatio`` (1.2) em tall; `\n` starts a new line. Widths are summed per line and rounded up
/// to the display scale's pixel, as UIKit's sizes are fractional but text drawing uses `ceil` in practice.
public enum TextMetric {
    /// Line height over point size.
    public static let lineHeightRatio: CGFloat = 1.2

    /// The advance of `character` in em.
    public static func advance(of character: Character) -> CGFloat {
        guard character.isASCII, let ascii = character.asciiValue else { return 1.0 }
        switch ascii {
        case 0x20: return 0.25
        case UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "j"), UInt8(ascii: "."), UInt8(ascii: ","),
             UInt8(ascii: "'"), UInt8(ascii: "!"), UInt8(ascii: "|"):
            return 0.25
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "m"), UInt8(ascii: "w"): return 0.7
        default: return 0.5
        }
    }

    /// The width in points of one line of `text` in `font`.
    public static func width(of text: Substring, font: UIFont) -> CGFloat {
        var ems: CGFloat = 0
        for character in text { ems += advance(of: character) }
        return ems * font.pointSize
    }

    /// The size of `text` in `font`, wrapped at `maximumWidth` when given (greedily, at spaces; a word wider than
    /// the line is broken by character), each line's width summed, rounded up to the pixel.
    public static func size(of text: String, font: UIFont, maximumWidth: CGFloat? = nil) -> CGSize {
        var lines: [CGFloat] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let limit = maximumWidth, limit > 0 else {
                lines.append(width(of: paragraph, font: font))
                continue
            }
            var line: CGFloat = 0
            var lineHasText = false
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let wordWidth = width(of: word, font: font)
                let space = lineHasText ? advance(of: " ") * font.pointSize : 0
                if lineHasText && line + space + wordWidth > limit {
                    lines.append(line)
                    line = 0
                    lineHasText = false
                }
                if !lineHasText && wordWidth > limit {
                    for character in word {
                        let w = advance(of: character) * font.pointSize
                        if lineHasText && line + w > limit {
                            lines.append(line)
                            line = 0
                        }
                        line += w
                        lineHasText = true
                    }
                    continue
                }
                line += (lineHasText ? advance(of: " ") * font.pointSize : 0) + wordWidth
                lineHasText = true
            }
            lines.append(line)
        }
        let scale = UIKitCompatibility.displayScale
        let widest = (lines.max() ?? 0)
        return CGSize(width: (widest * scale).rounded(.up) / scale,
                      height: (CGFloat(lines.count) * font.lineHeight * scale).rounded(.up) / scale)
    }
}
