import Foundation
import Statistics
import GRDB
import Patterns
import Results

extension HistoryDatabase {
    /// Every run, in `order` (commits in topological order, then dates).
    public func runs(order: CommitOrder = .byDate) throws(HistoryError) -> [HistoryRun] {
        let runs = try read { db in
            try Row.fetchAll(db, sql: """
                SELECT runs.*, (SELECT count(DISTINCT scenario_id) FROM metrics WHERE run_id = runs.id) AS scenarios
                FROM runs ORDER BY created_at, id
                """).map { row in
                // Throwing decodes, not GRDB's subscripts, which trap on a value the schema forbids (a NULL id, text
                // in a count): a damaged database must be an error, and the fuzzer found such files.
                let shardIndex = try row.decode(Int?.self, forColumn: "shard_index")
                let shardCount = try row.decode(Int?.self, forColumn: "shard_count")
                return HistoryRun(
                    id: try row.decode(forColumn: "id"), commit: try row.decode(forColumn: "commit_sha"),
                    parent: try row.decode(forColumn: "parent_sha"), dirty: try row.decode(forColumn: "dirty"),
                    createdAt: try row.decode(forColumn: "created_at"), suite: try row.decode(forColumn: "suite"),
                    seed: UInt64(try row.decode(String.self, forColumn: "seed")) ?? 0,
                    machine: try row.decode(forColumn: "cpu_model"), toolchain: try row.decode(forColumn: "toolchain"),
                    build: try row.decode(forColumn: "build"), allocator: try row.decode(forColumn: "allocator"),
                    shard: shardIndex.flatMap { index in shardCount.map { "\(index)/\($0)" } },
                    origin: try row.decode(forColumn: "origin"), scenarios: try row.decode(forColumn: "scenarios"))
            }
        }
        return runs.enumerated().sorted { a, b in
            if order.precedes((a.element.commit, a.element.createdAt), (b.element.commit, b.element.createdAt)) {
                return true
            }
            if order.precedes((b.element.commit, b.element.createdAt), (a.element.commit, a.element.createdAt)) {
                return false
            }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The commits that have runs.
    public func commits() throws(HistoryError) -> [String] {
        try read { db in try String.fetchAll(db, sql: "SELECT DISTINCT commit_sha FROM runs WHERE commit_sha IS NOT NULL") }
    }

    /// The series of every scenario that `scenario` selects (as `--filter` does everywhere: a ``Patterns/Glob`` over
    /// the whole id when it has a wildcard, else text the id contains) and every metric `metric` names (a glob, or the
    /// exact name), over runs of build configuration `build` (any when `nil`), one point per commit (the median of its
    /// runs' medians), in `order`. A scenario measured with different parameters under one id is one series.
    public func series(scenario: String, metric: String, build: String? = "release",
                       order: CommitOrder = .byDate) throws(HistoryError) -> [HistorySeries] {
        struct Key: Hashable { var scenario: String; var metric: String }
        struct CommitKey: Hashable { var commit: String?; var run: Int64? }
        struct Values { var unit = ""; var deterministic = true; var byCommit: [CommitKey: (date: String, values: [Double])] = [:] }
        struct Selected {
            var scenario: String, metric: String, unit: String, deterministic: Bool, p50: Double, run: Int64
            var commit: String?, createdAt: String
        }
        let rows = try read { db in
            // Throwing decodes (see runs(order:)).
            try Row.fetchAll(db, sql: """
                SELECT scenarios.name AS scenario, metrics.name AS metric, metrics.unit, metrics.deterministic,
                       metrics.p50, runs.id AS run, runs.commit_sha, runs.created_at
                FROM metrics JOIN runs ON runs.id = metrics.run_id JOIN scenarios ON scenarios.id = metrics.scenario_id
                WHERE (? IS NULL OR runs.build = ?)
                ORDER BY runs.created_at, runs.id
                """, arguments: [build, build]).map { row in
                Selected(scenario: try row.decode(forColumn: "scenario"), metric: try row.decode(forColumn: "metric"),
                         unit: try row.decode(forColumn: "unit"), deterministic: try row.decode(forColumn: "deterministic"),
                         p50: try row.decode(forColumn: "p50"), run: try row.decode(forColumn: "run"),
                         commit: try row.decode(forColumn: "commit_sha"), createdAt: try row.decode(forColumn: "created_at"))
            }
        }
        // Selected here rather than with SQLite's GLOB, whose `[…]` classes and byte-wise `?` are not LayoutBench's
        // one glob: `--filter` must select the same scenarios in `history` as in `run`.
        let scenarios = NameFilter([scenario])
        let metrics = Glob.hasWildcard(metric) ? Glob(metric) : nil
        let selected = rows.filter { row in
            scenarios.matches(row.scenario) && (metrics?.matches(row.metric) ?? (row.metric == metric))
        }
        var grouped: [Key: Values] = [:]
        for row in selected {
            let key = Key(scenario: row.scenario, metric: row.metric)
            var values = grouped[key] ?? Values()
            values.unit = row.unit
            values.deterministic = values.deterministic && row.deterministic
            // A run outside git is a point of its own.
            let commitKey = CommitKey(commit: row.commit, run: row.commit == nil ? row.run : nil)
            var entry = values.byCommit[commitKey] ?? (date: row.createdAt, values: [])
            entry.values.append(row.p50)
            values.byCommit[commitKey] = entry
            grouped[key] = values
        }
        return grouped.map { key, values in
            let points = values.byCommit.map { commitKey, entry in
                HistorySeries.Point(commit: commitKey.commit, createdAt: entry.date,
                                    value: changePointMedian(entry.values), runs: entry.values.count)
            }.sorted { order.precedes(($0.commit, $0.createdAt), ($1.commit, $1.createdAt)) }
            return HistorySeries(scenario: key.scenario, metric: key.metric, unit: values.unit,
                                 deterministic: values.deterministic, points: points)
        }.sorted { ($0.scenario, $0.metric) < ($1.scenario, $1.metric) }
    }

    /// The value of `metric` for `scenario` at `commit` (the median over its runs of build `build`), or `nil` when no
    /// run measured it: how `bisect` reuses earlier measurements.
    public func value(commit: String, scenario: String, metric: String,
                      build: String = "release") throws(HistoryError) -> Double? {
        let values = try read { db in
            try Double.fetchAll(db, sql: """
                SELECT metrics.p50 FROM metrics JOIN runs ON runs.id = metrics.run_id
                JOIN scenarios ON scenarios.id = metrics.scenario_id
                WHERE runs.commit_sha = ? AND scenarios.name = ? AND metrics.name = ? AND runs.build = ?
                """, arguments: [commit, scenario, metric, build])
        }
        return values.isEmpty ? nil : changePointMedian(values)
    }

    /// The instruction profile of the latest run at `commit` (of build `build`) that has one covering `scenario`, or
    /// `nil`: what `history changes` and `bisect` compare on either side of a change. A database of version v1 has
    /// none.
    ///
    /// - Throws: ``HistoryError/corrupt(_:detail:)`` when a stored profile cannot be read.
    public func profile(commit: String, scenario: String, build: String = "release") throws(HistoryError)
        -> InstructionProfile?
    {
        let rows = try read { db -> [String] in
            guard try db.tableExists("profiles") else { return [] }
            return try String.fetchAll(db, sql: """
                SELECT profiles.profile FROM profiles JOIN runs ON runs.id = profiles.run_id
                WHERE runs.commit_sha = ? AND runs.build = ? ORDER BY runs.id DESC
                """, arguments: [commit, build])
        }
        for text in rows {
            let profile: InstructionProfile
            do {
                profile = try InstructionProfile.decode(json: Data(text.utf8), source: path)
            } catch {
                throw .corrupt(path, detail: "a stored instruction profile cannot be read: \(error)")
            }
            if profile.scenarios.contains(where: { $0.id == scenario }) { return profile }
        }
        return nil
    }

    /// Whether a run of `suite` at `commit` is recorded: how `run --revisions` resumes.
    public func hasRun(commit: String, suite: String) throws(HistoryError) -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM runs WHERE commit_sha = ? AND suite = ?)",
                              arguments: [commit, suite]) ?? false
        }
    }
}
