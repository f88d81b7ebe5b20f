import ArgumentParser

/// Every exit code `layoutbench` uses, in one place. The README's table is written from this.
///
/// CI systems read these codes directly, so each outcome a pipeline may want to treat differently has its own code:
/// a regression (2) fails a pull request, an inconclusive timing verdict (3) can be retried or ignored.
enum ExitStatus: Int32, CaseIterable {
    /// The command did what was asked, and every check passed; for `gate` and `compare`, improvements pass too.
    case success = 0
    /// Bad input (arguments, files, sizes that cannot be built, a missing or corrupt baseline) or an error while
    /// running; no results file was written or changed.
    case errorOrBadInput = 1
    /// The command ran, and what it checks failed: `verify` found a strategy or invalidation mode whose answer differs
    /// from the reference; `gate`, `compare` and `ab` found a regression.
    case checkFailed = 2
    /// `gate --strict` (and `compare --strict`, `ab --strict`): no regression, but a timing metric's verdict was
    /// inconclusive, so the run cannot vouch for it.
    case inconclusive = 3

    /// The ArgumentParser exit code for this status.
    var exitCode: ExitCode { ExitCode(rawValue) }
}
