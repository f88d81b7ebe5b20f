import Testing

@testable import Harness
import Measurement
import Results
import Scenarios

/// Planning a run: the suite from an explicit catalog, resized, filtered and sharded; the errors `run`, `gate` and
/// `ab` print; and the instruction child's request, which must come back exactly as it was sent.
@Suite("RunPlan")
struct RunPlanTests {
    @Test("a plan selects the filtered scenarios of the suite, resized, from the catalog it is given")
    func plans() throws {
        let request = RunRequest(suite: "gate", rows: 50, columns: 40, filter: ["*/binary-search/*"], seed: 3)
        let plan = try RunPlan(request, catalog: .builtIn)
        let suite = try Suite.load("gate", catalog: .builtIn).resized(rows: 50, columns: 40)
        #expect(plan.suite == suite)
        #expect(!plan.selected.isEmpty)
        #expect(plan.selected == suite.scenarioIDs.filter { Suite.matches($0, patterns: request.filter) })
    }

    @Test("the errors keep the messages the commands printed")
    func errors() {
        let unknown = #expect(throws: HarnessError.self) { try RunPlan(RunRequest(suite: "quik"), catalog: .builtIn) }
        #expect(unknown?.description == SuiteError.unknown("quik").description)
        let none = #expect(throws: HarnessError.self) {
            try RunPlan(RunRequest(suite: "gate", filter: ["no-such-scenario"]), catalog: .builtIn)
        }
        #expect(none?.description == "no scenario of suite 'gate' matches --filter no-such-scenario; "
            + "see `layoutbench list scenarios --suite gate`")
    }

    @Test("the shards of a plan partition its selected scenarios")
    func shards() throws {
        let plan = try RunPlan(RunRequest(suite: "gate"), catalog: .builtIn)
        let parts = (1...3).map { plan.sharded($0, of: 3).selected }
        #expect(parts.flatMap { $0 }.sorted() == plan.selected.sorted())
        #expect(Set(parts.flatMap { $0 }).count == plan.selected.count)
    }

    @Test("the instruction child's request survives its one argument exactly; a bad one is a one-line error")
    func childRequest() throws {
        let request = InstructionChildRequest(
            run: RunRequest(suite: "/tmp/a suite.json", rows: 7, columns: nil, filter: [], seed: 42,
                            scalingCapSeconds: 0.125),
            scenarios: ["7x300/uniform/sticky1x1/compact/phone/fling@60/binary-search/context"])
        #expect(try InstructionChildRequest(argument: request.argument()) == request)
        let bad = #expect(throws: HarnessError.self) { try InstructionChildRequest(argument: "--suite gate") }
        #expect(bad?.description.hasPrefix("cannot read the instruction child's request") == true)
        #expect(bad?.description.contains("\n") == false)
    }

    @Test("a child asked for a scenario its suite lacks names it")
    func unknownScenario() {
        let request = InstructionChildRequest(run: RunRequest(suite: "gate"), scenarios: ["nope"])
        let error = #expect(throws: HarnessError.self) { try InstructionPass(child: request, catalog: .builtIn) }
        #expect(error?.description == "suite 'gate' has no scenario 'nope'")
    }

    @Test("the run entry refuses a debug build it was not told to allow, in one line naming the command")
    func debugRefusal() {
        let job = RunJob(request: RunRequest(suite: "gate"), catalog: .builtIn, command: "gate", toolVersion: "test",
                         configuration: .debug)
        let error = #expect(throws: HarnessError.self) { try RunPlan.run(job, progress: SilentProgress()) }
        #expect(error?.description.contains("`swift run -c release layoutbench gate`") == true)
        #expect(error?.description.contains("\n") == false)
    }

    @Test("a sharded run measures its shard and records it, the options taken from the request")
    func shardedRun() throws {
        let request = RunRequest(suite: "gate", rows: 12, columns: 9, filter: ["*/binary-search/context"], seed: 2)
        let plan = try RunPlan(request, catalog: .builtIn)
        let job = RunJob(request: request, catalog: .builtIn, command: "run", toolVersion: "test",
                         shard: .init(index: 2, count: 2), allowDebug: true, configuration: .debug)
        let outcome = try RunPlan.run(job, progress: SilentProgress())
        let expected: [String: String] = [
            "--rows": "12", "--columns": "9", "--filter": "*/binary-search/context",
            "--time-cap": "\(Suite.defaultScalingCapSeconds)", "--instructions": "false", "--updates": "the suite's",
            "--anchoring": "the suite's", "--self-sizing": "the suite's",
        ]
        #expect(outcome.document.shard == ShardInfo(index: 2, count: 2, suiteScenarios: plan.selected.count,
                                                    runOptions: expected))
        #expect(!outcome.document.scenarios.isEmpty)
        #expect(outcome.document.scenarios.map(\.id) == plan.sharded(2, of: 2).selected)
        #expect(outcome.document.scenarios.allSatisfy { $0.assessment != nil })
        #expect(outcome.document.machine.buildConfiguration == "debug" && outcome.profile == nil)
        // The gate suite times nothing, so the processor is not warmed.
        #expect(outcome.document.processorWarmUp == nil)
    }

    @Test("a timed run brings the processor to speed first, and records it")
    func timedRunRecordsWarmUp() throws {
        let request = RunRequest(suite: "quick", rows: 4, columns: 4, filter: ["*/binary-search/context"], seed: 2)
        let job = RunJob(request: request, catalog: .builtIn, command: "run", toolVersion: "test",
                         allowDebug: true, configuration: .debug)
        let outcome = try RunPlan.run(job, progress: SilentProgress())
        let warmUp = try #require(outcome.document.processorWarmUp)
        let rule = ProcessorWarmUp()
        #expect(warmUp.spentNanoseconds >= rule.minimumNanoseconds || !warmUp.settled)
        #expect(warmUp.spentNanoseconds < rule.budgetNanoseconds + rule.windowNanoseconds * 2)
        #expect(warmUp.firstUnitNanoseconds > 0 && warmUp.settledUnitNanoseconds > 0)
    }
}
