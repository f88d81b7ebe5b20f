import Diffing
import LayoutModel
import Measurement
import Scenarios

/// Why the harness cannot plan or measure a run; each description is one line that says what to do.
public enum HarnessError: Error, CustomStringConvertible {
    /// The suite cannot be loaded (unknown name, unreadable or invalid file).
    case suite(SuiteError)
    /// The suite loaded but cannot run; the problem in one line.
    case invalidSuite(String)
    /// The filters select no scenario of suite `suite` (`requested` is the name or path as given).
    case noScenarioMatches(suite: String, filter: [String], requested: String)
    /// This is a debug build, and the command (`run`, `gate`) was not told it may run one (`--allow-debug`).
    case debugBuild(command: String)
    /// valgrind or objcopy is missing or broken.
    case callgrindMissing(CallgrindLaunchError)
    /// This binary was built without valgrind/callgrind.h, so it cannot mark what to count.
    case callgrindClientRequestsMissing
    /// An instruction child was started with a request it cannot read; the reason in one line.
    case unreadableChildRequest(String)
    /// An instruction child was asked for a scenario its suite does not have.
    case unknownScenario(suite: String, id: String)
    /// An instruction child could not build a scenario it was asked to count.
    case instructionPass(ScenarioFixture.BuildError)
    /// A batch of workload `workload`'s trace was refused (UIKit's inconsistency): the run stops, nothing is written.
    case invalidUpdate(workload: String, BatchUpdateError)
    /// A snapshot of workload `workload`'s apply trace cannot be diffed (a duplicate identifier): the run stops.
    case invalidSnapshot(workload: String, SnapshotError)

    /// The reason, in one line.
    public var description: String {
        switch self {
        case let .suite(error): return error.description
        case let .invalidSuite(problem): return problem
        case let .noScenarioMatches(suite, filter, requested):
            return "no scenario of suite '\(suite)' matches --filter \(filter.joined(separator: " ")); "
                + "see `layoutbench list scenarios --suite \(requested)`"
        case let .debugBuild(command):
            return "this is a debug build, whose timings are meaningless; run `swift run -c release layoutbench "
                + "\(command)` (or `make`), or pass --allow-debug to record results marked invalid for timing"
        case let .callgrindMissing(error): return error.description
        case .callgrindClientRequestsMissing:
            return "this layoutbench was built without valgrind/callgrind.h, so it cannot mark what to count; with "
                + "valgrind installed, rebuild from clean: `swift package clean && swift build -c release`"
        case let .unreadableChildRequest(reason): return "cannot read the instruction child's request: \(reason)"
        case let .unknownScenario(suite, id): return "suite '\(suite)' has no scenario '\(id)'"
        case let .instructionPass(error): return "cannot count instructions: \(error)"
        case let .invalidUpdate(workload, error): return "workload \(workload): \(error)"
        case let .invalidSnapshot(workload, error): return "workload \(workload): \(error)"
        }
    }
}
