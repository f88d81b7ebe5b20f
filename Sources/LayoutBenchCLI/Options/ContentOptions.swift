import Results
import ArgumentParser
import Foundation
import Layouts
import LayoutModel
import Scenarios

extension SizeDistribution: ExpressibleByArgument {}
extension CountDistribution: ExpressibleByArgument {}
extension AttributeStorageKind: ExpressibleByArgument {}

/// The options that describe the content a layout arranges, shared by every command that builds one.
struct ContentOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Rows: sections in the content (a grid's rows).")
    var rows: Int = 1000

    @Option(parsing: .unconditional, help: "Columns: items per section (a grid's columns; the mean with --counts varied).")
    var columns: Int = 1000

    @Option(help: "Items per section: uniform, or varied (a seeded count from 0 to twice --columns per section).")
    var counts: CountDistribution = .uniform

    @Option(help: "How items are sized: \(SizeDistribution.allCases.map(\.rawValue).joined(separator: ", ")).")
    var sizes: SizeDistribution = .uniform

    @Option(parsing: .unconditional, help: "Seed for sizes, counts and queries; the same seed gives the same run.")
    var seed: UInt64 = 1

    // A transform rather than `ExpressibleByArgument`, so that a refused value is explained; the help names the
    // default itself, since ArgumentParser shows none for a transformed option.
    @Option(parsing: .unconditional, help: ArgumentHelp("Viewport size in points, WIDTHxHEIGHT, each 1 to 100000 (default: 390x844, a phone; "
                               + "a tablet is 1024x1366)."),
            transform: ViewportSize.parse)
    var viewport: ViewportSize = ViewportSize(size: Size(width: 390, height: 844))

    var content: ContentSpec {
        ContentSpec(sections: rows, itemsPerSection: columns, counts: counts, sizes: sizes, seed: seed)
    }

    func validate() throws {
        if let problem = content.problem { throw ValidationError(problem) }
    }
}

/// Which layout family to build, with its parameters.
struct LayoutOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The layout family (see `layoutbench list layouts`).",
        discussion: "Built in: \(LayoutCatalog.builtIn.names.joined(separator: ", "))."))
    var layout: String = LayoutCatalog.registered.defaultFamily?.name ?? ""

    @Option(name: .customLong("set"), help: ArgumentHelp(
        "A parameter of the layout, KEY=VALUE (VALUE as JSON, or a plain string); repeatable.",
        valueName: "key=value"), transform: LayoutParameterSetting.parse)
    var parameters: [LayoutParameterSetting] = []

    /// The family, from the registered catalog: the name, the `--set` parameters and the parameters' own options.
    ///
    /// - Throws: ``CommandFailure`` with the catalog's refusal in one line (``message(for:)``).
    func family(options: ParameterOptions) throws -> AnyLayoutFamily {
        let settings = options.settings + parameters.map { LayoutSetting(key: $0.key, text: $0.text) }
        do {
            return try LayoutCatalog.registered.family(named: layout, settings: settings)
        } catch {
            throw CommandFailure(Self.message(for: error))
        }
    }

    /// The catalog's refusal of `--layout` and its settings in one line, naming the value, the rule and what is
    /// accepted.
    static func message(for error: LayoutSettingsError) -> String {
        switch error {
        case let .unknownLayout(name, known):
            return "unknown layout '\(name)'; known layouts are \(known.joined(separator: ", "))"
        case let .nameIsNotAParameter(setting):
            return "--set name=\(setting.text) cannot choose the layout; use --layout \(setting.text)"
        case let .optionsOfAnotherFamily(options, owner, layout):
            return "\(options.joined(separator: " and ")) belong to layout '\(owner)', not '\(layout)'"
        case let .unknownKey(key, layout, closest, accepted):
            return "unknown key '\(key)' in layout '\(layout)'" + (closest.map { "; did you mean '\($0)'?" } ?? "")
                + " (accepted keys: \(accepted.joined(separator: ", ")))"
        case let .givenTwice(first, second):
            if let option = first.option {
                return "--set \(second.key)=\(second.text) and \(option) \(first.text) both set \(second.key); give one "
                    + "of them"
            }
            return "--set \(second.key) is given twice (\(first.key)=\(first.text) and \(second.key)=\(second.text)); give "
                + "each parameter once"
        case let .null(setting, parameter):
            return "--set \(setting.key)=null gives no value (\(parameter.key): \(parameter.help)); leave it out for the "
                + "default, \(parameter.defaultValue)"
        case let .outOfRange(setting, parameter):
            return "--set \(setting.key)=\(setting.text) is out of range: numbers go up to about 1.8e308 "
                + "(\(parameter.key): \(parameter.help); default: \(parameter.defaultValue))"
        case let .notAccepted(setting, parameter, layout, takes):
            let spelling = setting.option.map { "\($0) \(setting.text)" } ?? "--set \(setting.key)=\(setting.text)"
            let accepted = takes.map {
                "\(parameter.key) (\(parameter.help)) takes \($0) (default: \(parameter.defaultValue))"
            } ?? "\(parameter.key) takes \(parameter.help) (default: \(parameter.defaultValue))"
            return "layout '\(layout)': \(spelling) is not accepted: \(accepted)"
        }
    }
}

/// Content and layout together: what `verify` builds.
struct WorkloadOptions: ParsableArguments {
    @OptionGroup(title: "Content") var content: ContentOptions
    @OptionGroup(title: "Layout") var layout: LayoutOptions
    // Untitled: each family's options are a group titled with the family's name.
    @OptionGroup var parameterOptions: ParameterOptions

    /// The layout family.
    func family() throws -> AnyLayoutFamily { try layout.family(options: parameterOptions) }

    /// A workload of the content and layout in `storage`, with every variant and both modes.
    func workload(storage: AttributeStorageKind = .compact) throws -> WorkloadSpec {
        WorkloadSpec(rows: content.rows, columns: content.columns, counts: content.counts, sizes: content.sizes,
                     layout: try family(), storage: storage)
    }

    /// The storages the layout offers for this content (prefix-sums storage needs uniform or separable sizes).
    func offeredStorages() throws -> [AttributeStorageKind] {
        try family().base.storages(for: try workload().content(seed: content.seed))
    }

    /// Why the layout does not offer a storage for this content, in words: no such storage, or the sizes it needs
    /// (prefix sums need sizes separable into row heights and column widths).
    func whyStorageUnavailable() throws -> (AttributeStorageKind) -> String? {
        let family = try family(), content = try workload().content(seed: content.seed)
        return { storage in
            guard family.familyType.storages.contains(storage) else {
                return "layout '\(family.name)' has no \(storage.rawValue) storage"
            }
            let sizes = SizeDistribution.allCases.filter { sizes in
                var other = content
                other.sizes = sizes
                return family.base.storages(for: other).contains(storage)
            }
            guard !sizes.isEmpty, !sizes.contains(content.sizes) else { return nil }
            let need = storage == .prefixSums ? " (prefix sums need sizes separable into row heights and column widths)"
                : ""
            return "layout '\(family.name)' offers \(storage.rawValue) storage only with --sizes "
                + sizes.map(\.rawValue).joined(separator: " or ") + ", not \(content.sizes.rawValue)\(need)"
        }
    }

    /// The query variants the layout offers for this content (prefix sums need uniform or separable sizes).
    func offeredVariants() throws -> [QueryVariant] {
        try family().base.queryVariants(for: try workload().content(seed: content.seed))
    }

    func validate() throws {
        let workload = try workload(storage: try family().familyType.storages[0])
        if let problem = workload.problem {
            // The workload's id prefix is noise on the command line.
            throw ValidationError(problem.split(separator: ": ", maxSplits: 1).last.map(String.init) ?? problem)
        }
    }
}

/// A viewport given as `WIDTHxHEIGHT`.
struct ViewportSize: ExpressibleByArgument, CustomStringConvertible {
    /// Why a `--viewport` value was refused; its description says what the form is and what was wrong.
    struct Problem: Error, CustomStringConvertible {
        /// What was wrong with the value.
        var detail: String

        /// The form, then what was wrong.
        var description: String {
            "give WIDTHxHEIGHT in points, each between 1 and \(ViewportSize.largestSide) (390x844); \(detail)"
        }
    }

    /// The largest width or height accepted, in points.
    static let largestSide = 100_000

    var size: Size

    init(size: Size) { self.size = size }

    init?(argument: String) {
        guard let parsed = try? Self.parse(argument) else { return nil }
        self = parsed
    }

    /// Parses `WIDTHxHEIGHT`.
    ///
    /// - Throws: ``Problem`` naming the part that is wrong: the form, a side that is not a number, or one out of range.
    static func parse(_ argument: String) throws(Problem) -> ViewportSize {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw Problem(detail: "'\(argument)' is not two numbers joined by an x")
        }
        var sides: [Double] = []
        for (name, text) in zip(["width", "height"], parts) {
            guard let value = Double(text), value.isFinite else {
                throw Problem(detail: "the \(name) '\(text)' is not a number")
            }
            guard value >= 1, value <= Double(largestSide) else {
                throw Problem(detail: "the \(name) \(text) is out of range")
            }
            sides.append(value)
        }
        return ViewportSize(size: Size(width: sides[0], height: sides[1]))
    }

    var description: String { defaultValueDescription }

    var defaultValueDescription: String { "\(format(size.width, decimals: 0))x\(format(size.height, decimals: 0))" }
}
