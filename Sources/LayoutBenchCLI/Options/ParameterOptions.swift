import ArgumentParser
import Scenarios

/// The layout parameters with options of their own: every alias of `--set KEY=VALUE` that a family of the registered
/// catalog declares (``Scenarios/FamilyParameter/option``, listed by ``Scenarios/LayoutCatalog/parameterAliases``),
/// one titled group a family in the help, each option with its parameter's help and default. The command line names
/// no family: each family declares its own aliases, a user's family as a built-in one.
///
/// ArgumentParser learns a type's options by reflecting an instance of it, so this type reflects as one option group
/// a family with aliases (``customMirror``), and each group as that family's options; decoding reads them back under
/// the same keys. An option is kept only when given, so that a value given both here and with `--set` is refused
/// rather than one silently winning. An option another family of the catalog declared first is left to that family.
struct ParameterOptions: ParsableArguments, CustomReflectable {
    /// The options given, as settings for the catalog.
    private(set) var settings: [LayoutSetting] = []

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ParameterOptionKey.self)
        for family in Self.familiesWithAliases {
            settings += try Self.settings(of: family, from: container)
        }
    }

    var customMirror: Mirror {
        Mirror(self, children: Self.familiesWithAliases.map { family -> Mirror.Child in
            (label: family.name, value: Self.group(of: family))
        })
    }

    /// The catalog's families that declare at least one alias, in catalog order.
    private static var familiesWithAliases: [any LayoutFamily.Type] {
        let owners = Set(aliases.map(\.family))
        return LayoutCatalog.registered.families.filter { owners.contains($0.name) }
    }

    /// The catalog's aliases, each option once: the first family to declare it keeps it.
    static var aliases: [LayoutCatalog.ParameterAlias] {
        var seen: Set<String> = []
        return LayoutCatalog.registered.parameterAliases.filter { seen.insert($0.option).inserted }
    }

    /// `Family`'s options as a group titled with its name, dashes as spaces: `My family` for `my-family`.
    private static func group<Family: LayoutFamily>(of _: Family.Type) -> Any {
        let words = Family.name.split(separator: "-").joined(separator: " ")
        return OptionGroup<FamilyParameterOptions<Family>>(title: words.prefix(1).uppercased() + words.dropFirst())
    }

    private static func settings<Family: LayoutFamily>(of _: Family.Type,
                                                       from container: KeyedDecodingContainer<ParameterOptionKey>)
        throws -> [LayoutSetting]
    {
        try container.decode(OptionGroup<FamilyParameterOptions<Family>>.self,
                             forKey: ParameterOptionKey(Family.name)).wrappedValue.settings
    }

    /// The parameter's help as a sentence, with its default.
    static func help(for parameter: LayoutParameter) -> String {
        parameter.help.prefix(1).uppercased() + parameter.help.dropFirst() + " (default: \(parameter.defaultValue))."
    }
}

/// One family's parameter options (``ParameterOptions``): an option a parameter alias, under the option's name. A
/// parameter that takes whole numbers takes an `Int`, which ArgumentParser refuses as it refuses any integer option;
/// any other value is passed as text, for the catalog to read and refuse in one line.
struct FamilyParameterOptions<Family: LayoutFamily>: ParsableArguments, CustomReflectable {
    /// The options given, as settings for the catalog.
    private(set) var settings: [LayoutSetting] = []

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ParameterOptionKey.self)
        for alias in Self.aliases {
            let key = ParameterOptionKey(alias.option)
            let text: String? = if alias.takesWholeNumbers {
                try container.decode(Option<Int?>.self, forKey: key).wrappedValue.map(String.init)
            } else {
                try container.decode(Option<String?>.self, forKey: key).wrappedValue
            }
            if let text { settings.append(LayoutSetting(key: alias.parameter.key, text: text, option: alias.option)) }
        }
    }

    var customMirror: Mirror {
        Mirror(self, children: Self.aliases.map { alias -> Mirror.Child in
            let name = String(alias.option.drop { $0 == "-" })
            let help = ArgumentHelp(ParameterOptions.help(for: alias.parameter), valueName: name)
            let option: Any = alias.takesWholeNumbers
                ? Option<Int?>(name: .customLong(name), parsing: .unconditional, help: help)
                : Option<String?>(name: .customLong(name), parsing: .unconditional, help: help)
            return (label: alias.option, value: option)
        })
    }

    /// The aliases this family keeps (``ParameterOptions/aliases``).
    private static var aliases: [LayoutCatalog.ParameterAlias] {
        ParameterOptions.aliases.filter { $0.family == Family.name }
    }
}

/// A key of ``ParameterOptions``' decoding: a family's name, or an option with its dashes.
struct ParameterOptionKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
