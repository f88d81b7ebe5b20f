import ArgumentParser
import Scenarios

/// `run`'s self-sizing options: turn self-sizing items on for the workloads whose family supports them, and pick
/// the estimate and the fitting cost.
struct SelfSizingOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(
        "Give every workload whose layout supports it (the vertical flow) self-sizing items.",
        discussion: "Cells start at an estimated height and fit a text-like height (44 to 400 pt, on the 0.5 pt "
            + "grid, seeded by the item and the width offered) as they come on screen; the update strategy (--updates) "
            + "is then the self-sizing strategy and --anchoring what a resolution keeps in place. Workloads whose trace "
            + "has batch updates are left as they are."))
    var selfSizing = false

    @Option(parsing: .unconditional, help: "Self-sizing items per line: 1 is a list (default: 1).")
    var itemsPerLine: Int?

    @Option(parsing: .unconditional, help: "The estimated height of a self-sizing item, in points (default: 44, a table row).")
    var estimatedHeight: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "The cost of one fitting in work units, about 1.2 ns each (default: 3000, a simple Auto Layout cell).",
        valueName: "units"))
    var fittingCost: Int?

    /// The spec `--self-sizing` gives, or `nil` when it is not given.
    var spec: SelfSizingSpec? {
        guard selfSizing else { return nil }
        return SelfSizingSpec(itemsPerLine: itemsPerLine ?? 1,
                              estimatedExtent: estimatedHeight ?? SelfSizingSpec.defaultEstimatedExtent,
                              fittingCost: fittingCost ?? SelfSizingSpec.defaultFittingCost)
    }

    func validate() throws {
        if !selfSizing {
            let given = [("--items-per-line", itemsPerLine != nil), ("--estimated-height", estimatedHeight != nil),
                         ("--fitting-cost", fittingCost != nil)].filter(\.1).map(\.0)
            if let first = given.first { throw ValidationError("\(first) needs --self-sizing") }
        }
        if let problem = spec?.problem { throw ValidationError(problem) }
    }
}
