import ArgumentParser

/// One `--set KEY=VALUE`: the key of a layout parameter and its value as given, split when the option is parsed.
///
/// The value stays text here: only the family knows whether it is JSON, a number or a plain string
/// (`LayoutOptions.family(options:)` has the catalog decode it).
struct LayoutParameterSetting: ExpressibleByArgument, Equatable, Sendable {
    /// Why a `--set` value was refused: it has no key before its `=`.
    struct Problem: Error, CustomStringConvertible {
        /// The whole message.
        var description: String
    }

    /// The parameter's key, before the first `=`.
    var key: String
    /// The value as given, after the first `=` (it may itself hold `=`).
    var text: String

    init?(argument: String) {
        guard let parsed = try? Self.parse(argument) else { return nil }
        self = parsed
    }

    /// Splits `KEY=VALUE` at its first `=`.
    ///
    /// - Throws: ``Problem`` when there is no `=` or nothing before it.
    static func parse(_ argument: String) throws(Problem) -> LayoutParameterSetting {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
            throw Problem(description: "--set takes KEY=VALUE, with a key before the '='")
        }
        return LayoutParameterSetting(key: String(argument[..<equals]),
                                      text: String(argument[argument.index(after: equals)...]))
    }

    /// Memberwise.
    init(key: String, text: String) {
        self.key = key
        self.text = text
    }
}
