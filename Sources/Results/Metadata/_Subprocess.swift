import Foundation

/// Runs helper programs (git) directly, never through a shell.
enum Subprocess {
    /// What a program printed on standard output, and how it exited.
    struct Output {
        /// The exit status; 0 is success.
        var status: Int32
        /// Standard output, decoded as UTF-8.
        var standardOutput: String
    }

    /// The first executable file named `name` in the absolute directories of `searchPath` (a `PATH` value).
    ///
    /// Empty and relative entries are skipped, so that a program is never picked up from the current directory.
    static func findExecutable(_ name: String, searchPath: String?) -> String? {
        guard let searchPath else { return nil }
        for directory in searchPath.split(separator: ":") where directory.hasPrefix("/") {
            let candidate = directory.hasSuffix("/") ? "\(directory)\(name)" : "\(directory)/\(name)"
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        return nil
    }

    /// Runs `executable` with `arguments` and `environment`, standard input from `/dev/null` and standard error
    /// discarded, and waits for it; `nil` if it could not be started.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]) -> Output? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        // Read to the end before waiting, so that a child with much to say never blocks on a full pipe.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, standardOutput: String(decoding: data, as: UTF8.self))
    }
}
