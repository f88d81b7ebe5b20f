import Foundation
import Testing

/// End to end: runs the built `layoutbench` executable (a dependency of this test target, so `swift build` puts it
/// next to the test bundle) and checks exit statuses, standard output and standard error.
@Suite("layoutbench verify, end to end", .timeLimit(.minutes(2)))
struct VerifyCommandTests {
    // MARK: Successful runs

    struct GoodCase: Sendable, CustomTestStringConvertible {
        var sizes: String
        var stickyRows: Int
        var stickyColumns: Int
        var testDescription: String { "\(sizes), sticky \(stickyRows)x\(stickyColumns)" }
    }

    static let strategies = ["linear-scan", "row-buckets", "binary-search"]

    @Test("verify agrees on every strategy and storage", arguments: [
        GoodCase(sizes: "per-cell", stickyRows: 1, stickyColumns: 2),
        GoodCase(sizes: "separable", stickyRows: 1, stickyColumns: 2),
        GoodCase(sizes: "separable", stickyRows: 0, stickyColumns: 0),
        GoodCase(sizes: "uniform", stickyRows: 0, stickyColumns: 0),
    ])
    func verifyAgrees(_ c: GoodCase) throws {
        let result = try LayoutBenchProcess.run([
            "verify", "--rows", "40", "--columns", "30", "--sticky-rows", "\(c.stickyRows)",
            "--sticky-columns", "\(c.stickyColumns)", "--queries", "60", "--sizes", c.sizes,
        ])
        #expect(result.reason == .exit)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("error:"), "stderr: \(result.stderr)")

        let lines = result.stdoutLines
        #expect(lines.first?.hasPrefix(
            "content 40x30 (1200 items), \(c.sizes) sizes, layout sticky-grid(stickyColumns=\(c.stickyColumns), "
                + "stickyRows=\(c.stickyRows))")
            == true, "first line: \(lines.first ?? "")")
        for storage in ["compact", "objects"] {
            for strategy in Self.strategies {
                let row = lines.map { $0.split(separator: " ", omittingEmptySubsequences: true) }
                    .first { $0.count >= 4 && $0[0] == storage && $0[1] == strategy }
                let fields = try #require(row, "no table row for \(strategy) over \(storage):\n\(result.stdout)")
                #expect(fields[2] == "60", "queries column of \(storage) \(strategy)")
                #expect(fields[3] == "agrees", "verdict column of \(storage) \(strategy)")
            }
        }
        #expect(lines.contains { $0.hasPrefix("OK:") })
        #expect(!result.stdout.contains("MISMATCH"))
        #expect(!result.stdout.contains("FAILED"))
    }

    @Test("--storage compact builds and reports compact storage only")
    func compactOnly() throws {
        let result = try LayoutBenchProcess.run([
            "verify", "--rows", "12", "--columns", "9", "--queries", "20", "--storage", "compact",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let rows = result.stdoutLines.map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        for strategy in Self.strategies {
            #expect(rows.contains { $0.count >= 4 && $0[0] == "compact" && $0[1] == strategy && $0[3] == "agrees" })
        }
        #expect(!rows.contains { $0.first == "objects" })
        #expect(result.stdoutLines.contains { $0.hasPrefix("OK:") })
    }

    // MARK: Bad arguments

    struct BadCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        /// Text the one error line must contain.
        var mentions: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test("bad arguments exit 1 with one error line on stderr and nothing on stdout", arguments: [
        BadCase(arguments: ["--rows", "0"], mentions: "rows must be a positive integer, got 0"),
        // Read as `--rows=-5`, not as a missing value followed by an option.
        BadCase(arguments: ["--rows", "-5"], mentions: "rows must be a positive integer, got -5"),
        BadCase(arguments: ["--rows=-5"], mentions: "rows must be a positive integer, got -5"),
        BadCase(arguments: ["--rows", "abc"], mentions: "'abc'"),
        BadCase(arguments: ["--columns", "0"], mentions: "columns must be a positive integer, got 0"),
        BadCase(arguments: ["--sizes", "triangular"], mentions: "'triangular'"),
        BadCase(arguments: ["--queries", "0"], mentions: "--queries must be from 1 to 1000000, got 0"),
        BadCase(arguments: ["--sticky-rows", "5", "--rows", "3"], mentions: "sticky rows (5) cannot exceed rows (3)"),
        BadCase(arguments: ["--sticky-columns=-1"], mentions: "sticky columns cannot be negative"),
        BadCase(arguments: ["--storage", "bogus"], mentions: "'bogus'"),
        BadCase(arguments: ["--viewport", "0x10"], mentions: "'0x10'"),
        // The form, and what is wrong with the value.
        BadCase(arguments: ["--viewport", "0x0"],
                mentions: "give WIDTHxHEIGHT in points, each between 1 and 100000 (390x844); the width 0 is out of range"),
        BadCase(arguments: ["--viewport", "abcx10"], mentions: "the width 'abc' is not a number"),
        BadCase(arguments: ["--viewport", "100"], mentions: "'100' is not two numbers joined by an x"),
        BadCase(arguments: ["--rows", "100000", "--columns", "100000"], mentions: "100000000 items"),
        BadCase(arguments: ["--no-such-option"], mentions: "--no-such-option"),
        BadCase(arguments: ["--layout", "spiral"], mentions: "unknown layout 'spiral'; known layouts are sticky-grid"),
        BadCase(arguments: ["--set", "stikyRows=2"], mentions: "did you mean 'stickyRows'?"),
        BadCase(arguments: ["--set", "stickyRows"], mentions: "--set takes KEY=VALUE"),
        BadCase(arguments: ["--counts", "varied"], mentions: "same number of items in every section"),
        // Lengths near 1e308 made the content infinite and trapped; each family bounds them.
        BadCase(arguments: ["--layout", "flow", "--set", "spacing=1e300"],
                mentions: "flow spacing must be from 0 to 1e15 points, got 1e+300"),
        BadCase(arguments: ["--layout", "global-header", "--set", "globalHeaderHeight=1e308"],
                mentions: "global-header globalHeaderHeight must be greater than 0 and at most 1e15 points"),
        BadCase(arguments: ["--layout", "carousel", "--sizes", "per-cell", "--set", "currentSide=1e300"],
                mentions: "carousel currentSide must be greater than 0 and at most 1e15 points, got 1e+300"),
        BadCase(arguments: ["--layout", "compositional", "--set", "footerHeight=1e300"],
                mentions: "compositional footerHeight must be from 0 to 1e15 points"),
        BadCase(arguments: ["--queries", "1000000000"], mentions: "--queries must be from 1 to 1000000, got 1000000000"),
        // Negative values of structured options are judged, not "Missing value".
        BadCase(arguments: ["--viewport", "-1x5"], mentions: "the width -1 is out of range"),
        // --set: the value, the rule and what is accepted.
        BadCase(arguments: ["--set", "stickyRows=1.5"],
                mentions: "--set stickyRows=1.5 is not accepted: stickyRows (leading rows pinned to the top of the "
                    + "bounds) takes a whole number (default: 1)"),
        BadCase(arguments: ["--set", "stickyRows=1e308"], mentions: "takes a whole number of at most 9223372036854775807"),
        BadCase(arguments: ["--set", "stickyRows=1e400"],
                mentions: "--set stickyRows=1e400 is out of range: numbers go up to about 1.8e308"),
        BadCase(arguments: ["--set", "rowHeight=2"],
                mentions: "unknown key 'rowHeight' in layout 'sticky-grid' (accepted keys: name, stickyRows, stickyColumns)"),
        BadCase(arguments: ["--layout", "flow", "--set", "scrollDirection=sideways"],
                mentions: "--set scrollDirection=sideways is not accepted: scrollDirection takes vertical or horizontal "
                    + "(default: vertical)"),
        BadCase(arguments: ["--layout", "flow", "--set", "pinHeaders=yes"], mentions: "takes true or false"),
        BadCase(arguments: ["--layout", "compositional", "--set", "preset=list"],
                mentions: "preset takes grid, column, mixed (alternating per section) or mixed-swapped"),
        BadCase(arguments: ["--set", "name=carousel"],
                mentions: "--set name=carousel cannot choose the layout; use --layout carousel"),
        BadCase(arguments: ["--layout", "flow", "--set", "spacing=1", "--set", "spacing=2"],
                mentions: "--set spacing is given twice (spacing=1 and spacing=2); give each parameter once"),
        BadCase(arguments: ["--set", "stickyRows=2", "--sticky-rows", "3"],
                mentions: "--set stickyRows=2 and --sticky-rows 3 both set stickyRows; give one of them"),
        // The parameters' own options come from the catalog: an integer parameter's option takes an integer, and
        // another family's options are named with their owner.
        BadCase(arguments: ["--sticky-rows", "1.5"], mentions: "The value '1.5' is invalid for '--sticky-rows"),
        BadCase(arguments: ["--layout", "flow", "--sticky-columns", "2"],
                mentions: "--sticky-rows and --sticky-columns belong to layout 'sticky-grid', not 'flow'"),
        BadCase(arguments: ["--layout", "flow", "--set", "spacing=null"],
                mentions: "--set spacing=null gives no value"),
        // Why a storage is not offered.
        BadCase(arguments: ["--sizes", "per-cell", "--storage", "prefix-sums"],
                mentions: "offers prefix-sums storage only with --sizes uniform or separable, not per-cell (prefix sums "
                    + "need sizes separable into row heights and column widths); it offers compact, objects, tiles here"),
    ])
    func badArguments(_ c: BadCase) throws {
        let result = try LayoutBenchProcess.run(["verify"] + c.arguments)
        #expect(result.reason == .exit, "terminated by a signal, not an exit")
        // `ExitStatus.errorOrBadInput`: every error or bad input exits 1 (2 is reserved for a failed check).
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty, "stdout: \(result.stdout)")
        let lines = result.stderrLines
        #expect(lines.count == 1, "stderr: \(result.stderr)")
        let line = try #require(lines.first)
        #expect(line.hasPrefix("layoutbench: error:"), "stderr: \(result.stderr)")
        #expect(line.contains(c.mentions), "stderr: \(result.stderr)")
    }

    // MARK: Help and version

    @Test("verify --help lists both checks; each check documents the layout's own options in their group")
    func verifyHelp() throws {
        let parent = try LayoutBenchProcess.run(["verify", "--help"])
        #expect(parent.status == 0)
        #expect(parent.stdout.contains("queries") && parent.stdout.contains("invalidation"))
        for check in ["queries", "invalidation"] {
            let result = try LayoutBenchProcess.run(["verify", check, "--help"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("STICKY GRID:") && result.stdout.contains("--sticky-rows"))
            #expect(result.stdout.contains("LAYOUT:") && result.stdout.contains("--layout"))
            #expect(result.stdout.contains("--sizes"))
            #expect(!result.stderr.contains("error:"))
        }
    }

    @Test("verify invalidation agrees over a mixed trace and exits 0")
    func verifyInvalidation() throws {
        let result = try LayoutBenchProcess.run([
            "verify", "invalidation", "--rows", "40", "--columns", "30", "--trace", "mixed", "--frames", "60",
            "--sticky-rows", "2", "--strategy", "row-buckets",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        // Uniform sizes: compact, objects, prefix-sums and tiles.
        #expect(result.stdoutLines.filter { $0.hasPrefix("OK:") }.count == 4, "one per storage: \(result.stdout)")
        #expect(result.stdout.contains("variant row-buckets"))
    }

    @Test("--help exits 0 and lists the verify subcommand")
    func rootHelp() throws {
        let result = try LayoutBenchProcess.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("verify"))
        #expect(!result.stderr.contains("error:"))
    }

    @Test("--version prints the version")
    func version() throws {
        let result = try LayoutBenchProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
    }
}

/// `verify updates`, end to end.
@Suite("layoutbench verify updates, end to end", .timeLimit(.minutes(2)))
struct VerifyUpdatesCommandTests {
    @Test("a flow passes on every policy, printing the jump figures")
    func passes() throws {
        let result = try LayoutBenchProcess.run(["verify", "updates", "--layout", "flow", "--rows", "10", "--columns",
                                                 "10", "--frames", "80"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdoutLines.contains("anchoring top (jumps must be 0)"))
        #expect(result.stdoutLines.last == "passed")
        #expect(result.stdout.contains("jump max 0.0 pt, p99 0.0 pt"))
    }

    @Test("an inconsistent batch is one line, exit 1, and nothing on stdout")
    func inconsistentBatch() throws {
        let result = try LayoutBenchProcess.run(["verify", "updates", "--layout", "flow", "--rows", "5", "--columns",
                                                 "5", "--inject-inconsistent-batch"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let errors = result.stderr.split(separator: "\n").filter { $0.contains("error:") }
        #expect(errors == ["layoutbench: error: Invalid update: attempt to delete item 5 from section 0 which only "
                           + "contains 5 items before the update"])
    }

    @Test("a scroll trace is refused, and verify invalidation refuses an update trace")
    func traceRefusals() throws {
        let updates = try LayoutBenchProcess.run(["verify", "updates", "--trace", "fling"])
        #expect(updates.status == 1 || updates.status == 64)
        #expect(updates.stderr.contains("--trace must be one of edits, feed, chat"))
        let invalidation = try LayoutBenchProcess.run(["verify", "invalidation", "--trace", "edits"])
        #expect(invalidation.status != 0)
        #expect(invalidation.stderr.contains("verify updates"))
    }
}

@Suite("verify diff")
struct VerifyDiffCommandTests {
    @Test("seeded pairs pass: exit 0, every family's strategies listed")
    func passes() throws {
        let result = try LayoutBenchProcess.run(["verify", "diff", "--pairs", "60", "--seed", "3"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdoutLines.first?.hasPrefix("verify diff: 60 pairs (seed 3)") == true)
        #expect(result.stdoutLines.contains("  flow/incremental: 55 pairs against a fresh layout"))
        #expect(result.stdoutLines.last == "passed")
    }

    @Test("a broken staging rule fails with the first difference, exit 2; a bad hook or count is refused, exit 1")
    func brokenRule() throws {
        let result = try LayoutBenchProcess.run(["verify", "diff", "--pairs", "100", "--inject-staging-fault",
                                                 "insertsShiftedByDeletes"])
        #expect(result.status == 2)
        #expect(result.stdoutLines.last?.hasPrefix("FAILED: pair ") == true)
        let pairs = try LayoutBenchProcess.run(["verify", "diff", "--pairs", "0"])
        #expect(pairs.status != 0 && pairs.status != 2)
        #expect(pairs.stderr.contains("--pairs must be a positive integer, got 0"))
        let invalidation = try LayoutBenchProcess.run(["verify", "invalidation", "--trace", "apply-feed"])
        #expect(invalidation.status != 0 && invalidation.stderr.contains("verify diff"))
    }
}
