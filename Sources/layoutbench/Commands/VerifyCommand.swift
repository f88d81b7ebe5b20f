import ArgumentParser
import LayoutModel
import Measurement
import RectIndex
import Workloads

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
            """
    )

    @OptionGroup var grid: GridOptions

    @Option(help: "How many rects to query (each through every strategy and storage).")
    var queries: Int = 200

    @Option(help: "Storages to build: compact, objects, or both (comma-separated).")
    var storage: String = "compact,objects"

    func validate() throws {
        if queries <= 0 { throw ValidationError("--queries must be a positive integer, got \(queries)") }
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
        let verification = GridVerification(
            spec: spec, viewport: grid.viewport.size, queryCount: queries, storages: try storages())
        let report: GridVerification.Report
        do {
            report = try verification.run(progress: standardError)
        } catch let failure as GridVerification.Failure {
            throw ValidationError(failure.description)
        }
        print(VerifyReportRenderer(report: report, viewport: grid.viewport.size).render())
        if !report.allAgree { throw ExitStatus.checkFailed.exitCode }
    }
}
