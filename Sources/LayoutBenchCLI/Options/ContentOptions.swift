import Results
import ArgumentParser
import Foundation
import Layouts
import LayoutModel
import RectIndex
import Workloads

extension SizeDistribution: ExpressibleByArgument {}
extension CountDistribution: ExpressibleByArgument {}
extension AttributeStorageKind: ExpressibleByArgument {}

/// The options that describe the content a layout arranges, shared by every command that builds one.
struct ContentOptions: ParsableArguments {
    @Option(help: "Rows: sections in the content (a grid's rows).")
    var rows: Int = 1000

    @Option(help: "Columns: items per section (a grid's columns; the mean with --counts varied).")
    var columns: Int = 1000

    @Option(help: "Items per section: uniform, or varied (a seeded count from 0 to twice --columns per section).")
    var counts: CountDistribution = .uniform

    @Option(help: "How items are sized: \(SizeDistribution.allCases.map(\.rawValue).joined(separator: ", ")).")
    var sizes: SizeDistribution = .uniform

    @Option(help: "Seed for sizes, counts and queries; the same seed gives the same run.")
    var seed: UInt64 = 1

    // A transform rather than `ExpressibleByArgument`, so that a refused value is explained; the help names the
    // default itself, since ArgumentParser shows none for a transformed option.
    @Option(help: ArgumentHelp("Viewport size in points, WIDTHxHEIGHT, each 1 to 100000 (default: 390x844, a phone; "
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
        "The layout family (see `layoutbench list --layouts`).",
        discussion: "Built in: \(LayoutCatalog.builtIn.names.joined(separator: ", "))."))
    var layout: String = StickyGridFamily.name

    @Option(name: .customLong("set"), help: ArgumentHelp(
        "A parameter of the layout, KEY=VALUE (VALUE as JSON, or a plain string); repeatable.",
        valueName: "key=value"))
    var parameters: [String] = []

    /// The family, decoded through the registered catalog from the name, the `--set` parameters and, for the sticky
    /// grid, its own options.
    func family(stickyGrid: StickyGridOptions) throws -> AnyLayoutFamily {
        let catalog = LayoutCatalog.registered
        guard catalog.family(named: layout) != nil else {
            throw ValidationError("unknown layout '\(layout)'; known layouts are \(catalog.names.joined(separator: ", "))")
        }
        var object: [String: Any] = ["name": layout]
        if layout == StickyGridFamily.name {
            object["stickyRows"] = stickyGrid.stickyRows
            object["stickyColumns"] = stickyGrid.stickyColumns
        } else if stickyGrid.stickyRows != 1 || stickyGrid.stickyColumns != 1 {
            throw ValidationError("--sticky-rows and --sticky-columns belong to the sticky grid, not '\(layout)'")
        }
        for parameter in parameters {
            guard let equals = parameter.firstIndex(of: "="), equals != parameter.startIndex else {
                throw ValidationError("--set takes KEY=VALUE, got '\(parameter)'")
            }
            let key = String(parameter[..<equals]), text = String(parameter[parameter.index(after: equals)...])
            object[key] = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) ?? text
        }
        do {
            let data = try JSONSerialization.data(withJSONObject: object)
            let decoder = JSONDecoder()
            decoder.userInfo[LayoutCatalog.userInfoKey] = catalog
            return try decoder.decode(AnyLayoutFamily.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw ValidationError(context.debugDescription)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw ValidationError("layout '\(layout)': \(context.codingPath.map(\.stringValue).joined(separator: ".")): "
                                  + context.debugDescription)
        } catch {
            throw ValidationError("layout '\(layout)': \(error)")
        }
    }
}

/// The sticky grid's own options.
struct StickyGridOptions: ParsableArguments {
    @Option(help: "Leading rows pinned to the top of the bounds.")
    var stickyRows: Int = 1

    @Option(help: "Leading columns pinned to the left of the bounds.")
    var stickyColumns: Int = 1
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
