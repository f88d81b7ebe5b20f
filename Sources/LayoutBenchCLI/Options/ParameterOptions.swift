import ArgumentParser
import Scenarios

/// The layout parameters with options of their own, `--sticky-rows` and `--sticky-columns`: aliases of `--set KEY=VALUE`
/// that the catalog lists (``Scenarios/LayoutCatalog/parameterAliases``), which knows their family and key; their help
/// is the parameter's. The command line had them before `--set`.
///
/// Optional, so that a value given both here and with `--set` is refused rather than one silently winning.
struct ParameterOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(ParameterOptions.help(for: "--sticky-rows")))
    var stickyRows: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp(ParameterOptions.help(for: "--sticky-columns")))
    var stickyColumns: Int?

    /// The options given, as settings for the catalog.
    var settings: [LayoutSetting] {
        [("--sticky-rows", stickyRows), ("--sticky-columns", stickyColumns)].compactMap { option, value in
            guard let value, let alias = LayoutCatalog.registered.parameterAliases.first(where: { $0.option == option })
            else { return nil }
            return LayoutSetting(key: alias.parameter.key, text: String(value), option: option)
        }
    }

    /// The parameter's help as a sentence, with its default.
    static func help(for option: String) -> String {
        guard let parameter = LayoutCatalog.registered.parameterAliases.first(where: { $0.option == option })?.parameter
        else { return "" }
        return parameter.help.prefix(1).uppercased() + parameter.help.dropFirst()
            + " (default: \(parameter.defaultValue))."
    }
}
