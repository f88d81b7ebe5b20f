import ArgumentParser
import Layouts
import Scenarios

/// `layoutbench list`: the suites, the scenarios of one, or the layout families.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the built-in suites, the scenarios of one suite, or the layouts.")

    @OptionGroup(title: "Suite (list its scenario ids)") var selection: SuiteOptions

    /// The suite whose ids to list; without it, the suites.
    var suite: String? { selection.suite }
    /// The scenario filters.
    var filter: [String] { selection.filter }

    @Flag(help: "List the layout families: parameters, query variants (reference marked) and invalidation modes.")
    var layouts = false

    func validate() throws {
        if layouts && (suite != nil || !filter.isEmpty) {
            throw ValidationError("--layouts lists the layout families; it takes no --suite or --filter")
        }
        if selection.seed != nil { throw ValidationError("--seed does not change scenario ids; list takes none") }
        if layouts && (selection.rows != nil || selection.columns != nil) {
            throw ValidationError("--layouts lists the layout families; it takes no --rows or --columns")
        }
        if suite == nil && !filter.isEmpty {
            throw ValidationError("--filter selects scenarios of a suite; add --suite NAME (`layoutbench list` names "
                + "the suites)")
        }
    }

    func run() throws {
        if layouts {
            try standardOutput(Self.renderLayouts(LayoutCatalog.registered))
            return
        }
        guard let name = suite else {
            for suite in Suite.builtIn {
                try standardOutput("\(suite.name): \(suite.scenarioIDs.count) scenarios in \(suite.workloads.count) "
                    + "workloads; \(suite.summary)")
            }
            try standardOutput("\nScenario ids: ROWSxCOLUMNS/SIZES/LAYOUT/STORAGE/VIEWPORT/TRACE@HZ/VARIANT/INVALIDATION "
                  + "(the sticky grid's LAYOUT is stickyRxC); layouts: `layoutbench list --layouts`")
            return
        }
        let loaded: Suite
        do {
            loaded = try Suite.load(name).resized(rows: selection.rows, columns: selection.columns)
        } catch let error as SuiteError {
            throw ValidationError(error.description)
        }
        let selected = loaded.scenarioIDs.filter { Suite.matches($0, patterns: filter) }
        if selected.isEmpty {
            throw ValidationError("no scenario of suite '\(loaded.name)' matches --filter "
                + "\(filter.joined(separator: " ")); `layoutbench list --suite \(name)` lists them all")
        }
        for id in selected { try standardOutput(id) }
    }

    /// Every family of `catalog`: name and summary, then its parameters, query variants and modes.
    static func renderLayouts(_ catalog: LayoutCatalog) -> String {
        var out: [String] = []
        for family in catalog.families {
            out.append("\(family.name): \(family.summary)")
            if family.parameters.isEmpty {
                out.append("  parameters: none")
            } else {
                out.append("  parameters:")
                for parameter in family.parameters {
                    out.append("    \(parameter.key) (default \(parameter.defaultValue)): \(parameter.help)")
                }
            }
            out.append("  query variants:")
            for variant in family.queryVariants {
                let mark = variant == family.referenceVariant ? " [reference]" : ""
                out.append("    \(variant.name)\(mark): \(variant.summary)")
            }
            out.append("  invalidation: " + InvalidationMode.allCases.map(\.rawValue).joined(separator: ", ")
                       + " (full wraps any layout; context is the layout's own invalidation contexts)")
            out.append("  storage: " + family.storages.map(\.rawValue).joined(separator: ", "))
            out.append("  id component: \(family.init().idComponent)")
            out.append("")
        }
        out.append("A suite file names a layout as \"layout\": {\"name\": NAME, PARAMETER: VALUE, …}; on the command "
                   + "line, --layout NAME --set PARAMETER=VALUE.")
        return out.joined(separator: "\n")
    }
}
