/// A shell-style pattern over a whole name: `*` matches any run of characters (`/` included, and none), `?` exactly
/// one Unicode scalar, anything else itself. Matching is case-sensitive.
///
/// LayoutBench's one glob: `--filter` (`Suite.matches` in the scenario specs) and the gate's thresholds file
/// (scenario and metric patterns) both use it, so a pattern selects the same names everywhere. `?` is one Unicode
/// scalar rather than one UTF-8 byte, so that `?` stands for one `é` as it does for one `e`; every id and metric name
/// LayoutBench makes is ASCII, where the two agree.
public struct Glob: Hashable, Sendable {
    /// The pattern's scalars.
    private let pattern: [Unicode.Scalar]

    /// A glob for `pattern`.
    public init(_ pattern: String) {
        self.pattern = Array(pattern.unicodeScalars)
    }

    /// Whether `text` uses a wildcard (`*` or `?`), so that it is a glob rather than plain text.
    public static func hasWildcard(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "*" || $0 == "?" }
    }

    /// Whether the whole of `name` matches.
    ///
    /// - Complexity: O(pattern · name) at worst: each `*` resumes from the last place it was tried.
    public func matches(_ name: String) -> Bool {
        let text = Array(name.unicodeScalars)
        var p = 0, t = 0
        // Where the last `*` was, and the text position it currently absorbs up to.
        var star: Int?, resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let star {
                // Let the last `*` absorb one more character and try again after it.
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
