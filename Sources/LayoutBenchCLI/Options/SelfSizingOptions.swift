import ArgumentParser
import Scenarios

/// `run`'s self-sizing options: turn self-sizing items on for the workloads whose family supports them, and pick
/// the estimate and the fitting cost.
struct SelfSizingOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(
        "Give every workload whose layout supports it self-sizing items (\(SelfSizingOptions.families) take them, "
            + "where their parameters allow).",
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

    /// The registered catalog's families that support self-sizing items, by name: `a, b and c`.
    static var families: String {
        let names = LayoutCatalog.registered.families.filter { $0 is any SelfSizingLayoutFamily.Type }.map { $0.name }
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    /// The spec `--self-sizing` gives, or `nil` when it is not given.
    var spec: SelfSizingSpec? { selfSizing ? impliedSpec : nil }

    /// The spec of the options, whether or not `--self-sizing` was given: what a self-sizing trace, which implies
    /// self-sizing items, takes.
    var impliedSpec: SelfSizingSpec {
        SelfSizingSpec(itemsPerLine: itemsPerLine ?? 1,
                       estimatedExtent: estimatedHeight ?? SelfSizingSpec.defaultEstimatedExtent,
                       fittingCost: fittingCost ?? SelfSizingSpec.defaultFittingCost)
    }

    /// The first of `--items-per-line`, `--estimated-height` and `--fitting-cost` given, if any.
    var firstDetailGiven: String? {
        [("--items-per-line", itemsPerLine != nil), ("--estimated-height", estimatedHeight != nil),
         ("--fitting-cost", fittingCost != nil)].first(where: \.1)?.0
    }

    /// Checks the values; `implied` when the command's trace implies self-sizing items (`verify updates` with a
    /// self-sizing trace), so that the details need no --self-sizing there.
    func check(implied: Bool) throws {
        if !selfSizing && !implied, let first = firstDetailGiven { throw ValidationError("\(first) needs --self-sizing") }
        if selfSizing || implied, let problem = impliedSpec.problem { throw ValidationError(problem) }
    }

    func validate() throws {
        // The range of every value given, whatever the command; whether --self-sizing is needed is the command's
        // to say (a self-sizing trace implies it).
        if selfSizing || firstDetailGiven != nil, let problem = impliedSpec.problem { throw ValidationError(problem) }
    }
}
