import ArgumentParser
import Results
import LayoutModel
import Layouts
import Scenarios
import Verification

/// `layoutbench verify updates`: every update strategy through a trace of batch updates, against a freshly built
/// layout and against the full strategy, under every anchoring policy.
struct VerifyUpdatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "updates",
        abstract: "Check that batch updates give exactly the frames of a freshly built layout, for every strategy.",
        discussion: """
            Drives the layout through a seeded trace with batch updates (edits by default) once per update strategy \
            the family offers and per anchoring policy, with complete validation. After every checked frame the \
            layout's content size, rect queries (the bounds and seeded rects) and the attributes of the visible items \
            must equal those of a layout of the same strategy freshly built over the new content at the same bounds, \
            and those of the full strategy within 1e-9 relative (an incremental layout may add the same lengths in \
            another order). It prints the visible jump of the update frames (max and p99) per policy; under top and \
            bottom anchoring every jump must be 0. A batch the host refuses is a one-line `Invalid update: …` error \
            (exit 1).

            The self-sizing traces (self-sizing, rotate) check self-sizing content (--self-sizing is implied) the \
            same way: every fitted size is recorded, and each checked frame must equal a layout freshly built knowing \
            the recorded sizes, and the full strategy; a frame that resolved sizes counts as an update, and its jump \
            is the pass's.
            """
    )

    @OptionGroup var workload: WorkloadOptions

    @Option(help: "The storage to build (default: the first the layout offers).")
    var storage: AttributeStorageKind?

    @Option(help: "The trace, one of \(Self.traces.map(\.rawValue).joined(separator: ", ")).")
    var trace: ScrollTraceKind = .edits

    @OptionGroup var sizing: SelfSizingOptions

    /// The traces it checks: those with batch updates and the self-sizing ones.
    static let traces = ScrollTraceKind.updateTraces + ScrollTraceKind.selfSizingTraces

    @Option(parsing: .unconditional, help: "Frames in the trace.")
    var frames: Int = 240

    @Option(help: "Run only this anchoring policy: none, top or bottom (default: all three).")
    var anchoring: ScrollAnchoring?

    @OptionGroup(title: "Verdict") var verdict: VerdictOptions

    /// A test hook: the trace's second frame deletes an item past the end of section 0.
    @Flag(help: .hidden) var injectInconsistentBatch = false

    func validate() throws {
        if frames <= 0 { throw ValidationError("--frames must be a positive integer, got \(frames)") }
        if !Self.traces.contains(trace) {
            throw ValidationError("--trace must be one of " + Self.traces.map(\.rawValue).joined(separator: ", ")
                                  + ", got \(trace.rawValue)")
        }
        if let storage {
            _ = try parseStorages(storage.rawValue, offered: try workload.offeredStorages(),
                                  why: try workload.whyStorageUnavailable())
        }
        // A self-sizing trace implies self-sizing items, so its details need no --self-sizing; a trace with batch
        // updates takes none (its items keep their sizes), so --self-sizing there is refused, not ignored.
        let selfSizingTrace = ScrollTraceKind.selfSizingTraces.contains(trace)
        if !selfSizingTrace, let given = sizing.selfSizing ? "--self-sizing" : sizing.firstDetailGiven {
            throw ValidationError("\(given) takes a self-sizing trace ("
                + ScrollTraceKind.selfSizingTraces.map(\.rawValue).joined(separator: ", ") + "); the \(trace.rawValue) "
                + "trace has batch updates, whose items keep their sizes")
        }
        try sizing.check(implied: selfSizingTrace)
    }

    func run() throws {
        warnIfDebug()
        let storage = try self.storage ?? workload.offeredStorages().first ?? .compact
        var spec = try workload.workload(storage: storage)
        if ScrollTraceKind.selfSizingTraces.contains(trace) { spec.selfSizing = sizing.impliedSpec }
        let verification = UpdateVerification(
            workload: spec, seed: workload.content.seed, traceKind: trace,
            frames: frames, anchorings: anchoring.map { [$0] } ?? ScrollAnchoring.allCases,
            injectsInconsistentBatch: injectInconsistentBatch, policy: verdict.policy)
        let report: UpdateVerification.Report
        do {
            report = try verification.run(progress: standardError)
        } catch let .invalidUpdate(error) {
            throw CommandFailure(error.description)
        } catch {
            throw CommandFailure(error.description)
        }
        try standardOutput(UpdateReportRenderer(report: report).render())
        if !report.passed { throw ExitStatus.checkFailed.exitCode }
    }
}

/// The text `verify updates` prints: one block per anchoring policy, one line per strategy.
struct UpdateReportRenderer {
    var report: UpdateVerification.Report

    func render() -> String {
        var lines = ["verify updates: \(report.workload.content(seed: 1).dimensions) \(report.workload.layout.name) "
                     + "in \(report.workload.storage.rawValue) storage, \(report.traceKind.rawValue) trace"]
        lines.append("each checked frame against a freshly built layout of the same strategy (exact), and against "
                     + "the full strategy (within 1e-9 relative: floating sums may associate differently)")
        for anchoring in ScrollAnchoring.allCases {
            let runs = report.runs.filter { $0.anchoring == anchoring }
            guard !runs.isEmpty else { continue }
            lines.append("")
            lines.append("anchoring \(anchoring.rawValue)" + (anchoring == .none ? " (jumps allowed)" : " (jumps must be 0)"))
            for run in runs {
                let verdict = run.passed ? run.warns ? "ok (extras)" : "ok" : "FAILED"
                lines.append("  \(run.strategy.rawValue): \(verdict): \(run.frames) frames, \(run.updateFrames) updates, "
                             + "\(run.checkedFrames) checked; fresh mismatches \(run.freshMismatches), full mismatches "
                             + "\(run.fullMismatches) (largest relative difference \(formatScientific(run.largestRelativeDifference, significantDecimals: 1))); "
                             + "jump max \(format(run.jumpMax, decimals: 1)) pt, p99 \(format(run.jumpP99, decimals: 1)) pt")
                lines += mismatchLines("    against a fresh layout", run.freshTally)
                lines += mismatchLines("    against full", run.fullTally)
                if !run.jumpsAllowed && run.jumpMax > 0 { lines.append("    the content jumped under \(anchoring.rawValue) anchoring") }
            }
        }
        lines.append("")
        if report.warns {
            var all = MismatchTally()
            for run in report.runs {
                all.merge(run.freshTally)
                all.merge(run.fullTally)
            }
            lines.append("passed")
            lines.append(extrasWarning(all))
        } else {
            lines.append(report.passed ? "passed" : "FAILED")
        }
        return lines.joined(separator: "\n")
    }
}
