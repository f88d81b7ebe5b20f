import Foundation
import GRDB
import Results
import Testing
@testable import History

/// A results document of `scenarios` scenarios at `commit`, with an exact metric and a timing per scenario.
func document(commit: String?, createdAt: String = "2026-11-20T10:00:00Z", scenarios: Int = 3,
              instructions: Double = 1000, wall: Double = 50, build: String = "release") -> ResultsDocument {
    ResultsDocument(
        toolVersion: "0.1.0", createdAt: createdAt,
        git: commit.map { GitInfo(commit: $0, dirty: false, branch: "main") },
        machine: MachineInfo(cpuModel: "Test CPU", cores: 2, memoryBytes: 1 << 33, kernel: "6.1", swiftVersion: "6.3.1",
                             buildConfiguration: build, allocator: "jemalloc 5.3.0", timingIsValid: true),
        suite: "gate", seed: 1,
        scenarios: (0..<scenarios).map { index in
            ScenarioResult(id: "grid/\(index)", parameters: ["rows": "\(index)", "variant": "a"], metrics: [
                "query.instructions": .exact(instructions + Double(index), unit: "instructions"),
                "query.wall": Metric(unit: "ns", p50: wall, p90: wall * 1.1, p99: wall * 1.3, min: wall * 0.9,
                                     max: wall * 1.4, mean: wall, count: 3, deterministic: false,
                                     samples: [wall * 0.9, wall, wall * 1.1]),
            ])
        })
}

func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func sha(_ n: Int) -> String { String(repeating: "0", count: 40 - String(n, radix: 16).count) + String(n, radix: 16) }

@Suite("History database")
struct HistoryDatabaseTests {
    @Test("a new database is created with its directory, in WAL mode, at the current schema")
    func creates() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/results/history.sqlite"
        #expect(throws: HistoryError.missing(path)) { try HistoryDatabase.open(path, create: false) }
        #expect(!FileManager.default.fileExists(atPath: path))
        let database = try HistoryDatabase.open(path, create: true)
        let mode = try database.queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        let applied = try database.queue.read { db in try HistorySchema.migrator.appliedMigrations(db) }
        #expect(applied == ["v1", "v2"])
        // Opening again changes nothing.
        _ = try HistoryDatabase.open(path, create: false)
    }

    @Test("adding is idempotent by content: the same run twice is one run; another commit is another")
    func idempotent() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try HistoryDatabase.open("\(directory)/h.sqlite", create: true)
        let first = try database.add(document(commit: sha(1)), source: "a.json")
        #expect(first == .added(runID: 1, metrics: 6))
        #expect(try database.add(document(commit: sha(1)), source: "copy.json") == .duplicate(runID: 1))
        #expect(try database.add(document(commit: sha(2)), source: "b.json") == .added(runID: 2, metrics: 6))
        let runs = try database.runs()
        #expect(runs.map(\.commit) == [sha(1), sha(2)])
        #expect(runs.first?.scenarios == 3)
        let samples = try database.queue.read { db in
            try String.fetchOne(db, sql: "SELECT samples FROM metrics WHERE name = 'query.wall' LIMIT 1")
        }
        #expect(samples == "[\(50 * 0.9),50.0,\(50 * 1.1)]")
    }

    @Test("series follow the commit order given, and a commit's runs are pooled by their median")
    func series() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try HistoryDatabase.open("\(directory)/h.sqlite", create: true)
        // Dates in the opposite order of the topology, so the order must come from the topology.
        for (index, commit) in [3, 2, 1].enumerated() {
            try database.add(document(commit: sha(commit), createdAt: "2026-11-2\(index)T10:00:00Z",
                                      instructions: Double(commit * 100)), source: nil)
        }
        try database.add(document(commit: sha(2), createdAt: "2026-11-28T10:00:00Z", instructions: 400), source: nil)
        try database.add(document(commit: sha(2), createdAt: "2026-11-29T10:00:00Z", instructions: 250), source: nil)
        try database.add(document(commit: sha(9), build: "debug"), source: nil)
        let order = CommitOrder(oldestFirst: [sha(1), sha(2), sha(3)])
        let all = try database.series(scenario: "grid/0", metric: "query.instructions", order: order)
        #expect(all.count == 1)
        #expect(all[0].points.map(\.commit) == [sha(1), sha(2), sha(3)])
        #expect(all[0].points.map(\.value) == [100, 250, 300])
        #expect(all[0].points.map(\.runs) == [1, 3, 1])
        #expect(all[0].deterministic)
        let byDate = try database.series(scenario: "grid/0", metric: "query.instructions")
        #expect(byDate[0].points.map(\.commit) == [sha(3), sha(2), sha(1)])
        #expect(try database.series(scenario: "grid/*", metric: "query.*").count == 6)
        #expect(try database.series(scenario: "*", metric: "*", build: nil).first?.points.count == 4)
        #expect(try database.value(commit: sha(2), scenario: "grid/1", metric: "query.instructions") == 251)
        #expect(try database.value(commit: sha(7), scenario: "grid/1", metric: "query.instructions") == nil)
        #expect(try database.hasRun(commit: sha(3), suite: "gate"))
        #expect(try !database.hasRun(commit: sha(3), suite: "quick"))
    }

    @Test("change points of an exact series in the database are its steps")
    func changes() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try HistoryDatabase.open("\(directory)/h.sqlite", create: true)
        var commits: [String] = []
        for index in 0..<20 {
            commits.append(sha(index + 1))
            try database.add(document(commit: sha(index + 1), scenarios: 1, instructions: index < 12 ? 1000 : 1010),
                             source: nil)
        }
        let series = try database.series(scenario: "grid/0", metric: "query.instructions",
                                         order: CommitOrder(oldestFirst: commits))
        let changes = series[0].changes()
        #expect(changes.count == 1)
        #expect(changes.first?.lastBefore.commit == sha(12) && changes.first?.firstAfter.commit == sha(13))
        #expect(changes.first?.point.confidence == 1)
    }

    @Test("a file that is not a database is refused in one line and left as it is")
    func corrupt() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/h.sqlite"
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try garbage.write(to: URL(fileURLWithPath: path))
        for create in [false, true] {
            #expect {
                try HistoryDatabase.open(path, create: create)
            } throws: { error in
                guard case .corrupt(path, _) = error as? HistoryError else { return false }
                return !"\(error)".contains("\n")
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
        // A database of another program is not taken over either.
        let other = "\(directory)/other.sqlite"
        try DatabaseQueue(path: other).write { db in try db.execute(sql: "CREATE TABLE notes (text)") }
        #expect(throws: HistoryError.corrupt(other, detail: "an SQLite database, but not a layoutbench history")) {
            try HistoryDatabase.open(other, create: true)
        }
        // A damaged page in a real history.
        let damaged = "\(directory)/damaged.sqlite"
        let database = try HistoryDatabase.open(damaged, create: true)
        try database.add(document(commit: sha(1), scenarios: 200), source: nil)
        try database.queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: damaged))
        for index in 4096..<min(bytes.count, 4096 * 6) { bytes[index] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: damaged))
        let result = Result { () throws -> [HistorySeries] in
            try HistoryDatabase.open(damaged, create: false).series(scenario: "*", metric: "*")
        }
        if case .failure(let error) = result {
            #expect(error is HistoryError)
            #expect(!"\(error)".contains("\n"))
        }
    }

    @Test("a database with a migration this build does not know is refused, not migrated")
    func newerSchema() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/h.sqlite"
        let database = try HistoryDatabase.open(path, create: true)
        try database.add(document(commit: sha(1)), source: nil)
        try database.queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9')")
        }
        #expect(throws: HistoryError.newerSchema(path, unknown: ["v9"])) {
            try HistoryDatabase.open(path, create: true)
        }
        #expect("\(HistoryError.newerSchema(path, unknown: ["v9"]))".contains("newer layoutbench"))
    }

    @Test("an ingest that fails halfway leaves nothing of the run")
    func atomic() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try HistoryDatabase.open("\(directory)/h.sqlite", create: true)
        // The second scenario's metric violates a constraint (a trigger stands in for a failure mid-ingest).
        try database.queue.write { db in
            try db.execute(sql: """
                CREATE TEMP TRIGGER fail_second BEFORE INSERT ON metrics WHEN NEW.scenario_id = 2
                BEGIN SELECT RAISE(ABORT, 'injected failure'); END
                """)
        }
        #expect(throws: HistoryError.self) { try database.add(document(commit: sha(1)), source: nil) }
        let counts = try database.queue.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM runs"), try Int.fetchOne(db, sql: "SELECT count(*) FROM metrics"))
        }
        #expect(counts.0 == 0 && counts.1 == 0)
    }

    @Test("the content hash is SHA-256 of the canonical JSON", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func sha256(input: String, digest: String) {
        #expect(SHA256.hex(Array(input.utf8)) == digest)
    }
}

/// Issue 36: the history fuzzer's first finding. A damaged file can hold what the schema forbids (a NULL run id, text
/// in a count), and GRDB's row subscripts trap on it; the readers decode with throwing calls instead.
@Suite("History database: values the schema forbids")
struct HistoryForbiddenValuesTests {
    @Test("a NULL run id or a text count is a one-line corrupt error from every reader, not a trap")
    func forbiddenValues() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/h.sqlite"
        // The layout of a history whose tables lost their constraints, as a damaged schema page can make them.
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1');
                CREATE TABLE runs (id, content_hash, commit_sha, parent_sha, dirty, branch, created_at, suite, seed,
                    tool_version, cpu_model, cores, memory_bytes, kernel, toolchain, build, allocator, timing_valid,
                    shard_index, shard_count, shard_scenarios, source, origin, ingested_at);
                CREATE TABLE scenarios (id, name, parameters);
                CREATE TABLE metrics (run_id, scenario_id, name, unit, deterministic, p50, p90, p99, min, max, mean,
                    count, samples);
                INSERT INTO runs VALUES (NULL, 'h', 'c', NULL, 0, 'main', '2026-11-20T10:00:00Z', 'gate', '1', '0.1',
                    'cpu', 2, 1, '6', '6.3', 'release', 'jemalloc', 1, 'one', NULL, NULL, NULL, 'add', 'now');
                INSERT INTO runs VALUES (2, 'h2', 'd', NULL, 0, 'main', '2026-11-21T10:00:00Z', 'gate', '1', '0.1',
                    'cpu', 2, 1, '6', '6.3', 'release', 'jemalloc', 1, NULL, NULL, NULL, NULL, 'add', 'now');
                INSERT INTO scenarios VALUES (1, 'grid/0', '{}');
                INSERT INTO metrics VALUES (2, 1, 'query.time', 'ns', X'00', 'fast', 1, 1, 1, 1, 1, 1, NULL);
                """)
        }
        let database = try HistoryDatabase.openForReading(path)
        defer { database.close() }
        for read in [{ _ = try database.runs() }, { _ = try database.series(scenario: "*", metric: "*", build: nil) }] {
            #expect {
                try read()
            } throws: { error in
                guard case .corrupt(path, let detail) = error as? HistoryError else { return false }
                return detail.contains("a value its schema does not allow") && !"\(error)".contains("\n")
            }
        }
    }
}
