import Foundation
import GRDB
import Results
import Testing
@testable import History

/// Instruction profiles in the history database: kept with their runs, found by commit, absent from older files.
@Suite("History database: instruction profiles")
struct HistoryProfilesTests {
    /// A profile of grid/0's queries for `document`.
    static func profile(for document: ResultsDocument, total: UInt64 = 1000) -> InstructionProfile {
        InstructionProfile(
            run: ProfiledRun(document), tool: "callgrind 3.19.0", names: "swift demangle --simplified", folded: [],
            functions: [ProfiledFunction(name: "query()")],
            scenarios: [ScenarioProfile(id: "grid/0", regions: [
                RegionProfile(kind: .query, operations: 1, total: total, remainder: 0,
                              costs: [FunctionCost(function: 0, selfCost: total, inclusive: total)], calls: [],
                              others: []),
            ])])
    }

    @Test("a run's profile is kept with it and found by commit and scenario; a run added again gets a missing one")
    func kept() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/h.sqlite"
        let database = try HistoryDatabase.open(path, create: true)
        defer { database.close() }
        let first = document(commit: sha(1)), second = document(commit: sha(2), createdAt: "2026-11-21T10:00:00Z")
        try database.add(first, source: nil, profile: Self.profile(for: first))
        #expect(try database.profile(commit: sha(1), scenario: "grid/0") == Self.profile(for: first))
        #expect(try database.profile(commit: sha(1), scenario: "grid/9") == nil)
        #expect(try database.profile(commit: sha(1), scenario: "grid/0", build: "debug") == nil)
        try database.add(second, source: nil)
        #expect(try database.profile(commit: sha(2), scenario: "grid/0") == nil)
        guard case .duplicate = try database.add(second, source: nil, profile: Self.profile(for: second, total: 7))
        else { Issue.record("the same run was added twice"); return }
        #expect(try database.profile(commit: sha(2), scenario: "grid/0")?.scenarios[0].regions[0].total == 7)
    }

    @Test("a database made before profiles is read as it is, without profiles, and a writer brings it up to date")
    func olderDatabase() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/old.sqlite"
        // A v1 database, as layoutbench wrote it before profiles existed.
        let queue = try DatabaseQueue(path: path)
        try HistorySchema.migrator.migrate(queue, upTo: "v1")
        try queue.close()

        let reader = try HistoryDatabase.openForReading(path)
        #expect(try reader.runs().isEmpty)
        #expect(try reader.profile(commit: sha(1), scenario: "grid/0") == nil)
        reader.close()
        let writer = try HistoryDatabase.open(path, create: false)
        let run = document(commit: sha(1))
        try writer.add(run, source: nil, profile: Self.profile(for: run))
        #expect(try writer.profile(commit: sha(1), scenario: "grid/0") != nil)
        writer.close()
    }
}
