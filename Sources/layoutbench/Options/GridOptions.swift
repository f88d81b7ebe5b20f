import Results
import ArgumentParser
import LayoutModel
import Workloads

extension SizeDistribution: ExpressibleByArgument {}

/// The options that describe a grid, shared by every command that builds one.
struct GridOptions: ParsableArguments {
    @Option(help: "Rows (sections) in the grid.")
    var rows: Int = 1000

    @Option(help: "Columns (items per section) in the grid.")
    var columns: Int = 1000

    @Option(help: "Leading rows pinned to the top of the bounds.")
    var stickyRows: Int = 1

    @Option(help: "Leading columns pinned to the left of the bounds.")
    var stickyColumns: Int = 1

    @Option(help: "How cells are sized: \(SizeDistribution.allCases.map(\.rawValue).joined(separator: ", ")).")
    var sizes: SizeDistribution = .uniform

    @Option(help: "Seed for cell sizes and queries; the same seed gives the same run.")
    var seed: UInt64 = 1

    // A transform rather than `ExpressibleByArgument`, so that a refused value is explained; the help names the
    // default itself, since ArgumentParser shows none for a transformed option.
    @Option(help: ArgumentHelp("Viewport size in points, WIDTHxHEIGHT, each 1 to 100000 (default: 390x844, a phone; "
                               + "a tablet is 1024x1366)."),
            transform: ViewportSize.parse)
    var viewport: ViewportSize = ViewportSize(size: Size(width: 390, height: 844))

    func validate() throws {
        if let problem = spec.problem { throw ValidationError(problem) }
    }

    var spec: GridSpec {
        GridSpec(rows: rows, columns: columns, stickyRows: stickyRows, stickyColumns: stickyColumns, sizes: sizes,
                 seed: seed)
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
