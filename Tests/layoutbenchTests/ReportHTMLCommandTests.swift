import Foundation
import Testing

/// `layoutbench report --format html` and `run --suite scaling`, end to end.
@Suite("layoutbench report --format html, end to end")
struct ReportHTMLCommandTests {
    @Test("several results files make one self-contained page, written atomically; never replaced without --force")
    func htmlReport() throws {
        let directory = try ReportCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("r.json").path
        let second = directory.appendingPathComponent("r2.json").path
        try FileManager.default.copyItem(atPath: first, toPath: second)
        let output = directory.appendingPathComponent("report.html").path
        let result = try LayoutBenchProcess.run(["report", first, second, "--format", "html", "--output", output])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOfFile: output, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<svg"))
        #expect(page.contains("data-chart=\"distribution\""))
        #expect(!page.contains("<script"))
        // Each file is named as text (no links: names are input, and never go into an attribute).
        #expect(page.contains("<code>\(first)</code>") && page.contains("<code>\(second)</code>"))
        let again = try LayoutBenchProcess.run(["report", first, "--format", "html", "--output", output])
        #expect(again.status == 1)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == page)
        // Several files make one report only in HTML.
        let table = try LayoutBenchProcess.run(["report", first, second, "--format", "table"])
        #expect(table.status == 1)
        #expect(table.stderr.contains("--format html"))
    }

    @Test("a scaling run at three sizes: its table report ends with the fits and crossovers")
    func scalingFits() throws {
        let directory = try ReportCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("scaling.json").path
        let run = try LayoutBenchProcess.run([
            "run", "--suite", "scaling", "--filter", "10x10/*binary-search/context", "--filter",
            "18x18/*binary-search/context", "--filter", "32x32/*binary-search/context", "--allow-debug",
            "--output", output, "--format", "json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try LayoutBenchProcess.run(["report", output])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("Scaling fits, sticky-grid"))
        #expect(report.stdout.contains("query.time"))
        let badCap = try LayoutBenchProcess.run(["run", "--suite", "scaling", "--time-cap", "0", "--no-save"])
        #expect(badCap.status == 1)
    }
}
