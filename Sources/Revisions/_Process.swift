import Foundation
import Results

/// Runs programs directly with argument arrays, never through a shell.
enum ProcessRunner {
    /// How a program ended, and what it printed on standard output.
    struct Output {
        /// The exit status; 0 is success. A program killed by a signal reports 128 + the signal.
        var status: Int32
        /// Standard output, decoded as UTF-8.
        var standardOutput: String
    }

    /// The first executable file named `name` in the absolute directories of `PATH`; a program is never picked up
    /// from the current directory.
    static func findExecutable(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"])
        -> String?
    {
        guard let path else { return nil }
        for directory in path.split(separator: ":") where directory.hasPrefix("/") {
            let candidate = directory.hasSuffix("/") ? "\(directory)\(name)" : "\(directory)/\(name)"
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        return nil
    }

    /// Runs `executable` with `arguments` in `directory`, with standard input from `/dev/null`, standard output
    /// captured, and standard error appended to `log` (or captured into the output when `log` is `nil`).
    ///
    /// - Throws: ``RevisionError/fileSystem(_:)`` when the program cannot be started.
    static func run(_ executable: String, _ arguments: [String], in directory: String? = nil,
                    environment: [String: String]? = nil, log: String? = nil) throws(RevisionError) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        var logHandle: FileHandle?
        if let log {
            if !FileManager.default.fileExists(atPath: log) {
                FileManager.default.createFile(atPath: log, contents: nil)
            }
            guard let handle = FileHandle(forWritingAtPath: log) else {
                throw .fileSystem("cannot open the log file \(log)")
            }
            handle.seekToEndOfFile()
            logHandle = handle
            process.standardError = handle
        } else {
            process.standardError = output
        }
        defer { try? logHandle?.close() }
        // Foundation starts the child in a process group of its own, which a Ctrl-C at the terminal does not reach:
        // registered, it gets this process's SIGINT or SIGTERM and is waited for (see InterruptCleanup).
        let child: InterruptCleanup.ChildToken?
        do {
            child = try InterruptCleanup.startingChild {
                try process.run()
                return process.processIdentifier
            }
        } catch {
            throw .fileSystem("cannot start \(executable): \(error.localizedDescription)")
        }
        defer { InterruptCleanup.unregisterChild(child) }
        // Read to the end before waiting, so that a child with much to say never blocks on a full pipe.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus
        return Output(status: status, standardOutput: String(decoding: data, as: UTF8.self))
    }

    /// The last `count` lines of the file at `path`, for an error message; empty when it cannot be read.
    static func tail(of path: String, lines count: Int = 15) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.suffix(count).joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
