import ArgumentParser
import Workloads

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
/// import Workloads
///
/// LayoutBench.main(catalog: .builtIn.adding(MasonryFamily.self))
/// ```
public enum LayoutBench {
    /// Registers `catalog` as the process's layouts, parses the command line and runs the command, then exits.
    ///
    /// Errors are printed on one line (`layoutbench: error: ...`) rather than with ArgumentParser's usage block, so
    /// that scripts and CI logs show exactly what was wrong, and every error or bad input exits with
    /// `ExitStatus.errorOrBadInput`. Help and version requests print in full and exit 0. A command that sets its
    /// own exit status throws an `ExitCode`, which passes through unchanged.
    public static func main(catalog: LayoutCatalog = .builtIn, arguments: [String]? = nil) -> Never {
        LayoutCatalog.registered = catalog
        do {
            var command = try LayoutBenchCommand.parseAsRoot(arguments)
            try command.run()
            exit(ExitStatus.success.rawValue)
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
    }
}
