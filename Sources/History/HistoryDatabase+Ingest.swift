import Foundation
import GRDB
import Results

extension HistoryDatabase {
    /// The content hash `add` keys runs by: SHA-256 of the document's canonical JSON (keys sorted), so the same run
    /// written with other whitespace or key order is the same run.
    public static func contentHash(of document: ResultsDocument) throws(HistoryError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return SHA256.hex(try encoder.encode(document))
        } catch {
            throw .unreadable("results document", detail: "cannot be encoded: \(error)")
        }
    }

    /// Adds `document` as one run, in one transaction, unless a run with the same content hash is there, with its
    /// instruction profile when it has one (kept whole, so that `history changes` and `bisect` can name the functions
    /// behind a change). A run already there gets the profile when it had none.
    ///
    /// - Parameters:
    ///   - document: the run's results document.
    ///   - source: the file it was read from, recorded for `list`.
    ///   - origin: how it came in: `add`, `bisect` or `run`.
    ///   - parent: the commit's first parent, when the repository is at hand.
    ///   - contentHash: ``contentHash(of:)`` of the document, when the caller computed it already (`history add`
    ///     does, for every file, before it opens the database).
    ///   - profile: the run's instruction profile.
    /// - Throws: ``HistoryError`` when SQLite fails; the database is then as it was.
    @discardableResult
    public func add(_ document: ResultsDocument, source: String?, origin: String = "add",
                    parent: String? = nil, contentHash: String? = nil,
                    profile: InstructionProfile? = nil) throws(HistoryError) -> IngestOutcome {
        let hash: String
        if let contentHash { hash = contentHash } else { hash = try Self.contentHash(of: document) }
        let profileJSON: String?
        do {
            profileJSON = try profile.map { String(decoding: try $0.encodedJSON(), as: UTF8.self) }
        } catch {
            throw .unreadable("instruction profile", detail: "cannot be encoded: \(error)")
        }
        let ingestedAt = UTCTimestamp.now().description
        return try transaction { db -> IngestOutcome in
            if let existing = try Int64.fetchOne(db, sql: "SELECT id FROM runs WHERE content_hash = ?",
                                                 arguments: [hash]) {
                if let profileJSON {
                    try db.execute(sql: "INSERT OR IGNORE INTO profiles (run_id, profile) VALUES (?, ?)",
                                   arguments: [existing, profileJSON])
                }
                return .duplicate(runID: existing)
            }
            let machine = document.machine
            try db.execute(
                sql: """
                    INSERT INTO runs (content_hash, commit_sha, parent_sha, dirty, branch, created_at, suite, seed,
                        tool_version, cpu_model, cores, memory_bytes, kernel, toolchain, build, allocator,
                        timing_valid, shard_index, shard_count, shard_scenarios, source, origin, ingested_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    hash, document.git?.commit, parent, document.git?.dirty ?? false, document.git?.branch,
                    document.createdAt, document.suite, String(document.seed), document.toolVersion,
                    machine.cpuModel, machine.cores, machine.memoryBytes, machine.kernel, machine.swiftVersion,
                    machine.buildConfiguration, machine.allocator, machine.timingIsValid, document.shard?.index,
                    document.shard?.count, document.shard?.suiteScenarios, source, origin, ingestedAt,
                ])
            let runID = db.lastInsertedRowID
            var rows = 0
            let insertScenario = try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO scenarios (name, parameters) VALUES (?, ?)")
            let findScenario = try db.cachedStatement(sql: "SELECT id FROM scenarios WHERE name = ? AND parameters = ?")
            let insertMetric = try db.cachedStatement(sql: """
                INSERT INTO metrics (run_id, scenario_id, name, unit, deterministic, p50, p90, p99, min, max, mean,
                    count, samples) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for scenario in document.scenarios {
                let parameters = Self.canonicalJSON(scenario.parameters)
                try insertScenario.execute(arguments: [scenario.id, parameters])
                guard let scenarioID = try Int64.fetchOne(findScenario, arguments: [scenario.id, parameters]) else {
                    throw HistoryError.database("scenarios", detail: "scenario \(scenario.id) was not recorded")
                }
                for (name, metric) in scenario.metrics.sorted(by: { $0.key < $1.key }) {
                    try insertMetric.execute(arguments: [
                        runID, scenarioID, name, metric.unit, metric.deterministic, metric.p50, metric.p90, metric.p99,
                        metric.min, metric.max, metric.mean, metric.count, metric.samples.map(Self.samplesJSON),
                    ])
                    rows += 1
                }
            }
            if let profileJSON {
                try db.execute(sql: "INSERT INTO profiles (run_id, profile) VALUES (?, ?)",
                               arguments: [runID, profileJSON])
            }
            return .added(runID: runID, metrics: rows)
        }
    }

    /// `{"key":"value",…}` with keys sorted and JSON escaping.
    static func canonicalJSON(_ parameters: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(parameters) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// A JSON array of the samples (Swift's shortest round-tripping decimal form).
    static func samplesJSON(_ samples: [Double]) -> String {
        "[" + samples.map { $0.isFinite ? "\($0)" : "null" }.joined(separator: ",") + "]"
    }
}
