import Foundation
import Testing

/// The mode subcommands (`gate baseline update`, `list suites|scenarios|layouts`) and the spellings they replace,
/// kept for one release: both do the same thing, and only the old one prints a deprecation note, after its work.
@Suite("Subcommands and their deprecated spellings", .timeLimit(.minutes(3)))
struct SubcommandAliasTests {
    typealias R = ResultsFileFixture

    /// The note the old spelling `old` prints, pointing at `new`.
    static func note(_ old: String, _ new: String) -> String {
        "note: `layoutbench \(old)` is deprecated and will be removed in the next release; use `layoutbench \(new)`"
    }

    @Test("list subcommands print what the old spellings print; only the old ones add a note", arguments: [
        (["list", "suites"], ["list"], nil as (String, String)?),
        (["list", "layouts"], ["list", "--layouts"], ("list --layouts", "list layouts")),
        (["list", "scenarios", "--suite", "gate", "--filter", "*binary*"], ["list", "--suite", "gate", "--filter", "*binary*"],
         ("list --suite", "list scenarios --suite")),
    ])
    func list(_ new: [String], _ old: [String], _ deprecation: (String, String)?) throws {
        let current = try LayoutBenchProcess.run(new), previous = try LayoutBenchProcess.run(old)
        #expect(current.status == 0 && previous.status == 0)
        #expect(!current.stdout.isEmpty && current.stdout == previous.stdout)
        #expect(current.stderr.isEmpty, "\(current.stderr)")
        if let (spelling, replacement) = deprecation {
            #expect(previous.stderrLines == [Substring(Self.note(spelling, replacement))], "\(previous.stderr)")
        } else {
            #expect(previous.stderr.isEmpty, "\(previous.stderr)")
        }
    }

    @Test("list scenarios defaults to the quick suite, as run does")
    func scenariosDefaultSuite() throws {
        let bare = try LayoutBenchProcess.run(["list", "scenarios"])
        let quick = try LayoutBenchProcess.run(["list", "scenarios", "--suite", "quick"])
        #expect(bare.status == 0 && !bare.stdout.isEmpty && bare.stdout == quick.stdout)
    }

    @Test("gate baseline update writes the baseline as gate --update-baseline does, without a note")
    func gateBaselineUpdate() throws {
        let scratch = try GateCommandTests.workspace(current: try R.document(R.standard(allocations: [0, 1, 0])))
        let update = try GateCommandTests.run(["gate", "baseline", "update", "--current", "current.json",
                                               "--baseline", "new.json"], in: scratch.url)
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.hasPrefix("baseline written: new.json now holds current.json"))
        #expect(update.stderr.isEmpty, "\(update.stderr)")
        let old = try GateCommandTests.run(["gate", "--current", "current.json", "--baseline", "old.json",
                                            "--update-baseline"], in: scratch.url)
        #expect(old.status == 0 && old.stdout.hasPrefix("baseline written: old.json now holds current.json"))
        #expect(old.stderrLines == [Substring(Self.note("gate --update-baseline", "gate baseline update"))])
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("new.json"))
                == Data(contentsOf: scratch.url.appendingPathComponent("old.json")))
        // The new baseline gates the same run clean.
        let gate = try GateCommandTests.run(["gate", "--current", "current.json", "--baseline", "new.json",
                                             "--verdict-output", "v.json", "--summary-output", "s.md"], in: scratch.url)
        #expect(gate.status == 0, "\(gate.stdout)")
    }

    @Test("gate baseline update refuses what gate refuses, on one line, and keeps the baseline", arguments: [
        (["--current", "current.json", "--seed", "2"], "--seed applies only when gate runs the suite"),
        (["--current", "missing.json"], "missing.json"),
        (["--current", "current.json", "--filter", ""], "--filter needs a pattern"),
    ])
    func gateBaselineUpdateRefuses(_ arguments: [String], _ message: String) throws {
        let scratch = try GateCommandTests.workspace(current: try R.document(R.standard()))
        let before = try Data(contentsOf: scratch.url.appendingPathComponent("results/baseline.json"))
        let result = try GateCommandTests.run(["gate", "baseline", "update"] + arguments, in: scratch.url)
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1 && result.stderr.contains(message), "\(result.stderr)")
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("results/baseline.json")) == before)
    }
}
