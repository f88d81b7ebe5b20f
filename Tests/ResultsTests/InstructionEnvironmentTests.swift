import Foundation
import Testing

@testable import Results

/// What a run's instruction counts depend on: recorded in the file, and named in one line by `compare` and `gate`
/// when two runs differ in it.
@Suite("InstructionEnvironment")
struct InstructionEnvironmentTests {
    static let amd = InstructionEnvironment(
        tool: "callgrind 3.19.0", countedCPU: "GenuineIntel Intel(R) Core(TM) i7-4910MQ CPU @ 2.90GHz",
        hostCPU: "AuthenticAMD AMD EPYC 7763 64-Core Processor", glibc: "2.36")

    /// A run of one scenario whose frames counted `instructions`, recorded with `environment`.
    static func run(_ environment: InstructionEnvironment?, instructions: Double = 30_000,
                    counted: Bool = true) -> ResultsDocument {
        var metrics = ["frame.allocations": ComparisonFixtures.counts([0, 0])]
        if counted { metrics["frame.instructions"] = ComparisonFixtures.counts([instructions, instructions]) }
        var document = ComparisonFixtures.document([ComparisonFixtures.scenario("s", metrics)])
        document.instructionEnvironment = environment
        return document
    }

    @Test("the record survives the file, and a run without one writes no key")
    func roundTrip() throws {
        let document = Self.run(Self.amd)
        let decoded = try JSONDecoder().decode(ResultsDocument.self, from: try JSONEncoder().encode(document))
        #expect(decoded.instructionEnvironment == Self.amd)
        let plain = try JSONEncoder().encode(Self.run(nil))
        #expect(!String(decoding: plain, as: UTF8.self).contains("instructionEnvironment"))
    }

    @Test("another host CPU alone is named as what the counts do not depend on")
    func hostOnly() throws {
        var intel = Self.amd
        intel.hostCPU = "GenuineIntel Intel(R) Xeon(R) Processor"
        let line = try #require(ResultsComparison.instructionEnvironmentWarning(baseline: Self.run(Self.amd),
                                                                                current: Self.run(intel)))
        #expect(line == "instruction counts: the runs are from different processors ('AuthenticAMD AMD EPYC 7763 "
            + "64-Core Processor' → 'GenuineIntel Intel(R) Xeon(R) Processor'), which the counts do not depend on "
            + "(both counted on valgrind's 'GenuineIntel Intel(R) Core(TM) i7-4910MQ CPU @ 2.90GHz'; "
            + "Guides/InstructionCounts.md)")
    }

    @Test("what the counts depend on is named field by field when it differs")
    func dependencies() throws {
        var other = Self.amd
        other.glibc = "2.41"
        other.method = 1
        let line = try #require(ResultsComparison.instructionEnvironmentWarning(baseline: Self.run(Self.amd),
                                                                                current: Self.run(other)))
        #expect(line == "instruction counts depend on what differs between the runs (glibc '2.36' → '2.41'; "
            + "method '2' → '1'): instruction figures that moved may come from that difference rather than from "
            + "the code")
        #expect(!line.contains("\n"))
    }

    @Test("a baseline counted before the record existed is named; runs without counts or alike say nothing")
    func missingOrSilent() throws {
        let line = try #require(ResultsComparison.instructionEnvironmentWarning(baseline: Self.run(nil),
                                                                                current: Self.run(Self.amd)))
        #expect(line.hasPrefix("instruction counts: the baseline does not record what its counts depend on"))
        #expect(ResultsComparison.instructionEnvironmentWarning(baseline: Self.run(Self.amd),
                                                                current: Self.run(Self.amd)) == nil)
        #expect(ResultsComparison.instructionEnvironmentWarning(baseline: Self.run(nil, counted: false),
                                                                current: Self.run(nil, counted: false)) == nil)
    }

    @Test("the gate lists the line among its warnings and still fails a real regression on the counts")
    func gateNamesIt() throws {
        var other = Self.amd
        other.glibc = "2.41"
        let verdict = try GateVerdict.evaluate(baseline: Self.run(Self.amd), current: Self.run(other, instructions: 31_000),
                                               thresholds: Thresholds())
        #expect(verdict.warnings.contains { $0.hasPrefix("instruction counts depend on what differs") })
        #expect(verdict.status == .regressed)
    }
}
