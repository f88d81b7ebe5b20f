import Foundation
import Testing

/// Issue 36, "unclear or wrong messages and behaviours": each command ends with a sentence a person wrote, and
/// refuses what it would otherwise drop without a word.
@Suite("messages of issue 36", .serialized)
struct MessagesTests {
    @Test("verify updates: a self-sizing trace implies --self-sizing; --self-sizing on a trace of batch updates is refused")
    func verifyUpdatesSelfSizing() throws {
        let implied = try LayoutBenchProcess.run(["verify", "updates", "--layout", "flow", "--rows", "6", "--columns",
                                                  "30", "--trace", "rotate", "--items-per-line", "3", "--frames", "20"])
        #expect(implied.status == 0, "\(implied.stderr)")
        for extra in [["--self-sizing"], ["--items-per-line", "3"]] {
            let refused = try LayoutBenchProcess.run(["verify", "updates", "--layout", "flow", "--rows", "6",
                                                      "--columns", "6", "--trace", "edits"] + extra)
            #expect(refused.status == 1 && refused.stderrLines.count == 1, "\(extra): \(refused.stderr)")
            #expect(refused.stderr.contains("takes a self-sizing trace"), "\(refused.stderr)")
        }
    }

    @Test("run --self-sizing over scenarios that take none says so")
    func runSelfSizingNote() throws {
        let run = try LayoutBenchProcess.run(["run", "--suite", "gate", "--filter", "sticky1x1/compact/phone/fling",
                                              "--filter", "binary-search/context", "--rows", "4", "--columns", "4",
                                              "--self-sizing", "--no-save", "--allow-debug"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("run: note: --self-sizing applies to none of the"), "\(run.stderr)")
    }

    @Test("compare --baseline A B names the side B lacks")
    func compareMixedSides() throws {
        let run = try LayoutBenchProcess.run(["compare", "--baseline", "a.json", "b.json"])
        #expect(run.status == 1 && run.stderrLines.count == 1)
        #expect(run.stderr.contains("for b.json, write --current before it") && !run.stderr.contains("got 1"))
    }

    @Test("verify invalidation with a trace too long for memory blames --frames, not the rows and columns")
    func verifyFrames() throws {
        let run = try LayoutBenchProcess.run(["verify", "invalidation", "--rows", "10", "--columns", "10",
                                              "--frames", "1000000000000"])
        #expect(run.status == 1 && run.stderrLines.filter { $0.hasPrefix("layoutbench: error:") }.count == 1)
        #expect(run.stderr.contains("choose fewer --frames") && !run.stderr.contains("rows or columns"),
                "\(run.stderr)")
    }

    @Test("control characters in names reach the terminal escaped, on stdout and stderr")
    func escapedNames() throws {
        let directory = try historyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let suite = directory.appendingPathComponent("escape.json").path
        try #"{"name": "x\u001b]0;owned\u0007\u001b[31mred\r", "workloads": [{"rows": 3, "columns": 3}]}"#
            .write(toFile: suite, atomically: true, encoding: .utf8)
        let refused = try LayoutBenchProcess.run(["run", "--suite", suite, "--filter", "nothing", "--allow-debug"])
        #expect(refused.status == 1)
        #expect(!refused.stderr.contains("\u{1B}") && !refused.stderr.contains("\u{07}") && !refused.stderr.contains("\r"))
        #expect(refused.stderr.contains(#"x\u{1B}]0;owned\u{7}\u{1B}[31mred\u{D}"#), "\(refused.stderr)")
        let listed = try LayoutBenchProcess.run(["list", "suites"])
        #expect(listed.status == 0 && !listed.stdout.contains("\u{1B}"))
    }
}
