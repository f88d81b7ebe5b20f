/// The notes of spellings kept for one release after a subcommand replaced them.
enum Deprecation {
    /// Says on stderr, in one line, that `spelling` is deprecated and what replaces it.
    ///
    /// Commands call it once their work is done, so that an error stays the only line on stderr.
    static func note(_ spelling: String, replacement: String) {
        standardError("note: `layoutbench \(spelling)` is deprecated and will be removed in the next release; use "
            + "`layoutbench \(replacement)`")
    }
}
