import Platform

/// Swift's mangled symbol names made readable by the toolchain's own demangler: `swift demangle --simplified`, run as
/// a process through ``Platform/Programs`` (an argument array, never a shell), with every name of a profile in one
/// call.
///
/// `--simplified` leaves out module names and implicit `self` types
/// (`$s9RectIndex14RowBucketQueryO5query…Tg5` reads `specialized static RowBucketQuery.query<A>(_:in:reader:into:)`),
/// `--compact` prints one demangled name a line and nothing else. Only names that look mangled are passed
/// (``isMangled(_:)``): given `swift_retain`, the demangler answers `$swift_retain`.
public struct SwiftDemangler: Sendable {
    /// The `swift` executable, or `nil` when none is on `PATH` (names then stay as callgrind wrote them).
    public var swift: String?

    /// What the names of a profile demangled by this demangler are, for the profile's record.
    public static let method = "swift demangle --simplified"

    /// The most bytes of names given to one call; a profile's names fit in one call far below it (a gate run has
    /// about a thousand names of about 120 bytes), and Linux allows 2 MiB of arguments and environment.
    static let bytesPerCall = 1 << 20

    /// A demangler that runs the `swift` at `swift`.
    public init(swift: String?) {
        self.swift = swift
    }

    /// The demangler of the `swift` on `PATH`.
    public static func located() -> SwiftDemangler {
        SwiftDemangler(swift: Executables.find("swift"))
    }

    /// Whether `name` is a Swift mangled name: `$s`, `_$s` (Swift 5 and later), `$S`, `_$S` (Swift 4.2), `$e`, `_$e`
    /// (embedded Swift) or `_T0` (Swift 4), followed by more.
    public static func isMangled(_ name: String) -> Bool {
        for prefix in ["$s", "_$s", "$S", "_$S", "$e", "_$e", "_T0"] where name.hasPrefix(prefix) {
            return name.count > prefix.count && !name.contains(where: { $0 == " " || $0 == "\n" })
        }
        return false
    }

    /// The readable form of each mangled name of `names`, by name; names that are not mangled are left out.
    ///
    /// - Throws: ``SwiftDemanglerError`` when there is no `swift`, it cannot be started, it fails, or it does not
    ///   answer one line per name.
    /// - Complexity: one process per `bytesPerCall` of names, so one for any profile.
    public func demangle(_ names: some Sequence<String>) throws(SwiftDemanglerError) -> [String: String] {
        let mangled = Array(Set(names.filter(Self.isMangled))).sorted()
        guard !mangled.isEmpty else { return [:] }
        guard let swift else { throw .notFound }
        var result: [String: String] = [:]
        var start = 0
        while start < mangled.count {
            var end = start, bytes = 0
            while end < mangled.count && (end == start || bytes + mangled[end].utf8.count < Self.bytesPerCall) {
                bytes += mangled[end].utf8.count + 1
                end += 1
            }
            let batch = Array(mangled[start..<end])
            let output: Programs.Output
            do {
                output = try Programs.run(swift, ["demangle", "--simplified", "--compact"] + batch,
                                          standardError: .discarded)
            } catch {
                throw .cannotRun(error.description)
            }
            guard output.status == 0 else { throw .failed(status: output.status) }
            var lines = output.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.last == "" { lines.removeLast() }
            guard lines.count == batch.count else { throw .unexpectedOutput(names: batch.count, lines: lines.count) }
            for (name, line) in zip(batch, lines) { result[name] = String(line) }
            start = end
        }
        return result
    }
}

/// Why Swift names could not be demangled, in one line.
public enum SwiftDemanglerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No `swift` on `PATH`.
    case notFound
    /// `swift` could not be started.
    case cannotRun(String)
    /// `swift demangle` exited with this status.
    case failed(status: Int32)
    /// `swift demangle` did not print one line per name.
    case unexpectedOutput(names: Int, lines: Int)

    public var description: String {
        switch self {
        case .notFound: "swift is not on PATH, so Swift names stay mangled"
        case let .cannotRun(reason): "`swift demangle` could not run (\(reason)), so Swift names stay mangled"
        case let .failed(status): "`swift demangle` exited with status \(status), so Swift names stay mangled"
        case let .unexpectedOutput(names, lines):
            "`swift demangle` printed \(lines) line(s) for \(names) name(s), so Swift names stay mangled"
        }
    }
}
