import ArgumentParser
import Results

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Errors are printed on one line (`layoutbench: error: ...`) rather than with ArgumentParser's usage block, so that
// scripts and CI logs show exactly what was wrong, and every error or bad input exits with
// `ExitStatus.errorOrBadInput`. Help and version requests print in full and exit 0. A command that sets its own exit
// status throws an `ExitCode`, which passes through unchanged. Standard output is written only through
// `standardOutput(_:)`, which checks every write: a full or closed stdout is an error (exit 1), never a silent exit 0.
StandardOutput.reserve()
// Before any work, for every command: Ctrl-C or SIGTERM removes the temporary file of any atomic write in flight (run's
// results, report --output, gate's verdict, summary and baseline, ab's pooled runs) and passes the signal on to ab's
// children, then exits 130 or 143.
InterruptCleanup.install()

/// Reports `error` on one line of stderr and exits with `ExitStatus.errorOrBadInput`.
func fail(_ error: any Error) -> Never {
    let message = error is StandardOutput.Failure ? "\(error)" : LayoutBenchCommand.message(for: error)
    let line = message.split(separator: "\n").map { $0.trimmingCharacters() }.filter { !$0.isEmpty }
        .joined(separator: " ")
    standardError("layoutbench: error: \(line.isEmpty ? String(describing: error) : line)")
    exit(ExitStatus.errorOrBadInput.rawValue)
}

do {
    var command = try LayoutBenchCommand.parseAsRoot(
        NegativeOptionValues.joined(Array(CommandLine.arguments.dropFirst())))
    try command.run()
    // Nothing should have gone through the C library's buffered stdout; if something did, it must not fail silently.
    if fflush(nil) != 0 { fail(StandardOutput.Failure(code: errno)) }
} catch let code as ExitCode {
    exit(code.rawValue)
} catch {
    if LayoutBenchCommand.exitCode(for: error) == .success {
        do { try standardOutput(LayoutBenchCommand.fullMessage(for: error)) } catch { fail(error) }
        exit(ExitStatus.success.rawValue)
    }
    fail(error)
}
