import Foundation

/// Runs programs (git, swift, valgrind, objcopy, a built layoutbench) directly with argument arrays, never through a
/// shell: the one process runner of LayoutBench, below the git metadata, `ab` and the instruction pass.
public enum Programs {
    /// How a program ended, and what it printed on standard output.
    public struct Output: Sendable {
        /// The exit status; 0 is success. A program killed by a signal reports 128 + the signal.
        public var status: Int32
        /// Standard output, decoded as UTF-8 (with standard error, when it was merged).
        public var standardOutput: String
    }

    /// Where a program's standard error goes.
    public enum StandardError: Sendable {
        /// Discarded.
        case discarded
        /// Into the captured standard output.
        case merged
        /// Appended to the file at the path, which is created when missing.
        case appended(to: String)
    }

    /// Why a program could not be run.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The program could not be started.
        case cannotStart(String, reason: String)
        /// The standard error log could not be opened.
        case cannotOpenLog(String)

        public var description: String {
            switch self {
            case let .cannotStart(program, reason): "cannot start \(program): \(reason)"
            case let .cannotOpenLog(path): "cannot open the log file \(path)"
            }
        }
    }

    /// Runs `executable` with `arguments` in `directory` (default: the current one) and `environment` (default:
    /// this process's), standard input from `/dev/null`, standard output captured, and waits for it.
    ///
    /// - Parameters:
    ///   - executable: the program's path.
    ///   - arguments: its arguments, passed as they are (no shell).
    ///   - directory: where it runs; the current directory when `nil`.
    ///   - environment: its environment; this process's when `nil`.
    ///   - standardError: where its standard error goes: merged into the captured output by default.
    ///   - start: wraps the start of the child and returns a token: how a caller registers the child (for example
    ///     to forward an interrupt to it) without a window in which it runs unregistered.
    ///   - finish: called with the token once the child has exited.
    /// - Throws: ``Failure`` when the program cannot be started or the log opened.
    public static func run<Token>(
        _ executable: String, _ arguments: [String], in directory: String? = nil,
        environment: [String: String]? = nil, standardError: StandardError = .merged,
        start: (_ launch: () throws -> Int32) throws -> Token, finish: (Token) -> Void
    ) throws(Failure) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        var logHandle: FileHandle?
        switch standardError {
        case .discarded: process.standardError = FileHandle.nullDevice
        case .merged: process.standardError = output
        case let .appended(path):
            if !FileManager.default.fileExists(atPath: path) {
                FileManager.default.createFile(atPath: path, contents: nil)
            }
            guard let handle = FileHandle(forWritingAtPath: path) else { throw .cannotOpenLog(path) }
            handle.seekToEndOfFile()
            logHandle = handle
            process.standardError = handle
        }
        defer { try? logHandle?.close() }
        let token: Token
        do {
            token = try start {
                try process.run()
                return process.processIdentifier
            }
        } catch {
            throw .cannotStart(executable, reason: (error as NSError).localizedDescription)
        }
        defer { finish(token) }
        // Read to the end before waiting, so that a child with much to say never blocks on a full pipe.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus
        return Output(status: status, standardOutput: String(decoding: data, as: UTF8.self))
    }

    /// Runs a program as ``run(_:_:in:environment:standardError:start:finish:)`` does, with no registration.
    public static func run(_ executable: String, _ arguments: [String], in directory: String? = nil,
                           environment: [String: String]? = nil, standardError: StandardError = .merged)
        throws(Failure) -> Output
    {
        try run(executable, arguments, in: directory, environment: environment, standardError: standardError,
                start: { launch in _ = try launch() }, finish: { _ in })
    }
}
