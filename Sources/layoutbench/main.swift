import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Errors are printed on one line (`layoutbench: error: ...`) rather than with ArgumentParser's usage block, so that
// scripts and CI logs show exactly what was wrong, and every error or bad input exits with
// `ExitStatus.errorOrBadInput`. Help and version requests print in full and exit 0. A command that sets its own exit
// status throws an `ExitCode`, which passes through unchanged.
do {
    var command = try LayoutBenchCommand.parseAsRoot()
    try command.run()
} catch let code as ExitCode {
    exit(code.rawValue)
} catch {
    if LayoutBenchCommand.exitCode(for: error) == .success {
        print(LayoutBenchCommand.fullMessage(for: error))
        exit(ExitStatus.success.rawValue)
    }
    let message = LayoutBenchCommand.message(for: error)
    let line = message.split(separator: "\n").map { $0.trimmingCharacters() }.filter { !$0.isEmpty }
        .joined(separator: " ")
    standardError("layoutbench: error: \(line.isEmpty ? String(describing: error) : line)")
    exit(ExitStatus.errorOrBadInput.rawValue)
}
