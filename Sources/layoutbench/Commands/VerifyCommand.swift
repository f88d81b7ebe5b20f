import ArgumentParser
import Layouts
import LayoutModel
import Measurement
import RectIndex
import Workloads

extension RectQueryStrategy: ExpressibleByArgument {}
extension ScrollTraceKind: ExpressibleByArgument {}

/// `layoutbench verify`: checks that every rect-query strategy over every storage returns exactly the linear scan's
/// cells, and prints time per query.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that every rect-query strategy and storage returns exactly the linear scan's cells.",
        discussion: """
            Builds the grid once per storage (compact, then objects if it fits in memory), runs one seeded set of \
            rects through every strategy (viewport bounds swept over the content, random, edge-aligned, empty and \
            outside rects, each at its own content offset), and compares every answer with the linear scan's: the \
            same paths, frames and zIndex. Exits 0 only if all agree, 2 if any answer differs, 1 on bad input.

            With --invalidation, it instead drives the grid through a seeded scroll trace with two simulated \
            collection views, one over a layout with context-based invalidation and one with full invalidation, and \
            compares their visible attributes, content size and sampled items frame by frame. It prints frame times \
            and the per-frame accounting of both modes, and exits 2 on any difference, or if a scroll frame in \
            context mode recomputes more than the pinned cells in view.
            """
    )

    @OptionGroup var grid: GridOptions

    @Option(help: "How many rects to query (each through every strategy and storage).")
    var queries: Int = 200

    @Option(help: "Storages to build: compact, objects, or both (comma-separated).")
    var storage: String = "compact,objects"

    @Flag(help: "Compare full and context-based invalidation over a scroll trace instead of rect queries.")
    var invalidation = false

    @Option(help: "With --invalidation: the trace, one of \(ScrollTraceKind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var trace: ScrollTraceKind = .fling

    @Option(help: "With --invalidation: frames in the trace.")
    var frames: Int = 240

    @Option(help: "With --invalidation: frames per second, 60 or 120.")
    var frameRate: Int = 60

    @Option(help: "With --invalidation: the rect-query strategy both layouts use.")
    var strategy: RectQueryStrategy = .binarySearch

    @Option(help: "With --invalidation: the most cells full invalidation may rebuild over the run; beyond it full frames are sampled.")
    var fullModeCellBudget: Int = InvalidationVerification.defaultFullModeCellBudget

    func validate() throws {
        if queries <= 0 { throw ValidationError("--queries must be a positive integer, got \(queries)") }
        if frames <= 0 { throw ValidationError("--frames must be a positive integer, got \(frames)") }
        if FrameRate(rawValue: frameRate) == nil {
            throw ValidationError("--frame-rate must be 60 or 120, got \(frameRate)")
        }
        if fullModeCellBudget <= 0 {
            throw ValidationError("--full-mode-cell-budget must be a positive integer, got \(fullModeCellBudget)")
        }
        _ = try storages()
    }

    func storages() throws -> [AttributeStorageKind] {
        let names = storage.split(separator: ",").map { String($0) }
        let kinds = names.compactMap(AttributeStorageKind.init(rawValue:))
        guard !names.isEmpty, kinds.count == names.count else {
            throw ValidationError("--storage takes compact, objects or compact,objects, got '\(storage)'")
        }
        return kinds
    }

    func run() throws {
        let spec = grid.spec
        if BuildConfiguration.current == .debug {
            standardError("warning: this is a debug build: timings are meaningless; use `swift run -c release`")
        }
        if invalidation {
            try runInvalidation(spec: spec)
            return
        }
        let verification = GridVerification(
            spec: spec, viewport: grid.viewport.size, queryCount: queries, storages: try storages())
        let report: GridVerification.Report
        do {
            report = try verification.run(progress: standardError)
        } catch let failure as GridVerification.Failure {
            throw ValidationError(failure.description)
        }
        try standardOutput(VerifyReportRenderer(report: report, viewport: grid.viewport.size).render())
        if !report.allAgree { throw ExitStatus.checkFailed.exitCode }
    }

    /// Runs the full-vs-context check once per storage.
    func runInvalidation(spec: GridSpec) throws {
        var passed = true
        for storage in try storages() {
            let run = InvalidationVerification(
                spec: spec, viewport: grid.viewport.size, traceKind: trace, frames: frames,
                frameRate: FrameRate(rawValue: frameRate) ?? .hz60, storage: storage, strategy: strategy,
                fullModeCellBudget: fullModeCellBudget)
            let report: InvalidationVerification.Report
            do {
                report = try run.run(progress: standardError)
            } catch let failure as InvalidationVerification.Failure {
                throw ValidationError(failure.description)
            }
            try standardOutput(InvalidationReportRenderer(report: report, viewport: grid.viewport.size).render())
            passed = passed && report.passed
        }
        if !passed { throw ExitStatus.checkFailed.exitCode }
    }
}
