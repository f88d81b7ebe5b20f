/// One `key=value` setting of a layout, as text: `--set KEY=VALUE`, or a parameter's own option (`--sticky-rows 2`).
public struct LayoutSetting: Hashable, Sendable {
    /// The parameter's key.
    public var key: String
    /// The value as given.
    public var text: String
    /// The parameter's own option it was given through (``LayoutCatalog/ParameterAlias``), or `nil` for `--set`.
    public var option: String?

    /// Creates a setting.
    public init(key: String, text: String, option: String? = nil) {
        self.key = key
        self.text = text
        self.option = option
    }
}

/// Why the catalog refused a layout's settings; the command line words each case
/// (`LayoutBenchCLI`'s `ContentOptions.swift`).
public enum LayoutSettingsError: Error, Hashable, Sendable {
    /// No family of the catalog has this name; the known names follow.
    case unknownLayout(String, known: [String])
    /// A setting tried to choose the layout (`name=…`).
    case nameIsNotAParameter(LayoutSetting)
    /// Parameter options (`--sticky-rows`) of another family were given for `layout`; `owner` is their family.
    case optionsOfAnotherFamily([String], owner: String, layout: String)
    /// The family takes no parameter `key`: the closest known key, if one is near, and every accepted key.
    case unknownKey(String, layout: String, closest: String?, accepted: [String])
    /// One key was set twice.
    case givenTwice(LayoutSetting, LayoutSetting)
    /// `null`: no value.
    case null(LayoutSetting, LayoutParameter)
    /// A number beyond `Double`'s range.
    case outOfRange(LayoutSetting, LayoutParameter)
    /// A value the parameter does not take: what it takes in words (`a whole number`), or `nil` when its help lists
    /// the values.
    case notAccepted(LayoutSetting, LayoutParameter, layout: String, takes: String?)
}

extension LayoutCatalog {
    /// A parameter's own command-line option: `--sticky-rows` for the sticky grid's `stickyRows`.
    public struct ParameterAlias: Hashable, Sendable {
        /// The option, with its dashes.
        public var option: String
        /// The family that takes it.
        public var family: String
        /// The parameter.
        public var parameter: LayoutParameter
        /// Whether the parameter takes a whole number (an `Int`), so that the option can take one.
        public var takesWholeNumbers: Bool
    }

    /// Every parameter option the catalog's families declare (``FamilyParameter/option``), in catalog order.
    public var parameterAliases: [ParameterAlias] {
        families.flatMap { family in
            family.parameterOptions.compactMap { option, key in
                family.parameters.first { $0.key == key }.map {
                    ParameterAlias(option: "--\(option)", family: family.name, parameter: $0,
                                   takesWholeNumbers: family.wholeNumberKeys.contains(key))
                }
            }
        }
    }

    /// The catalog's default family, the first: what `--layout` and a suite file's workload without `"layout"`
    /// mean when they name none (the sticky grid, for the built-in catalog and every catalog made by adding to it).
    public var defaultFamily: (any LayoutFamily.Type)? { families.first }

    /// The family `name` with `settings` applied over its defaults, every refusal typed and first found first: an
    /// unknown name; parameter options of another family; a setting that names the layout; a key given twice (or
    /// both by `--set` and its option); `null`; a number beyond `Double`'s range; then a value its parameter does
    /// not take; then a key the family does not take. No JSON is built and no decoding error is read.
    public func family(named name: String, settings: [LayoutSetting])
        throws(LayoutSettingsError) -> AnyLayoutFamily
    {
        guard let family = family(named: name) else { throw .unknownLayout(name, known: names) }
        let foreign = settings.compactMap(\.option).filter { option in
            !parameterAliases.contains { $0.option == option && $0.family == name }
        }
        if !foreign.isEmpty {
            let owner = parameterAliases.first { $0.option == foreign[0] }?.family ?? ""
            let all = parameterAliases.filter { $0.family == owner }.map(\.option)
            throw .optionsOfAnotherFamily(all, owner: owner, layout: name)
        }
        let parameters = family.parameters
        var given: [String: LayoutSetting] = [:]
        var known: [(LayoutSetting, LayoutParameter)] = []
        var unknown: [LayoutSetting] = []
        // The options' settings first, then `--set`'s in order: a `--set` that repeats an option is named as such.
        for setting in settings.filter({ $0.option != nil }) + settings.filter({ $0.option == nil }) {
            if setting.key == "name" { throw .nameIsNotAParameter(setting) }
            guard let parameter = parameters.first(where: { $0.key == setting.key }) else {
                unknown.append(setting)
                continue
            }
            if let previous = given[setting.key] { throw .givenTwice(previous, setting) }
            given[setting.key] = setting
            if setting.text == "null" { throw .null(setting, parameter) }
            if isNumberText(setting.text), let number = Double(setting.text), !number.isFinite {
                throw .outOfRange(setting, parameter)
            }
            known.append((setting, parameter))
        }
        let base: any LayoutFamily
        do throws(FamilySettingRefusal) {
            base = try family.applying(known.map { ($0.0.key, $0.0.text) })
        } catch {
            guard let (setting, parameter) = known.first(where: { $0.0.key == error.key }) else {
                throw .unknownKey(error.key, layout: name, closest: nil, accepted: ["name"] + parameters.map(\.key))
            }
            let takes: String? = switch error.refusal {
            case let .notA(kind): kind
            case .notAccepted: nil
            }
            throw .notAccepted(setting, parameter, layout: name, takes: takes)
        }
        if let first = unknown.first {
            let accepted = ["name"] + parameters.map(\.key)
            throw .unknownKey(first.key, layout: name, closest: StrictKeys.closest(to: first.key, in: accepted),
                              accepted: accepted)
        }
        return AnyLayoutFamily(erasing: base)
    }
}
