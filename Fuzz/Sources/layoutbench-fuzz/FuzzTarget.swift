import Foundation

/// A reader of user input, with what the commands that read it do next.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// A JSON suite file, as `list --suite FILE` and `run --suite FILE` read it.
    case suite
    /// A results file, as `report`, `compare` and `gate` read and render it.
    case results
    /// A thresholds file, as `gate --thresholds FILE` reads it.
    case thresholds
    /// Shard results files, as `merge` joins them: documents separated by a NUL byte.
    case shards
    /// `--set KEY=VALUE` values, as `verify --layout NAME --set …` decodes and builds them.
    case set
    /// A history database file, as every `history` command reads it (and `history add` writes it).
    case history
    /// An instruction profile file, as `gate`, `compare`, `report` and `history` read it beside a results file.
    case profile

    /// The target LAYOUTBENCH_FUZZ_TARGET names, or `nil`.
    static let selected: FuzzTarget? = ProcessInfo.processInfo.environment["LAYOUTBENCH_FUZZ_TARGET"]
        .flatMap(FuzzTarget.init(rawValue:))

    /// Reads `bytes` with this target's reader and, when they are accepted, uses the value as a command would.
    /// Errors are the expected answer to bad input and are dropped here on purpose: only a trap is a finding.
    func run(_ bytes: Data) {
        switch self {
        case .suite: Self.suite(bytes)
        case .results: Self.results(bytes)
        case .thresholds: Self.thresholds(bytes)
        case .shards: Self.shards(bytes)
        case .set: Self.set(bytes)
        case .history: Self.history(bytes)
        case .profile: Self.profile(bytes)
        }
    }

    /// Keeps a result alive so that the optimiser cannot drop the work that made it.
    @inline(never)
    static func consume<T>(_ value: T) {
        withExtendedLifetime(value) {}
    }
}
