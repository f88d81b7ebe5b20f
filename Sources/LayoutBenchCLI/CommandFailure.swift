/// A refusal a command finds while it runs, once its options were valid: a filter that selects nothing in a file, a
/// file that cannot be rendered, an output that could not be written and put back.
///
/// Errors of the libraries (`ResultsError`, `SuiteError`, `GateError`, …) propagate as they are, and
/// `ValidationError` stays with the options' own checks in `validate()`; this is for what only the command knows.
/// `LayoutBench.main` prints its description on one line, `layoutbench: error: …`, and exits 1.
struct CommandFailure: Error, CustomStringConvertible {
    /// The whole message, one line.
    var description: String

    /// A failure that says `description`.
    init(_ description: String) { self.description = description }
}
