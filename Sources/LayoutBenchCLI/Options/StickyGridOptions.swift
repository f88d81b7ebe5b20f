import ArgumentParser
import Scenarios

/// The sticky grid's own options, `--sticky-rows` and `--sticky-columns`: its family's parameters `stickyRows` and
/// `stickyColumns` under names of their own, as the command line had them before `--set`. Their help is the
/// family's.
///
/// Optional, so that a count given both here and with `--set` is refused rather than one silently winning.
struct StickyGridOptions: ParsableArguments {
    /// The family the options belong to.
    static let family = StickyGridFamily.self

    @Option(parsing: .unconditional, help: ArgumentHelp(StickyGridOptions.help(for: "stickyRows")))
    var stickyRows: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp(StickyGridOptions.help(for: "stickyColumns")))
    var stickyColumns: Int?

    /// Each option's parameter key, its spelling and its value.
    var settings: [(key: String, option: String, value: Int?)] {
        [("stickyRows", "--sticky-rows", stickyRows), ("stickyColumns", "--sticky-columns", stickyColumns)]
    }

    /// `--sticky-rows and --sticky-columns`.
    static var optionNames: String { "--sticky-rows and --sticky-columns" }

    /// The family parameter's help as a sentence, with its default.
    static func help(for key: String) -> String {
        guard let parameter = family.parameters.first(where: { $0.key == key }) else { return "" }
        return parameter.help.prefix(1).uppercased() + parameter.help.dropFirst()
            + " (default: \(parameter.defaultValue))."
    }
}
