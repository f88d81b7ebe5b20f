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

    @Option(help: "Viewport size in points, WIDTHxHEIGHT (phone 390x844, tablet 1024x1366).")
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
struct ViewportSize: ExpressibleByArgument {
    var size: Size

    init(size: Size) { self.size = size }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w.isFinite, h.isFinite, w > 0, h > 0, w <= 100_000, h <= 100_000
        else { return nil }
        size = Size(width: w, height: h)
    }

    var defaultValueDescription: String { "\(format(size.width, decimals: 0))x\(format(size.height, decimals: 0))" }
}
