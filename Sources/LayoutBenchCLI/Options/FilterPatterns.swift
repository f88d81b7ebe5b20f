import ArgumentParser

/// The checks every command's `--filter` patterns get before anything runs.
enum FilterPatterns {
    /// Refuses an empty (or blank) pattern, which would match every scenario and print as nothing.
    ///
    /// - Throws: a `ValidationError` that says what a pattern is.
    static func validate(_ patterns: [String]) throws {
        if patterns.contains(where: { $0.allSatisfy(\.isWhitespace) }) {
            throw ValidationError("--filter needs a pattern, got an empty one: give part of a scenario id, or a glob "
                + "with * and ? (`layoutbench list scenarios --suite NAME` shows the ids)")
        }
    }
}
