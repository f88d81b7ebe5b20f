import Foundation
import Platform

/// Runs programs directly with argument arrays, never through a shell.
enum ProcessRunner {
    /// How a program ended, and what it printed on standard output.
    struct Output {
        /// The exit status; 0 is success. A program killed by a signal reports 128 + the signal.
        var status: Int32
        /// Standard output, decoded as UTF-8.
        var standardOutput: String
    }

    /// The first executable named `name` on `PATH`: ``Platform/Executables``'s rule.
    static func findExecutable(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"])
        -> String?
    {
        Executables.find(name, searchPath: path)
    }

    /// Runs `executable` with `arguments` in `directory`, with standard input from `/dev/null`, standard output
    /// captured, and standard error appended to `log` (or captured into the output when `log` is `nil`), through
    /// ``Platform/Programs``. The child is registered with ``InterruptCleanup`` from the moment it starts, so a
    /// Ctrl-C or SIGTERM reaches it (Foundation starts it in a process group of its own) and it is waited for.
    ///
    /// - Throws: ``RevisionError/fileSystem(_:)`` when the program cannot be started.
    static func run(_ executable: String, _ arguments: [String], in directory: String? = nil,
                    environment: [String: String]? = nil, log: String? = nil) throws(RevisionError) -> Output {
        do {
            let output = try Programs.run(
                executable, arguments, in: directory, environment: environment,
                standardError: log.map { .appended(to: $0) } ?? .merged,
                start: { launch in try InterruptCleanup.startingChild(launch) },
                finish: { InterruptCleanup.unregisterChild($0) })
            return Output(status: output.status, standardOutput: output.standardOutput)
        } catch {
            throw .fileSystem(error.description)
        }
    }

    /// The last `count` lines of the file at `path`, for an error message; empty when it cannot be read.
    static func tail(of path: String, lines count: Int = 15) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.suffix(count).joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
