import Foundation
import Testing

@testable import Scenarios

@Suite("Suites and scenario ids")
struct SuiteTests {
    @Test("built-in suites are valid, with unique, stable ids")
    func builtIn() {
        #expect(Suite.builtIn.map(\.name) == ["quick", "standard", "full", "gate", "scaling"])
        for suite in Suite.builtIn {
            #expect(suite.problem == nil, "\(suite.name): \(suite.problem ?? "")")
            #expect(Set(suite.scenarioIDs).count == suite.scenarioIDs.count)
        }
        #expect(Suite.builtIn(.quick, catalog: .builtIn).scenarioIDs.contains("10000x10000/uniform/sticky1x1/compact/phone/fling@60/binary-search/context"))
        #expect(Suite.builtIn(.gate, catalog: .builtIn).deterministicOnly)
        #expect(Suite.builtIn(.full, catalog: .builtIn).workloads.contains { $0.rows == 10_000 && $0.storage == .objects && $0.variants.contains("linear-scan") })
    }

    @Test("each built-in suite carries its typed name and summary, and loads by that name")
    func typedBuiltIns() throws {
        for builtIn in BuiltInSuite.allCases where builtIn != .scaling {
            let suite = Suite.builtIn(builtIn, catalog: .builtIn)
            #expect(suite.name == builtIn.rawValue && suite.summary == builtIn.summary)
            #expect(try Suite.load(builtIn.rawValue, catalog: .builtIn).scenarioIDs == suite.scenarioIDs)
        }
        // The summaries speak of every family and name none: what each family gives a suite is its own, so a user's
        // catalog reads the same summaries truthfully.
        #expect(BuiltInSuite.quick.summary.hasPrefix("every variant and mode of each family"))
        for builtIn in BuiltInSuite.allCases {
            #expect(LayoutCatalog.builtIn.names.allSatisfy { !builtIn.summary.contains($0) }, "\(builtIn)")
        }
        #expect(Suite.builtInNames == BuiltInSuite.allCases.map(\.rawValue))
    }

    @Test("filters match as substrings, or as globs over the whole id")
    func filters() {
        let id = "1000x1000/uniform/sticky1x1/compact/phone/fling@60/binary-search/context"
        #expect(Suite.matches(id, patterns: []))
        #expect(Suite.matches(id, patterns: ["binary-search"]))
        #expect(!Suite.matches(id, patterns: ["linear-scan"]))
        #expect(Suite.matches(id, patterns: ["linear-scan", "compact"]))
        #expect(Suite.matches(id, patterns: ["1000x1000/*/context"]))
        #expect(!Suite.matches(id, patterns: ["*/full"]))
        #expect(Suite.matches(id, patterns: ["*fling@?0*"]))
        // `?` is one Unicode scalar, as in the gate's thresholds (Patterns.Glob), not one UTF-8 byte.
        #expect(Suite.matches("é/x", patterns: ["?/x"]) && !Suite.matches("é/x", patterns: ["??/x"]))
    }

    @Test("resizing overrides every workload's grid")
    func resized() {
        let quick = Suite(name: "quick", summary: "", workloads: StickyGridFamily.workloads(forSuite: .quick))
        let suite = quick.resized(rows: 50, columns: nil)
        #expect(suite.workloads.allSatisfy { $0.rows == 50 })
        #expect(suite.workloads.map(\.columns) == quick.workloads.map(\.columns))
        // Workloads that become the same are merged, with the union of their scenarios.
        let square = quick.resized(rows: 50, columns: 50)
        #expect(square.problem == nil)
        #expect(square.workloads.count == 2)
        #expect(Set(square.scenarioIDs).count == square.scenarioIDs.count)
    }

    func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("suite-\(UUID().uuidString).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("a suite file names only what differs from the defaults")
    func loadFile() throws {
        let path = try write(#"{"name": "mine", "workloads": [{"rows": 20, "columns": 30, "strategies": ["binary-search"]}]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let suite = try Suite.load(path)
        #expect(suite.name == "mine" && !suite.deterministicOnly)
        #expect(suite.scenarioIDs == [
            "20x30/uniform/sticky1x1/compact/phone/fling@60/binary-search/full",
            "20x30/uniform/sticky1x1/compact/phone/fling@60/binary-search/context",
        ])
    }

    @Test("bad suites are refused in one line", arguments: [
        (#"{"name": "x", "workloads": [{"rows": 20}]}"#, "missing 'columns'"),
        (#"{"name": "x", "workloads": [{"rows": 20, "columns": 5, "storage": "tape"}]}"#, "storage"),
        (#"{"name": "x", "workloads": []}"#, "no workloads"),
        (#"{"name": "x", "workloads": [{"rows": 0, "columns": 5}]}"#, "rows must be a positive integer"),
        (#"{"name": "x", "workloads": [{"rows": 5, "columns": 5, "trace": "jump"}]}"#, "not a scroll trace"),
        (#"{"name": "x", "workloads": [{"rows": 5, "columns": 5}, {"rows": 5, "columns": 5}]}"#, "same scenario twice"),
        ("not json", "not a valid suite"),
        (#"{"name": "x", "workloads": [{"rows": 50.5, "columns": 5}]}"#, "'rows' at .workloads[0].rows must be a whole number from 1, got 50.5"),
        (#"{"name": "x", "workloads": [{"rows": 5, "columns": 5, "stickyRows": 1.5}]}"#, "'stickyRows' at .workloads[0].stickyRows must be a whole number"),
        // Issue 36: a number that does not fit the field names the key, the value and the range, not "not valid JSON".
        (#"{"name": "x", "workloads": [{"rows": 5, "columns": 5, "selfSizing": {"fittingCost": 1.5}}]}"#,
         "'fittingCost' at .workloads[0].selfSizing.fittingCost must be a whole number from 0 to 10000000, got 1.5"),
        (#"{"name": "x", "workloads": [{"rows": 5, "columns": 5, "selfSizing": {"fittingCost": 1e20}}]}"#,
         "'fittingCost' at .workloads[0].selfSizing.fittingCost must be a whole number from 0 to 10000000, got 1e+20"),
        (#"{"name": "x", "workloads": [{"rows": 5, "columns": 5, "queryPolicy": {"minimumSamples": 2, "maximumSamples": 3, "timeBudgetNanoseconds": 1e19, "targetRelativeError": 0, "warmupOperations": 0}}]}"#,
         "'timeBudgetNanoseconds' at .workloads[0].queryPolicy.timeBudgetNanoseconds must be a whole number from 0 to 3600000000000, got 1e+19"),
        (#"{"name": "x", "workloads": [{"rows": 5, "columns": 5, "selfSizing": {"estimate": {"itemsPerLine": 2.5}}}]}"#,
         "'itemsPerLine' at .workloads[0].selfSizing.estimate.itemsPerLine must be a whole number from 1 to 64, got 2.5"),
        // Issue 36: unknown keys inside selfSizing and its estimate are refused, as a workload's are.
        (#"{"name": "x", "workloads": [{"rows": 5, "columns": 5, "selfSizing": {"estimat": {"itemsPerLine": 1}}}]}"#,
         "unknown key 'estimat' in selfSizing; did you mean 'estimate'?"),
        (#"{"name": "x", "workloads": [{"rows": 5, "columns": 5, "selfSizing": {"fittingCots": 3}}]}"#,
         "unknown key 'fittingCots' in selfSizing; did you mean 'fittingCost'?"),
        (#"{"name": "x", "workloads": [{"rows": 5, "columns": 5, "selfSizing": {"estimate": {"extent": 50, "bogus": 1}}}]}"#,
         "unknown key 'bogus' in selfSizing.estimate"),
        (#"{"name": "x", "wrkloads": []}"#, "unknown key 'wrkloads' in suite; did you mean 'workloads'?"),
    ])
    func badFiles(text: String, expected: String) throws {
        let path = try write(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: SuiteError.self) { try Suite.load(path) }
        let message = error?.description ?? ""
        #expect(message.contains(expected), "\(message)")
        #expect(!message.contains("\n"))
    }

    @Test("unknown names and missing files are refused")
    func unknown() {
        #expect(throws: SuiteError.unknown("quik")) { try Suite.load("quik") }
        let error = #expect(throws: SuiteError.self) { try Suite.load("/nonexistent/suite.json") }
        #expect(error?.description == "cannot read suite file /nonexistent/suite.json: no such file")
    }

    @Test("a directory is refused as a directory")
    func directory() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("suite-dir-\(UUID().uuidString).json").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: SuiteError.self) { try Suite.load(path) }
        #expect(error?.description == "cannot read suite file \(path): it is a directory; give the path of a JSON suite file")
    }
}

@Suite("The scaling suite")
struct ScalingSuiteTests {
    @Test("10^2 to 10^8 elements in half decades; naive variants and full frames stop at the cap, as recorded skips")
    func ladderAndCap() throws {
        let suite = Suite.scaling(catalog: .builtIn)
        #expect(suite.problem == nil)
        #expect(Set(suite.scenarioIDs).count == suite.scenarioIDs.count)
        let elements = Set(suite.workloads.map { $0.rows * $0.columns })
        #expect(elements.min() == 100 && elements.max() == 100_000_000)
        // Binary search in context mode runs at every size.
        for side in Suite.scalingSides {
            let id = "\(side)x\(side)/uniform/sticky1x1/compact/phone/fling@60/binary-search/context"
            #expect(suite.scenarioIDs.contains(id))
        }
        // The linear scan stops where a query is estimated over 0.25 s (3.2 × 10^7 cells: 133 ms; 10^8: 420 ms).
        #expect(suite.scenarioIDs.contains("5623x5623/uniform/sticky1x1/compact/phone/fling@60/linear-scan/context"))
        let skip = try #require(suite.skipped.first {
            $0.id == "10000x10000/uniform/sticky1x1/compact/phone/fling@60/linear-scan/context"
        })
        #expect(skip.reason.contains("time cap"))
        // Full frames stop earlier: 3.2 × 10^6 cells rebuild in 111 ms, 10^7 in 350 ms.
        #expect(suite.scenarioIDs.contains("1778x1778/uniform/sticky1x1/compact/phone/fling@60/row-buckets/full"))
        #expect(suite.skipped.contains { $0.id == "3162x3162/uniform/sticky1x1/compact/phone/fling@60/row-buckets/full" })
        // Every scenario of every family's ladder is either run or skipped, once.
        let all = LayoutCatalog.builtIn.families.flatMap { family in
            let given = family.workloads(forSuite: .scaling)
            return given.isEmpty ? Suite.scalingWorkloads(of: AnyLayoutFamily(erasing: family.init())) : given
        }.flatMap(\.scenarioIDs)
        #expect((suite.scenarioIDs + suite.skipped.map(\.id)).sorted() == all.sorted())
        // A smaller cap skips more.
        let tight = Suite.scaling(catalog: .builtIn, capSeconds: 0.001)
        #expect(tight.skipped.count > suite.skipped.count)
        #expect(try Suite.load("scaling").scenarioIDs == suite.scenarioIDs)
    }

    /// Issue 29: the scaling suite ran only the sticky grid, though it promises every family and variant.
    @Test("every family of the catalog is in the scaling suite, at every size, with every variant")
    func everyFamily() {
        let suite = Suite.scaling(catalog: .builtIn)
        let names = Set(suite.workloads.map(\.layout.name))
        #expect(names == Set(LayoutCatalog.builtIn.families.map { $0.name }))
        for family in LayoutCatalog.builtIn.families {
            let sides = Set(suite.workloads.filter { $0.layout.name == family.name }.map(\.rows))
            #expect(sides.contains(10) && sides.contains(316), "\(family.name): \(sides.sorted())")
        }
        // The carousel's full frame rebuilds a fixed window, not every element, so it runs at 10^8 too.
        #expect(suite.scenarioIDs.contains("10000x10000/uniform/carousel-c300-o200-sp20/compact/phone/fling@60/cached/full"))
    }
}
