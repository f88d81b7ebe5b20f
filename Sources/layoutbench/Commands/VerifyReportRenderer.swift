import Results
import LayoutModel
import Measurement
import RectIndex
import Workloads

/// Renders a verification report as the terminal table `layoutbench verify` prints.
struct VerifyReportRenderer {
    var report: GridVerification.Report
    var viewport: Size

    func render() -> String {
        let spec = report.spec
        var out: [String] = []
        let categories = VerificationQuery.Category.allCases.compactMap { c in
            report.categoryCounts[c].map { "\($0) \(c.rawValue)" }
        }
        out.append("grid \(spec.dimensions) (\(spec.cellCount) cells), sticky \(spec.stickyRows) row(s) x "
                   + "\(spec.stickyColumns) column(s), \(spec.sizes.rawValue) sizes, seed \(spec.seed), viewport "
                   + "\(format(viewport.width, decimals: 0))x\(format(viewport.height, decimals: 0)), "
                   + "\(BuildConfiguration.current.rawValue) build")
        out.append("queries: " + categories.joined(separator: ", "))
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
        let linearViewport = Dictionary(
            report.rows.filter { $0.strategy == .linearScan }.map { ($0.storage, $0.meanViewportNanoseconds) },
            uniquingKeysWith: { a, _ in a })
        out.append(renderTable(
            header: ["storage", "strategy", "queries", "agree", "mean/query", "viewport/query", "cells tested/query",
                     "vs linear-scan (viewport)"],
            rows: report.rows.map { row in
                let linear = linearViewport[row.storage] ?? 0
                let ratio = row.meanViewportNanoseconds > 0 ? linear / row.meanViewportNanoseconds : 0
                return [row.storage.rawValue, row.strategy.rawValue, "\(row.queries)",
                        row.agrees ? "yes" : "NO (\(row.mismatches))",
                        formatDuration(nanoseconds: row.meanNanoseconds),
                        formatDuration(nanoseconds: row.meanViewportNanoseconds),
                        format(Double(row.cellsTested) / Double(max(1, row.queries)), decimals: 0),
                        row.strategy == .linearScan ? "1x" : "\(formatRatio(ratio)) faster"]
            },
            rightAligned: [2, 4, 5, 6, 7]))
        for row in report.rows where !row.agrees {
            out.append("")
            out.append("MISMATCH \(row.strategy.rawValue) over \(row.storage.rawValue): \(row.firstMismatch ?? "")")
        }
        out.append("")
        out.append(report.allAgree
            ? "OK: every strategy and storage returned exactly the linear scan's cells."
            : "FAILED: some answers differ from the linear scan's; see above.")
        return out.joined(separator: "\n")
    }
}
