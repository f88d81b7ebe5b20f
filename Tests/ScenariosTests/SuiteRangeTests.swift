import Foundation
import Sampling
import Testing

@testable import Scenarios

/// Every numeric field of a suite file is range-checked when the file is loaded, with a message naming the field,
/// the value and the accepted range; unknown keys in a sampling policy are refused.
@Suite("Suite file ranges")
struct SuiteRangeTests {
    func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("suite-\(UUID().uuidString).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A one-workload suite with `extra` added to the workload object.
    func suite(_ extra: String) -> String {
        #"{"name": "ranges", "workloads": [{"rows": 10, "columns": 10, "strategies": ["linear-scan"], "#
            + #""invalidations": ["context"]\#(extra)}]}"#
    }

    static let policy = #""minimumSamples": 5, "maximumSamples": 100, "timeBudgetNanoseconds": 1000, "#
        + #""targetRelativeError": 0.01"#

    func message(_ extra: String) throws -> String? {
        let path = try write(suite(extra))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try Suite.load(path)
            return nil
        } catch let error as SuiteError {
            return error.description
        }
    }

    @Test("an out-of-range policy field is refused, naming the field, the value and the range", arguments: [
        (#", "queryPolicy": {\#(policy), "warmupOperations": -1}"#, "warmupOperations must be from 0 to 10000000, got -1"),
        (#", "framePolicy": {"minimumSamples": 0, "maximumSamples": 10, "timeBudgetNanoseconds": 1, "#
            + #""targetRelativeError": 0, "warmupOperations": 0}"#, "minimumSamples must be from 1 to 10000000, got 0"),
        (#", "queryPolicy": {"minimumSamples": 5, "maximumSamples": 2, "timeBudgetNanoseconds": 1, "#
            + #""targetRelativeError": 0, "warmupOperations": 0}"#, "maximumSamples must be from minimumSamples (5)"),
        (#", "queryPolicy": {"minimumSamples": 5, "maximumSamples": 20, "timeBudgetNanoseconds": -1, "#
            + #""targetRelativeError": 0, "warmupOperations": 0}"#, "timeBudgetNanoseconds must be from 0 to"),
        (#", "queryPolicy": {"minimumSamples": 5, "maximumSamples": 20, "timeBudgetNanoseconds": 1, "#
            + #""targetRelativeError": 2, "warmupOperations": 0}"#, "targetRelativeError must be from 0 (off) to 1, got 2.0"),
        (#", "framesPerTurn": 0"#, "framesPerTurn must be from 1 to 1000000, got 0"),
        (#", "traceFrames": -3"#, "traceFrames must be from 1 to 1000000, got -3"),
    ])
    func outOfRange(extra: String, expected: String) throws {
        let message = try message(extra)
        #expect(message?.contains(expected) == true, "\(message ?? "accepted")")
    }

    @Test("an unknown key in a sampling policy is refused, naming it and the keys it takes")
    func unknownPolicyKey() throws {
        let message = try message(#", "queryPolicy": {\#(Self.policy), "warmupOperations": 1, "warmup": 3}"#)
        #expect(message?.contains("unknown key 'warmup' in a sampling policy") == true, "\(message ?? "accepted")")
        #expect(message?.contains("warmupOperations") == true)
    }

    @Test("a policy in range loads")
    func inRange() throws {
        let message = try message(#", "queryPolicy": {\#(Self.policy), "warmupOperations": 0}"#)
        #expect(message == nil, "\(message ?? "")")
    }

    @Test("a policy built in code out of range is refused by the workload's check too")
    func programmaticPolicy() {
        let workload = WorkloadSpec(rows: 10, columns: 10, queryPolicy: SamplingPolicy(warmupOperations: -1))
        #expect(workload.problem?.contains("queryPolicy.warmupOperations must be from 0") == true)
    }
}
