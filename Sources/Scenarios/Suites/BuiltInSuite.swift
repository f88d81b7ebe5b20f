/// The suites that ship with LayoutBench, by name: what `run --suite NAME` takes besides the path of a suite file.
///
/// Each suite holds, family after family of the catalog, the workloads the family gives it
/// (``LayoutFamily/workloads(forSuite:)``); ``Suite/builtIn(_:catalog:scalingCapSeconds:)`` builds it.
public enum BuiltInSuite: String, CaseIterable, Hashable, Sendable {
    /// The default: under a minute on 2 cores.
    case quick
    /// A few minutes: the sizes and parameters that tell strategies apart.
    case standard
    /// Everything up to 10^8 elements: under 20 minutes here.
    case full
    /// What a CI gate trusts on a shared machine: deterministic metrics only, in seconds.
    case gate
    /// Every family and variant over a ladder of sizes, for Big-O fits and crossovers.
    case scaling

    /// The suite's name, recorded in results.
    public var name: String { rawValue }

    /// One line on what the suite measures over every family of the catalog, naming none: what each family gives
    /// the suite is its own (``LayoutFamily/workloads(forSuite:)``), and `list scenarios --suite NAME` lists it.
    public var summary: String {
        switch self {
        case .quick:
            "every variant and mode of each family at 10^5 to 10^6 elements (mostly 1000x1000), plus what a family "
                + "adds: its indexed strategies at 10000x10000, object storage at 300x300, batch updates, self-sizing"
        case .standard:
            "every family at 10^4 to 10^7 elements: each family's size distributions, storages, viewports, pinning, "
                + "directions, alignments and presets, layout switches, batch updates and self-sizing"
        case .full:
            "every family, variant, storage and mode up to 10^8 elements (10000x10000), the naive scans and object "
                + "storage included where the memory guard allows"
        case .gate:
            "deterministic metrics only (allocations, recomputed elements, cells tested, bytes per cell) of every "
                + "family at about 100x100, a grid's separable sizes up to 1000x1000"
        case .scaling:
            Suite.scalingSummary
        }
    }

    /// Whether the suite measures deterministic metrics only (``Suite/deterministicOnly``).
    public var deterministicOnly: Bool { self == .gate }
}
