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
    var layout: String = StickyGridFamily.name

    @Option(name: .customLong("set"), help: ArgumentHelp(
        "A parameter of the layout, KEY=VALUE (VALUE as JSON, or a plain string); repeatable.",
        valueName: "key=value"), transform: LayoutParameterSetting.parse)
    var parameters: [LayoutParameterSetting] = []

    /// The family, decoded through the registered catalog from the name, the `--set` parameters and, for the sticky
    /// grid, its own options.
    ///
    /// Every refusal is one line naming the value, the rule and what is accepted: `--set name` (the layout is
    /// `--layout`'s), a key the family does not take (with the keys it takes), a key given twice, a sticky count given
    /// both ways, `null`, a number out of `Double`'s range, and a value the parameter does not take.
    func family(stickyGrid: StickyGridOptions) throws -> AnyLayoutFamily {
        let catalog = LayoutCatalog.registered
        guard let familyType = catalog.family(named: layout) else {
            throw ValidationError("unknown layout '\(layout)'; known layouts are \(catalog.names.joined(separator: ", "))")
        }
        var object: [String: Any] = ["name": layout]
        let stickyOptions = stickyGrid.settings
        let ownOptions = layout == StickyGridOptions.family.name
        if ownOptions {
            for (key, _, value) in stickyOptions { if let value { object[key] = value } }
        } else if stickyOptions.contains(where: { $0.value != nil }) {
            throw ValidationError("\(StickyGridOptions.optionNames) belong to the sticky grid, not '\(layout)'")
        }
        var given: [String: String] = [:]
        for parameter in parameters {
            let key = parameter.key, text = parameter.text
            if key == "name" {
                throw ValidationError("--set name=\(text) cannot choose the layout; use --layout \(text)")
            }
            guard let described = familyType.parameters.first(where: { $0.key == key }) else {
                // The catalog's decoder names the closest key and every accepted one.
                object[key] = text
                continue
            }
            if let previous = given[key] {
                throw ValidationError("--set \(key) is given twice (\(key)=\(previous) and \(key)=\(text)); give "
                                      + "each parameter once")
            }
            given[key] = text
            if ownOptions, let (_, option, value) = stickyOptions.first(where: { $0.key == key }),
               let value {
                throw ValidationError("--set \(key)=\(text) and \(option) \(value) both set \(key); give one of them")
            }
            object[key] = try Self.value(text, for: described)
        }
        do {
            return try Self.decode(object, catalog: catalog)
        } catch {
            // A value the parameter does not take: the first known `--set` that fails alone. Otherwise (an unknown
            // key) the decoder's own message.
            for key in parameters.map(\.key) where given[key] != nil {
                guard let described = familyType.parameters.first(where: { $0.key == key }),
                      let text = given[key] else { continue }
                var alone: [String: Any] = ["name": layout]
                alone[key] = object[key]
                do {
                    _ = try Self.decode(alone, catalog: catalog)
                } catch let refusal {
                    throw ValidationError("layout '\(layout)': --set \(key)=\(text) is not accepted: "
                                          + Self.accepted(by: described, refusal: refusal, value: alone[key]))
                }
            }
            throw ValidationError(Self.describe(error, layout: layout))
        }
    }

    /// `object` decoded through `catalog`.
    private static func decode(_ object: [String: Any], catalog: LayoutCatalog) throws -> AnyLayoutFamily {
        let data = try JSONSerialization.data(withJSONObject: object)
        let decoder = JSONDecoder()
        decoder.userInfo[LayoutCatalog.userInfoKey] = catalog
        return try decoder.decode(AnyLayoutFamily.self, from: data)
    }

    /// The JSON value of `text` for `parameter`: JSON if it parses, else the plain string. `null` and a number
    /// beyond `Double`'s range are refused.
    private static func value(_ text: String, for parameter: LayoutParameter) throws -> Any {
        if text == "null" {
            throw ValidationError("--set \(parameter.key)=null gives no value (\(parameter.key): \(parameter.help)); "
                                  + "leave it out for the default, \(parameter.defaultValue)")
        }
        if let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) {
            return value
        }
        if text.range(of: #"^-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil {
            throw ValidationError("--set \(parameter.key)=\(text) is out of range: numbers go up to about 1.8e308 "
                                  + "(\(parameter.key): \(parameter.help); default: \(parameter.defaultValue))")
        }
        return text
    }

    /// What `parameter` accepts, as `refusal` (the decoder's error for `value` alone) shows it: its kind of value
    /// (a whole number, a number, true or false) with its help, or its help alone (an enumeration's help lists its
    /// values), and its default.
    private static func accepted(by parameter: LayoutParameter, refusal: any Error, value: Any?) -> String {
        let kind: String?
        switch refusal {
        case let DecodingError.typeMismatch(type, _) where type == Int.self: kind = "a whole number"
        case let DecodingError.typeMismatch(type, _) where type == Double.self: kind = "a number"
        case let DecodingError.typeMismatch(type, _) where type == Bool.self: kind = "true or false"
        // Foundation reports a number that does not fit an integer (1.5, 1e308) as corrupted data.
        case DecodingError.dataCorrupted where value is NSNumber && !(value is Bool):
            let number = (value as? NSNumber)?.doubleValue ?? 0
            kind = number.rounded() == number ? "a whole number of at most \(Int.max)" : "a whole number"
        default: kind = nil
        }
        guard let kind else {
            return "\(parameter.key) takes \(parameter.help) (default: \(parameter.defaultValue))"
        }
        return "\(parameter.key) (\(parameter.help)) takes \(kind) (default: \(parameter.defaultValue))"
    }

    /// A decoding error of `layout`'s object in one line.
    private static func describe(_ error: any Error, layout: String) -> String {
        switch error {
        // The catalog's own messages (an unknown key, a null) name the layout already.
        case let DecodingError.dataCorrupted(context): context.debugDescription
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
            "layout '\(layout)': \(context.codingPath.map(\.stringValue).joined(separator: ".")): "
                + context.debugDescription
        default: "layout '\(layout)': \(error)"
        }
    }
}

/// Content and layout together: what `verify` builds.
struct WorkloadOptions: ParsableArguments {
    @OptionGroup(title: "Content") var content: ContentOptions
    @OptionGroup(title: "Layout") var layout: LayoutOptions
    @OptionGroup(title: "Sticky grid") var stickyGrid: StickyGridOptions

    /// The layout family.
    func family() throws -> AnyLayoutFamily { try layout.family(stickyGrid: stickyGrid) }

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
