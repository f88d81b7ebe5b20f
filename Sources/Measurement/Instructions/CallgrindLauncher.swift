import Foundation
import Platform

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program under `valgrind --tool=callgrind` and collects the dumps of its measured regions.
///
/// The program starts with instrumentation and collection off (`--instr-atstart=no --collect-atstart=no`), so that
/// building its workloads runs several times faster than instrumented code and counts nothing; it switches them on
/// around its measured regions with ``Callgrind``'s client requests, and each ``Callgrind/measure(label:_:)`` writes
/// one dump file into the child's own directory under a private temporary directory. `run(program:children:jobs:)`
/// starts one such process per set of arguments, a few at a time.
///
/// The child's environment makes the counts repeat exactly (see ``childEnvironment(from:)``): it is small and the
/// same in every run, `SWIFT_DETERMINISTIC_HASHING=1` makes `Set` and `Dictionary` iterate alike in every run,
/// symbols are bound at start-up, and jemalloc's time-based purging is off, since whether a `free` purges pages would
/// otherwise depend on the clock.
///
/// The program runs as a copy without debug information (`objcopy --strip-debug`): valgrind 3.19 gives up on a
/// binary whose debug information mixes DWARF 4 (the Swift compiler's) and DWARF 5 (clang's, for the C targets),
/// and the totals need only the code, which the copy shares byte for byte, at the same addresses.
///
/// valgrind and objcopy are looked up only in absolute `PATH` entries and started directly, never through a shell
/// of ours (Debian's `/usr/bin/valgrind` is valgrind's own `sh` wrapper, which passes the arguments on as `"$@"`).
public struct CallgrindLauncher: Sendable {
    /// The absolute path of the `valgrind` executable.
    public var valgrind: String
    /// valgrind's version, as `valgrind --version` prints it without the `valgrind-` prefix (`3.19.0`).
    public var version: String
    /// The absolute path of `objcopy` (binutils) or `llvm-objcopy` (the Swift toolchain), which makes the copy of
    /// the program without debug information.
    public var objcopy: String

    /// jemalloc options that make allocation costs independent of the clock: with decay off, freed pages are never
    /// purged by age. (Under valgrind time passes about 50 times slower and unevenly, so the purges of a native run
    /// would land on different frames in every run: 1-2% apart on frames that free 90 000 objects.)
    public static let jemallocOptions = "dirty_decay_ms:-1,muzzy_decay_ms:-1"

    /// The variables of this process's environment that the child keeps: where temporary files go (valgrind's own),
    /// where valgrind and the libraries are, and the user's jemalloc options.
    public static let keptVariables: Set<String> = ["TMPDIR", "VALGRIND_LIB", "LD_LIBRARY_PATH", "MALLOC_CONF"]

    /// The child's environment: only the ``keptVariables`` of `environment`, `SWIFT_DETERMINISTIC_HASHING=1`,
    /// `LD_BIND_NOW=1` and ``jemallocOptions`` appended to `MALLOC_CONF` (jemalloc lets the last setting of an
    /// option win).
    ///
    /// `LD_BIND_NOW=1` makes the dynamic linker resolve every symbol at start-up: lazily, the first call of a C
    /// function from a measured region paid about 1 000 instructions of symbol lookup (`_dl_fixup`, `do_lookup_x`),
    /// in whichever region happened to call it first.
    ///
    /// Nothing else passes, so that the counts do not depend on the caller's environment: variables such as
    /// `GLIBC_TUNABLES` (which can pick another `memcpy`), `LD_PRELOAD` or the Swift runtime's `SWIFT_DEBUG_*`
    /// settings change what runs.
    public static func childEnvironment(from environment: [String: String]) -> [String: String] {
        var result = environment.filter { keptVariables.contains($0.key) }
        result["SWIFT_DETERMINISTIC_HASHING"] = "1"
        result["LD_BIND_NOW"] = "1"
        let existing = environment["MALLOC_CONF"].flatMap { $0.isEmpty ? nil : $0 }
        result["MALLOC_CONF"] = existing.map { "\($0),\(jemallocOptions)" } ?? jemallocOptions
        return result
    }

    /// A launcher for the valgrind at `valgrind`, whose version is `version`, stripping programs with `objcopy`.
    public init(valgrind: String, version: String, objcopy: String) {
        self.valgrind = valgrind
        self.version = version
        self.objcopy = objcopy
    }

    /// Finds `valgrind` and `objcopy` (else `llvm-objcopy`) in the absolute directories of `searchPath` (a `PATH`
    /// value; empty and relative entries are skipped) and reads valgrind's version.
    ///
    /// - Throws: ``CallgrindLaunchError/valgrindNotFound`` when there is no valgrind,
    ///   ``CallgrindLaunchError/valgrindBroken(path:reason:)`` when it does not answer `--version`,
    ///   ``CallgrindLaunchError/objcopyNotFound`` when there is no objcopy.
    public static func locate(searchPath: String? = ProcessInfo.processInfo.environment["PATH"])
        throws(CallgrindLaunchError) -> CallgrindLauncher
    {
        guard let path = Executables.find("valgrind", searchPath: searchPath) else { throw .valgrindNotFound }
        guard let objcopy = Executables.find("objcopy", searchPath: searchPath)
            ?? Executables.find("llvm-objcopy", searchPath: searchPath)
        else { throw .objcopyNotFound }
        let output: (status: Int32, text: String)
        do {
            output = try runCapturing(path, ["--version"])
        } catch {
            throw .valgrindBroken(path: path, reason: Self.reason(error))
        }
        let text = output.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard output.status == 0, text.hasPrefix("valgrind-") else {
            throw .valgrindBroken(path: path,
                                  reason: "`valgrind --version` exited \(output.status) and printed '\(text)'")
        }
        return CallgrindLauncher(valgrind: path, version: String(text.dropFirst("valgrind-".count)), objcopy: objcopy)
    }

    /// valgrind's arguments for running `program` with `arguments`, writing dumps into `outputDirectory`.
    public func arguments(program: String, arguments: [String], outputDirectory: String) -> [String] {
        [
            "--tool=callgrind",
            // Nothing is counted until the program asks; code runs uninstrumented (faster) until it asks.
            "--collect-atstart=no", "--instr-atstart=no",
            // One file per dump: callgrind.out.PID.PART, and callgrind.out.PID at exit.
            "--callgrind-out-file=\(outputDirectory)/callgrind.out.%p",
            // No banner; valgrind's own errors still go to stderr.
            "-q",
            program,
        ] + arguments
    }

    /// Runs a copy of `program` without debug information under callgrind, once per entry of `children` (each the
    /// arguments of one child), at most `jobs` children at a time, and returns the dumps of each child, in the order
    /// of `children`, each ordered by part. `extra` adds variables to ``childEnvironment(from:)`` (a
    /// ``HostEmulation``'s).
    ///
    /// The temporary directory and every child are registered with ``Platform/InterruptCleanup`` while they exist,
    /// so that an interrupted run (SIGINT, SIGTERM) ends the valgrind children and removes the directory before it
    /// exits.
    ///
    /// Each child has its own output directory and starts from a fresh process, so that its counts do not depend on
    /// what other children did (allocator state, caches). Standard error is shared with this process, so the
    /// children's progress lines show up as they come; their standard output goes to standard error too. After a
    /// child fails, no further child starts, and the running ones are waited for.
    ///
    /// With a `functions` sink, each dump is also read per function and handed to it as it is read (then returned
    /// without its ``CallgrindOutput/functions``), and the sink is told when a child's dumps are done, so that the
    /// per-function figures of a run's thousands of dumps are added up, never all held.
    ///
    /// - Throws: ``CallgrindLaunchError`` when a child cannot start, fails, or leaves output that cannot be read.
    ///   When a dump cannot be parsed, the output directory is kept and named in the error.
    public func run(program: String, children: [[String]], jobs: Int = 1, environment extra: [String: String] = [:],
                    functions sink: (any CallgrindFunctionSink)? = nil)
        throws(CallgrindLaunchError) -> [[CallgrindOutput]]
    {
        let fileManager = FileManager.default
        let root = fileManager.temporaryDirectory
            .appendingPathComponent("layoutbench-callgrind-\(UUID().uuidString)").path
        do {
            try fileManager.createDirectory(atPath: root, withIntermediateDirectories: false,
                                            attributes: [.posixPermissions: 0o700])
        } catch {
            throw .outputDirectory(path: root, reason: Self.reason(error))
        }
        var keep = false
        let rootToken = InterruptCleanup.registerDirectory(root)
        defer {
            if !keep { try? fileManager.removeItem(atPath: root) }
            InterruptCleanup.unregister(rootToken)
        }

        let stripped = "\(root)/\(URL(fileURLWithPath: program).lastPathComponent)"
        let strip: (status: Int32, text: String)
        do {
            strip = try Self.runCapturing(objcopy, ["--strip-debug", program, stripped])
        } catch {
            throw .stripFailed(program: program, reason: "cannot start \(objcopy): \(Self.reason(error))")
        }
        guard strip.status == 0 else {
            throw .stripFailed(program: program, reason: "\(objcopy) exited \(strip.status): "
                + strip.text.trimmingCharacters(in: .whitespacesAndNewlines))
        }

        // Start children while fewer than `jobs` run; poll for the ones that ended (a child takes seconds to
        // minutes, so a 50 ms poll costs nothing and needs no thread). No new child starts after one failed.
        let environment = Self.childEnvironment(from: ProcessInfo.processInfo.environment)
            .merging(extra) { $1 }
        var running: [(index: Int, child: Programs.Child)] = []
        var ended: [Int: Programs.Termination] = [:]
        var next = 0
        var startError: CallgrindLaunchError?
        while next < children.count || !running.isEmpty {
            let failed = ended.values.contains { $0 != .exited(0) }
            while next < children.count && running.count < Swift.max(1, jobs) && !failed && startError == nil {
                let directory = "\(root)/\(next)"
                do {
                    try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: false)
                    let arguments = self.arguments(program: stripped, arguments: children[next],
                                                   outputDirectory: directory)
                    running.append((next, try Programs.spawn(valgrind, arguments, environment: environment)))
                } catch let error as Programs.Failure {
                    startError = .couldNotStart(path: valgrind, reason: Self.startFailure(error))
                } catch {
                    startError = .outputDirectory(path: directory, reason: Self.reason(error))
                }
                next += 1
            }
            if running.isEmpty { break }
            var stillRunning: [(index: Int, child: Programs.Child)] = []
            for entry in running {
                if let termination = Programs.poll(entry.child) { ended[entry.index] = termination } else {
                    stillRunning.append(entry)
                }
            }
            if stillRunning.count == running.count { usleep(50_000) }
            running = stillRunning
        }
        if let startError { throw startError }

        var dumps: [[CallgrindOutput]] = []
        for index in children.indices {
            let which = children.count == 1 ? "" : " (child \(index + 1) of \(children.count))"
            switch ended[index] {
            case .exited(0)?: break
            case let .exited(status)?: throw .childFailed("exited with status \(status)\(which)")
            case let .killed(signal)?: throw .childFailed("was killed by signal \(signal)\(which)")
            case nil: throw .childFailed("did not run: an earlier child failed\(which)")
            }
            do {
                dumps.append(try Self.readDumps(in: "\(root)/\(index)", functions: sink))
                sink?.childFinished()
            } catch {
                keep = true
                throw error
            }
        }
        return dumps
    }

    /// Why `posix_spawn` failed, without the program's name (which ``CallgrindLaunchError/couldNotStart(path:reason:)``
    /// gives).
    private static func startFailure(_ failure: Programs.Failure) -> String {
        switch failure {
        case let .cannotStart(_, reason): reason
        case .cannotOpenLog: failure.description
        }
    }

    /// Every callgrind output file in `directory`, parsed, ordered by part; with a `sink`, each is read per function
    /// and handed to it, and returned without its functions.
    private static func readDumps(in directory: String, functions sink: (any CallgrindFunctionSink)?)
        throws(CallgrindLaunchError) -> [CallgrindOutput]
    {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { $0.hasPrefix("callgrind.out.") }
        } catch {
            throw .outputDirectory(path: directory, reason: reason(error))
        }
        var dumps: [CallgrindOutput] = []
        for name in names {
            let path = "\(directory)/\(name)"
            let text: String
            do {
                text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            } catch {
                throw .unreadableOutput(path: path, reason: reason(error))
            }
            var dump: CallgrindOutput
            do {
                dump = try CallgrindOutput(parsing: text, functions: sink != nil)
            } catch {
                throw .malformedOutput(path: path, error)
            }
            if let sink {
                sink.add(dump)
                dump.functions = nil
            }
            dumps.append(dump)
        }
        return dumps.sorted { ($0.part ?? .max) < ($1.part ?? .max) }
    }

    /// Runs `executable` with `arguments` (stdin from /dev/null) and returns its exit status and what it printed on
    /// standard output and standard error, together.
    private static func runCapturing(_ executable: String, _ arguments: [String])
        throws(Programs.Failure) -> (status: Int32, text: String)
    {
        let output = try Programs.run(executable, arguments, standardError: .merged)
        return (output.status, output.standardOutput)
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedDescription
    }
}

/// Receives each dump's figures per function as ``CallgrindLauncher`` reads the dumps, so that they are added up as
/// they come and let go (a run writes thousands of dumps).
public protocol CallgrindFunctionSink: AnyObject {
    /// One dump, read with its ``CallgrindOutput/functions``.
    func add(_ dump: CallgrindOutput)
    /// Every dump of one child has been given.
    func childFinished()
}

/// Why the instruction pass under callgrind could not run, in one line.
public enum CallgrindLaunchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No `valgrind` executable in the absolute `PATH` entries.
    case valgrindNotFound
    /// `valgrind` exists but does not answer `--version`.
    case valgrindBroken(path: String, reason: String)
    /// Neither `objcopy` nor `llvm-objcopy` in the absolute `PATH` entries.
    case objcopyNotFound
    /// The copy of the program without debug information could not be made.
    case stripFailed(program: String, reason: String)
    /// The temporary directory for callgrind's output could not be made or listed.
    case outputDirectory(path: String, reason: String)
    /// valgrind could not be started.
    case couldNotStart(path: String, reason: String)
    /// The child (or valgrind itself) failed; its own messages went to standard error before this one.
    case childFailed(String)
    /// A dump file could not be read.
    case unreadableOutput(path: String, reason: String)
    /// A dump file is not valid callgrind output.
    case malformedOutput(path: String, CallgrindOutputError)

    public var description: String {
        switch self {
        case .valgrindNotFound:
            "valgrind not found on PATH; instruction counts need it: install it with `sudo apt-get install valgrind` "
                + "or `make deps DEPS_FLAGS=--with-valgrind`"
        case let .valgrindBroken(path, reason): "valgrind at \(path) does not work: \(reason)"
        case .objcopyNotFound:
            "objcopy not found on PATH; instruction counts run a copy of layoutbench without debug information, "
                + "which valgrind 3.19 cannot read: install binutils (`sudo apt-get install binutils`)"
        case let .stripFailed(program, reason): "cannot copy \(program) without debug information: \(reason)"
        case let .outputDirectory(path, reason): "cannot use \(path) for callgrind's output: \(reason)"
        case let .couldNotStart(path, reason): "cannot start \(path): \(reason)"
        case let .childFailed(how): "the instruction pass under callgrind \(how)"
        case let .unreadableOutput(path, reason): "cannot read callgrind output \(path) (kept): \(reason)"
        case let .malformedOutput(path, error): "\(error) in \(path) (kept)"
        }
    }
}
