import Results
import LayoutModel
import Measurement
import Scenarios
import Verification

/// Renders a verification report as the terminal table `layoutbench verify` prints.
struct VerifyReportRenderer {
    var report: QueryVerification.Report
    var viewport: Size
    var seed: UInt64

    func render() -> String {
        let workload = report.workload
        var out: [String] = []
        let categories = VerificationQuery.Category.allCases.compactMap { c in
            report.categoryCounts[c].map { "\($0) \(c.rawValue)" }
        }
        out.append(describeWorkload(workload, seed: seed, viewport: viewport))
        out.append("build: \(BuildConfiguration.current.rawValue)")
        out.append("queries: " + categories.joined(separator: ", ") + " (rects: \(report.rects.rawValue))")
        out.append("")
        out.append(renderTable(
            header: ["storage", "build", "bytes/cell (requested)", "bytes/cell (resident)", "content size"],
            rows: report.storages.map { s in
                [s.storage.rawValue, formatDuration(nanoseconds: Double(s.buildNanoseconds)),
                 format(s.requestedBytesPerCell, decimals: 1),
                 s.residentBytesPerCell.map { format($0, decimals: 1) } ?? "n/a",
                 "\(format(s.contentSize.width, decimals: 0)) x \(format(s.contentSize.height, decimals: 0))"]
            },
            rightAligned: [1, 2, 3]))
        for skip in report.skipped {
            out.append("\(skip.storage.rawValue): skipped, \(skip.reason)")
        }
        out.append("")
        let reference = report.reference
        let referenceViewport = Dictionary(
            report.rows.filter { $0.variant == reference }.map { ($0.storage, $0.meanViewportNanoseconds) },
            uniquingKeysWith: { a, _ in a })
        out.append(renderTable(
            header: ["storage", "variant", "queries", "verdict", "missing", "moved", "attributes", "extra out",
                     "extra in", "mean/query", "viewport/query", "tested/query", "vs \(reference) (viewport)"],
            rows: report.rows.map { row in
                let linear = referenceViewport[row.storage] ?? 0
                let ratio = row.meanViewportNanoseconds > 0 ? linear / row.meanViewportNanoseconds : 0
                let verdict = row.agrees ? "agrees" : row.passes(report.policy) ? "extras" : "FAILS"
                return [row.storage.rawValue, row.variant, "\(row.queries)", verdict]
                    + MismatchClass.allCases.map { "\(row.tally.total($0))" } + [
                        formatDuration(nanoseconds: row.meanNanoseconds),
                        formatDuration(nanoseconds: row.meanViewportNanoseconds),
                        format(Double(row.cellsTested) / Double(max(1, row.queries)), decimals: 0),
                        row.variant == reference ? "1x (reference)" : "\(formatRatio(ratio)) faster"]
            },
            rightAligned: [2, 4, 5, 6, 7, 8, 9, 10, 11, 12]))
        var all = MismatchTally()
        for row in report.rows where !row.agrees || row.tally.hiddenLeftOut > 0 {
            out.append("")
            let against = row.variant == reference ? "\(reference) over \(row.storage.rawValue) against the first storage"
                : "\(row.variant) over \(row.storage.rawValue)"
            out += mismatchLines(against, row.tally)
            all.merge(row.tally)
        }
        out.append("")
        let skipped = report.skipped.map(\.storage.rawValue)
        // Not "every storage" when some were skipped for want of memory (issue 36).
        let scope = skipped.isEmpty ? "every variant and storage"
            : "every variant over the storage(s) checked ("
                + (report.storages.isEmpty ? "none" : report.storages.map(\.storage.rawValue).joined(separator: ", "))
                + "; not checked, for want of memory: \(skipped.joined(separator: ", ")), see above)"
        if !report.passed {
            out.append("FAILED: some answers differ from the \(reference) variant's (missing, moved or attribute "
                       + "differences\(report.policy.extrasFail ? ", or extras" : "")); see above.")
        } else if report.warns {
            out.append("OK for \(scope): no element missing, moved or drawn differently from the \(reference) "
                       + "variant's.")
            out.append(extrasWarning(all))
        } else {
            out.append("OK: \(scope) returned exactly the \(reference) variant's elements.")
        }
        return out.joined(separator: "\n")
    }
}

/// One line naming a workload's content and layout: `content 1000x1000 (1000000 items), uniform sizes, layout
/// NAME(KEY=VALUE, …), seed 1, viewport 390x844`, the layout as ``Scenarios/AnyLayoutFamily`` describes itself.
func describeWorkload(_ workload: WorkloadSpec, seed: UInt64, viewport: Size) -> String {
    let content = workload.content(seed: seed)
    return "content \(content.dimensions) (\(content.itemCount) items), \(content.sizes.rawValue) sizes, layout "
        + "\(workload.layout), seed \(seed), viewport \(format(viewport.width, decimals: 0))x"
        + "\(format(viewport.height, decimals: 0))"
}
