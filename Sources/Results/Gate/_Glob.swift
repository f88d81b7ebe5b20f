/// A shell-style pattern over a whole name: `*` matches any run of characters (`/` included), `?` any one
/// character, anything else itself. Matching is by Unicode scalar and case-sensitive.
struct Glob: Hashable, Sendable {
    /// The pattern's scalars.
    private let pattern: [Unicode.Scalar]

    /// A glob for `pattern`.
    init(_ pattern: String) {
        self.pattern = Array(pattern.unicodeScalars)
    }

    /// Whether the whole of `name` matches.
    ///
    /// - Complexity: O(pattern · name) at worst: each `*` resumes from the last place it was tried.
    func matches(_ name: String) -> Bool {
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
