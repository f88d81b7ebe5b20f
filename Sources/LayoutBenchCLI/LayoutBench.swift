import ArgumentParser
import Platform
import Results
import Scenarios

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// LayoutBench's whole command tree (`run`, `list`, `verify`, `compare`, `ab`, `gate`, `report`, `doctor`) over a
/// layout catalog, for the `layoutbench` executable and for a package that benchmarks its own layouts:
///
/// ```swift
/// import LayoutBenchCLI
/// import Scenarios
///
/// LayoutBench.main(catalog: .builtIn.adding(MyFamily.self))
/// ```
public enum LayoutBench {
    /// Registers `catalog` as the process's layouts, parses the command line (`arguments`, or the process's) and
    /// runs the command, then exits.
    ///
    /// Errors are printed on one line (`layoutbench: error: ...`) rather than with ArgumentParser's usage block, so
    /// that scripts and CI logs show exactly what was wrong, and every error or bad input exits with
    /// `ExitStatus.errorOrBadInput`. Help and version requests print in full and exit 0. A command that sets its
    /// own exit status throws an `ExitCode`, which passes through unchanged. Standard output is written only through
    /// `standardOutput(_:)`, which checks every write: a full or closed stdout is an error (exit 1), never a silent
    /// exit 0.
    public static func main(catalog: LayoutCatalog = .builtIn, arguments: [String]? = nil) -> Never {
        LayoutCatalog.registered = catalog
        StandardOutput.reserve()
        // Before any work, for every command: Ctrl-C or SIGTERM removes the temporary file of any atomic write in
        // flight (run's results, report --output, gate's verdict, summary and baseline, ab's pooled runs) and passes
        // the signal on to ab's children, then exits 130 or 143.
        InterruptCleanup.install()
        do {
            try run(arguments ?? Array(CommandLine.arguments.dropFirst()))
            // Nothing should have gone through the C library's buffered stdout; if something did, it must not fail
            // silently.
            if fflush(nil) != 0 { fail(StandardOutput.Failure(code: errno)) }
            exit(ExitStatus.success.rawValue)
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch {
            if LayoutBenchCommand.exitCode(for: error) == .success {
                do { try standardOutput(LayoutBenchCommand.fullMessage(for: error)) } catch { fail(error) }
                exit(ExitStatus.success.rawValue)
            }
            fail(error)
        }
    }

    /// Parses `arguments` and runs the command over the registered catalog (``Scenarios/LayoutCatalog/registered``),
    /// throwing what ``main(catalog:arguments:)`` would print: the fuzzers (Fuzz/) run the `history` commands
    /// in-process over damaged databases through this, so that every command's own reading and rendering is fuzzed. A
    /// command that an interrupt stops still exits; standard output is the process's.
    public static func run(_ arguments: [String]) throws {
        var command = try LayoutBenchCommand.parseAsRoot(arguments)
        try command.run()
    }

    /// Reports `error` on one line of stderr and exits with `ExitStatus.errorOrBadInput`.
    static func fail(_ error: any Error) -> Never {
        let message = error is StandardOutput.Failure ? "\(error)" : LayoutBenchCommand.message(for: error)
        let line = message.split(separator: "\n").map { $0.trimmingCharacters() }.filter { !$0.isEmpty }
            .joined(separator: " ")
        standardError("layoutbench: error: \(line.isEmpty ? String(describing: error) : line)")
        exit(ExitStatus.errorOrBadInput.rawValue)
    }
}
