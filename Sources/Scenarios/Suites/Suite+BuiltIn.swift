
extension Suite {
    /// The names of the suites that ship with LayoutBench: `quick` (the default), `standard`, `full`, `gate` and
    /// `scaling` (``BuiltInSuite``).
    public static var builtInNames: [String] { BuiltInSuite.allCases.map(\.name) }

    /// Each built-in suite's name and summary, without building its workloads (for help texts, which every
    /// command's parse evaluates).
    public static var builtInSummaries: [(name: String, summary: String)] {
        BuiltInSuite.allCases.map { ($0.name, $0.summary) }
    }

    /// The built-in suites over the registered catalog.
    public static var builtIn: [Suite] { builtIn(catalog: .registered) }

    /// The built-in suites over the families of `catalog`, in ``BuiltInSuite``'s order; `scaling`
    /// (``scaling(catalog:capSeconds:)``) comes last, at its default cap.
    public static func builtIn(catalog: LayoutCatalog) -> [Suite] {
        BuiltInSuite.allCases.map { builtIn($0, catalog: catalog) }
    }

    /// The built-in suite `suite` over the families of `catalog`: family after family, the workloads the family
    /// gives it (``LayoutFamily/workloads(forSuite:)``). Only that suite is built. (Building every suite to pick one
    /// built the scaling suite's ladder of every family, whose allocations moved the heap of a measuring process, and
    /// with it the allocator's instruction counts.)
    public static func builtIn(_ suite: BuiltInSuite, catalog: LayoutCatalog = .registered,
                               scalingCapSeconds: Double = defaultScalingCapSeconds) -> Suite {
        if suite == .scaling { return scaling(catalog: catalog, capSeconds: scalingCapSeconds) }
        return Suite(name: suite.name, summary: suite.summary, deterministicOnly: suite.deterministicOnly,
                     workloads: catalog.families.flatMap { $0.workloads(forSuite: suite) }
                        + updateWorkloads(forSuite: suite, catalog: catalog)
                        + selfSizingWorkloads(forSuite: suite, catalog: catalog)
                        + applyWorkloads(forSuite: suite, catalog: catalog))
    }

    /// The built-in suite named `name` over the families of `catalog`, or `nil` when there is none.
    public static func builtIn(named name: String, catalog: LayoutCatalog) -> Suite? {
        BuiltInSuite(rawValue: name).map { builtIn($0, catalog: catalog) }
    }
}
