import Results
import Layouts
import LayoutModel
import Measurement
import Scenarios
import Statistics
import Verification

/// Renders an invalidation report as the terminal table `layoutbench verify invalidation` prints.
struct InvalidationReportRenderer {
    var report: InvalidationVerification.Report
    var viewport: Size
    var seed: UInt64

    /// The 60 Hz and 120 Hz frame budgets, in nanoseconds.
    static let budget60Hz: UInt64 = 16_666_667
    static let budget120Hz: UInt64 = 8_333_333

    func render() -> String {
        var out: [String] = []
        out.append(describeWorkload(report.workload, seed: seed, viewport: viewport))
        out.append("\(report.storage.rawValue) storage, variant \(report.variant), "
                   + "\(BuildConfiguration.current.rawValue) build")
        out.append("trace: \(report.traceKind.rawValue) at \(report.frameRate.rawValue) Hz, \(report.frames) frames; "
                   + "compared on \(report.checkedFrames)")
        out.append("")
        let modes = [report.context, report.full]
        out.append(renderTable(
            header: ["mode", "frames", "frame p50", "frame p99", "frame max", "over 16.7 ms", "over 8.3 ms",
                     "prepared", "recomputed/frame", "sizes/frame", "appeared/frame"],
            rows: modes.map { mode in
                let s = SampleSummary(mode.frameNanoseconds)
                let n = Double(max(1, s.count))
                return [mode.mode.rawValue, "\(s.count)",
                        formatDuration(nanoseconds: Double(s.percentile(50))),
                        formatDuration(nanoseconds: Double(s.percentile(99))),
                        formatDuration(nanoseconds: Double(s.max)),
                        "\(s.count(above: Self.budget60Hz))", "\(s.count(above: Self.budget120Hz))",
                        "\(mode.invalidatedFrames)",
                        format(Double(mode.recomputedElements) / n, decimals: 1),
                        format(Double(mode.sizeQueries) / n, decimals: 1),
                        format(Double(mode.appeared) / n, decimals: 1)]
            },
            rightAligned: Set(1...10)))
        let contextP50 = Double(SampleSummary(report.context.frameNanoseconds).percentile(50))
        let fullP50 = Double(SampleSummary(report.full.frameNanoseconds).percentile(50))
        out.append("")
        if contextP50 > 0 && fullP50 > 0 {
            out.append("context frames are \(formatRatio(fullP50 / contextP50)) faster than full frames (p50) at "
                       + "\(report.workload.content(seed: seed).dimensions)")
        }
        out.append("most elements recomputed on a scroll frame: \(report.context.maxRecomputedOnScroll) (context), "
                   + "\(report.full.maxRecomputedOnScroll) (full)")
        if let mismatch = report.firstMismatch {
            out.append("MISMATCH (\(report.mismatches) frames differ, \(report.failingFrames) failing): \(mismatch)")
            out += mismatchLines("context against full", report.tally)
        }
        if let violation = report.firstAccountingViolation {
            out.append("ACCOUNTING (\(report.accountingViolations) frames): \(violation)")
        }
        out.append("")
        if !report.passed {
            out.append("FAILED: " + report.failedRules.joined(separator: "; ") + "; see above.")
        } else if report.warns {
            out.append("OK: context invalidation showed no element missing, moved or drawn differently from full "
                       + "invalidation on any compared frame.")
            out.append(extrasWarning(report.tally))
        } else {
            out.append("OK: context invalidation gave exactly what full invalidation gave on every compared frame.")
        }
        return out.joined(separator: "\n")
    }
}
