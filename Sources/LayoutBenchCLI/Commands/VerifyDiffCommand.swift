import ArgumentParser
import Diffing
import Scenarios
import Verification

/// `layoutbench verify diff`: seeded snapshot pairs diffed, staged, replayed through the host's checks and applied to
/// every family's update strategies, against a freshly built layout.
struct VerifyDiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Check that staged snapshot diffs are valid batches that reach the new snapshot and its layout.",
        discussion: """
            Generates seeded snapshot pairs (identical snapshots, duplicate identifiers, empty sections, section \
            inserts, deletes and moves, item moves within and across sections, content changes). A duplicate must be \
            refused with an error naming it. Every other pair is diffed and staged (diff and stdlib): each staged \
            batch must pass the host's complete validity checks (UIKit's), and the stages must take the old snapshot \
            to the new one exactly. Then, for every layout family whose updates may change section counts, and each \
            update strategy it offers, a collection view over the old snapshot takes the staged batches, and its \
            layout must equal one freshly built over the new snapshot at the same bounds (the content size and every \
            element). With --layout, that family alone; a family that takes snapshots through the app's own data \
            source (every UIKit family, through UICollectionViewDiffableDataSource.apply(_:animatingDifferences:) on \
            the compatibility UICollectionView) also applies each pair that way, and its layout must equal one \
            freshly built showing the new snapshot. Stops at the first failure and prints it (exit 2).
            """
    )

    @Option(parsing: .unconditional, help: "Snapshot pairs to check.")
    var pairs: Int = 1000

    @Option(parsing: .unconditional, help: "The seed of the pairs.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Check this layout family alone (through its data source too, for a UIKit family).",
                               valueName: "name"))
    var layout: String?

    /// A test hook: break one staging rule (a ``Diffing/StagingFault`` name) to show that the check fails.
    @Option(help: .hidden) var injectStagingFault: String?

    func validate() throws {
        if pairs <= 0 { throw ValidationError("--pairs must be a positive integer, got \(pairs)") }
        var verification = DiffVerification(pairs: 1, seed: seed)
        verification.layout = layout
        if let problem = verification.layoutProblem { throw ValidationError("--layout: \(problem)") }
        if let injectStagingFault, StagingFault(rawValue: injectStagingFault) == nil {
            throw ValidationError("--inject-staging-fault must be one of "
                                  + StagingFault.allCases.map(\.rawValue).joined(separator: ", "))
        }
    }

    func run() throws {
        warnIfDebug()
        var verification = DiffVerification(pairs: pairs, seed: seed)
        verification.layout = layout
        verification.stagingFault = injectStagingFault.flatMap(StagingFault.init(rawValue:))
        let report = verification.run(progress: standardError)
        var lines = ["verify diff: \(report.pairs) pairs (seed \(seed)): \(report.identical) identical, "
                     + "\(report.duplicatesRefused) duplicates refused, \(report.batches) batches replayed through "
                     + "the host's checks, \(report.multiStagePairs) pairs in more than one batch"]
        for layout in report.layouts { lines.append("  \(layout.name): \(layout.pairs) pairs against a fresh layout") }
        if let failure = report.failure {
            lines.append("FAILED: \(failure)")
        } else {
            lines.append("passed")
        }
        try standardOutput(lines.joined(separator: "\n"))
        if !report.passed { throw ExitStatus.checkFailed.exitCode }
    }
}
