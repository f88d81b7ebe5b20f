/// Where the harness reports how a run goes; the command line renders it (a bar on a terminal, lines otherwise).
/// The harness prints nothing itself.
package protocol HarnessProgress: AnyObject {
    /// The run's work begins: `totalWork` units in all, in arbitrary units that ``advance(by:)`` moves through.
    func begin(totalWork: Double)
    /// A step of the work, in one line (the bar's caption).
    func step(_ message: String)
    /// `work` more units are done.
    func advance(by work: Double)
    /// The work is over (the bar's line ends).
    func finish()
    /// A line to show as it is, outside the bar: a warning or what a pass is about to do.
    func note(_ line: String)
}

/// Progress that goes nowhere, for callers (tests, benchmarks) that want none.
package final class SilentProgress: HarnessProgress {
    /// Creates a reporter that drops everything.
    package init() {}
    /// Drops the start.
    package func begin(totalWork: Double) {}
    /// Drops the step.
    package func step(_ message: String) {}
    /// Drops the work done.
    package func advance(by work: Double) {}
    /// Drops the end.
    package func finish() {}
    /// Drops the line.
    package func note(_ line: String) {}
}
