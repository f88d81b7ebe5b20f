import ArgumentParser

/// Every exit code `layoutbench` uses, in one place. The README's table is written from this.
enum ExitStatus: Int32, CaseIterable {
    /// The command did what was asked, and every check passed.
    case success = 0
    /// Bad input (arguments, files, sizes that cannot be built) or an error while running; nothing was written.
    case errorOrBadInput = 1
    /// The command ran, and what it checks failed: `verify` found a strategy whose answer differs from the linear
    /// scan's.
    case checkFailed = 2

    /// The ArgumentParser exit code for this status.
    var exitCode: ExitCode { ExitCode(rawValue) }
}
