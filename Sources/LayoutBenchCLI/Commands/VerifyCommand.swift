import ArgumentParser
import Layouts
import LayoutModel
import Measurement
import Scenarios
import Verification

extension ScrollTraceKind: ExpressibleByArgument {}
extension QueryRectShape: ExpressibleByArgument {}

/// `layoutbench verify`: the differential checks, for any layout family.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a layout differentially: its query variants, its invalidation contexts and its batch updates.",
        discussion: """
            Every check classifies each difference from its reference: missing, moved, attribute differences \
            (zIndex, alpha, transform), extra outside the rect and extra inside it. It exits 0 when nothing is \
            missing, moved or drawn differently (extras are a warning unless --fail-on-extras), 2 otherwise, and 1 \
            on bad input.
            """,
        subcommands: [VerifyQueriesCommand.self, VerifyInvalidationCommand.self, VerifyUpdatesCommand.self,
                      VerifyDiffCommand.self],
        defaultSubcommand: VerifyQueriesCommand.self
    )
}

/// `layoutbench verify queries`: every query variant over every storage against the layout's reference variant.
struct VerifyQueriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queries",
        abstract: "Check that every query variant and storage returns exactly the reference variant's elements.",
        discussion: """
            Builds the layout once per storage, runs one seeded set of rects through every query variant (viewport \
            bounds swept over the content, random, edge-aligned, empty and outside rects, each at its own content \
            offset; for a UIKit layout only the rects UIKit sends, unless --rects any), and classifies every \
            difference from the reference variant's answer (`list layouts` marks it), per variant and \
            element kind: missing, moved, attribute differences (zIndex, alpha, transform), extra outside the rect, \
            extra inside it. It names the first few of each class with their rects.
            """
    )

    @OptionGroup var workload: WorkloadOptions

    @Option(parsing: .unconditional,
            help: "How many rects to query (each through every variant and storage), 1 to 1000000.")
    var queries: Int = 200

    @Option(help: "Storages to build, comma-separated (default: every storage the layout offers).")
    var storage: String?

    @Option(help: "Which rects to ask: visible (what UIKit sends: the visible rect, extended for prefetching along the scroll axis, spanning the view across it) or any (random, edge-aligned, empty and outside rects too). Default: visible for a UIKit layout (or a family that declares it), any otherwise.")
    var rects: QueryRectShape?

    @OptionGroup(title: "Verdict") var verdict: VerdictOptions

    func validate() throws {
        if !(1...QueryVerification.maximumQueryCount).contains(queries) {
            throw ValidationError("--queries must be from 1 to \(QueryVerification.maximumQueryCount), got \(queries)")
        }
        _ = try storages(offered: try workload.offeredStorages())
    }

    func storages(offered: [AttributeStorageKind]) throws -> [AttributeStorageKind] {
        try parseStorages(storage, offered: offered, why: try workload.whyStorageUnavailable())
    }

    func run() throws {
        warnIfDebug()
        let spec = try workload.workload()
        let verification = QueryVerification(
            workload: spec, seed: workload.content.seed, viewport: workload.content.viewport.size,
            queryCount: queries, storages: try storages(offered: try workload.offeredStorages()),
            variants: try workload.offeredVariants(), policy: verdict.policy, rects: rects)
        let report: QueryVerification.Report
        do {
            report = try verification.run(progress: standardError)
        } catch let failure as QueryVerification.Failure {
            throw CommandFailure(failure.description)
        }
        try standardOutput(VerifyReportRenderer(report: report, viewport: workload.content.viewport.size,
                                   seed: workload.content.seed).render())
        if !report.passed { throw ExitStatus.checkFailed.exitCode }
    }
}

/// `layoutbench verify invalidation`: context-based against full invalidation over a trace.
struct VerifyInvalidationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invalidation",
        abstract: "Check that the layout's invalidation contexts give exactly what full invalidation gives.",
        discussion: """
            Drives the layout through a seeded trace with two simulated collection views, one over the layout with \
            its own invalidation contexts and one wrapped for full invalidation, and compares their visible \
            attributes, content size and sampled items frame by frame. It prints frame times and the per-frame \
            accounting of both modes, and fails on an element missing, moved or drawn differently (extras warn \
            unless --fail-on-extras), on a different bounds or content size, or if a scroll frame in context mode \
            recomputes more than the pinned elements in view.
            """
    )

    @OptionGroup var workload: WorkloadOptions

    @Option(help: "Storages to build, comma-separated (default: every storage the layout offers).")
    var storage: String?

    @Option(help: "The trace, one of \(ScrollTraceKind.allCases.filter { !$0.hasUpdates && !$0.isApply && !ScrollTraceKind.selfSizingTraces.contains($0) }.map(\.rawValue).joined(separator: ", ")).")
    var trace: ScrollTraceKind = .fling

    @Option(parsing: .unconditional, help: "Frames in the trace.")
    var frames: Int = 240

    @Option(parsing: .unconditional, help: "Frames per second, 60 or 120.")
    var frameRate: Int = 60

    @Option(name: [.long, .customLong("strategy")],
            help: "The query variant both layouts answer the collection view with (default: the reference).")
    var variant: String?

    @Option(parsing: .unconditional, help: "The most elements full invalidation may rebuild over the run; beyond it full frames are sampled.")
    var fullModeCellBudget: Int = InvalidationVerification.defaultFullModeCellBudget

    @OptionGroup(title: "Verdict") var verdict: VerdictOptions

    func validate() throws {
        if frames <= 0 { throw ValidationError("--frames must be a positive integer, got \(frames)") }
        if trace.hasUpdates {
            throw ValidationError("the \(trace.rawValue) trace has batch updates; check it with `layoutbench verify updates`")
        }
        if trace.isApply {
            throw ValidationError("the \(trace.rawValue) trace applies snapshots; check them with `layoutbench verify diff`")
        }
        if ScrollTraceKind.selfSizingTraces.contains(trace) {
            throw ValidationError("the \(trace.rawValue) trace resolves self-sizing items; check it with "
                                  + "`layoutbench verify updates --trace \(trace.rawValue)`")
        }
        if FrameRate(rawValue: frameRate) == nil {
            throw ValidationError("--frame-rate must be 60 or 120, got \(frameRate)")
        }
        if fullModeCellBudget <= 0 {
            throw ValidationError("--full-mode-cell-budget must be a positive integer, got \(fullModeCellBudget)")
        }
        let family = try workload.family().familyType
        _ = try parseStorages(storage, offered: try workload.offeredStorages(), why: try workload.whyStorageUnavailable())
        _ = try queryVariant(family)
    }

    func queryVariant(_ family: any LayoutFamily.Type) throws -> QueryVariant {
        guard let name = variant else { return family.referenceVariant }
        guard let found = family.queryVariants.first(where: { $0.name == name }) else {
            throw CommandFailure("layout '\(family.name)' has no query variant '\(name)'; it offers "
                                  + family.queryVariants.map(\.name).joined(separator: ", "))
        }
        let available = try workload.offeredVariants()
        guard available.contains(found) else {
            throw CommandFailure("\(name) is unavailable for \(workload.content.sizes.rawValue) sizes: layout '"
                                  + "\(family.name)' offers " + available.map(\.name).joined(separator: ", ")
                                  + " for them")
        }
        return found
    }

    func run() throws {
        warnIfDebug()
        var passed = true
        let family = try workload.family().familyType
        for storage in try parseStorages(storage, offered: try workload.offeredStorages()) {
            let run = InvalidationVerification(
                workload: try workload.workload(storage: storage), seed: workload.content.seed,
                viewport: workload.content.viewport.size, traceKind: trace, frames: frames,
                frameRate: FrameRate(rawValue: frameRate) ?? .hz60, variant: try queryVariant(family),
                fullModeCellBudget: fullModeCellBudget, policy: verdict.policy)
            let report: InvalidationVerification.Report
            do {
                report = try run.run(progress: standardError)
            } catch let failure as InvalidationVerification.Failure {
                throw CommandFailure(failure.description)
            }
            try standardOutput(InvalidationReportRenderer(report: report, viewport: workload.content.viewport.size,
                                             seed: workload.content.seed).render())
            passed = passed && report.passed
        }
        if !passed { throw ExitStatus.checkFailed.exitCode }
    }
}

/// The storages named in `text` (comma-separated), all of them offered; `offered` itself when `text` is `nil`.
///
/// `why` explains why a named storage is not offered; without it, the message only lists what is.
func parseStorages(_ text: String?, offered: [AttributeStorageKind],
                   why: (AttributeStorageKind) -> String? = { _ in nil }) throws -> [AttributeStorageKind] {
    guard let text else { return offered }
    let names = text.split(separator: ",").map { String($0) }
    let kinds = names.compactMap(AttributeStorageKind.init(rawValue:))
    guard !names.isEmpty, kinds.count == names.count else {
        throw CommandFailure("--storage takes a comma-separated list of \(offered.map(\.rawValue).joined(separator: ", ")), "
                              + "got '\(text)'")
    }
    if let missing = kinds.first(where: { !offered.contains($0) }) {
        throw CommandFailure((why(missing) ?? "this layout does not offer \(missing.rawValue) storage")
                              + "; it offers " + offered.map(\.rawValue).joined(separator: ", ") + " here")
    }
    return kinds
}

/// Warns on stderr that a debug build's timings mean nothing.
func warnIfDebug() {
    if BuildConfiguration.current == .debug {
        standardError("warning: this is a debug build: timings are meaningless; use `swift run -c release`")
    }
}
