import GRDB

/// The versioned schema: one GRDB migration per version, applied in order, recorded in `grdb_migrations`. A database
/// that records a migration missing here was written by a newer layoutbench and is refused.
///
/// - `runs`: one results document (a whole run or a shard): commit, parent, date, suite, seed, machine, toolchain,
///   build configuration, allocator, shard, the content hash it is keyed by, and how it came in.
/// - `scenarios`: a scenario id with its parameters (JSON, keys sorted).
/// - `metrics`: per run and scenario, each metric's unit, exactness, summary and raw samples (a JSON array, or null
///   where the run kept none).
/// - `profiles` (v2): per run, its instruction profile (``Results/InstructionProfile``, the file's JSON), when it was
///   given one, so that `history changes` and `bisect` can name the functions behind a change.
///
/// Readers read a database of any version from v1 on (a v1 database simply has no profiles); a writer brings it up
/// to date first.
enum HistorySchema {
    /// The migration every history has; a database without it is not one.
    static let first = "v1"

    /// The migrations, oldest first.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE runs (
                    id INTEGER PRIMARY KEY,
                    content_hash TEXT NOT NULL UNIQUE,
                    commit_sha TEXT,
                    parent_sha TEXT,
                    dirty INTEGER NOT NULL,
                    branch TEXT,
                    created_at TEXT NOT NULL,
                    suite TEXT NOT NULL,
                    seed TEXT NOT NULL,
                    tool_version TEXT NOT NULL,
                    cpu_model TEXT NOT NULL,
                    cores INTEGER NOT NULL,
                    memory_bytes INTEGER NOT NULL,
                    kernel TEXT NOT NULL,
                    toolchain TEXT NOT NULL,
                    build TEXT NOT NULL,
                    allocator TEXT NOT NULL,
                    timing_valid INTEGER NOT NULL,
                    shard_index INTEGER,
                    shard_count INTEGER,
                    shard_scenarios INTEGER,
                    source TEXT,
                    origin TEXT NOT NULL,
                    ingested_at TEXT NOT NULL
                );
                CREATE INDEX runs_by_commit ON runs(commit_sha, suite);
                CREATE TABLE scenarios (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    parameters TEXT NOT NULL,
                    UNIQUE (name, parameters)
                );
                CREATE TABLE metrics (
                    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                    scenario_id INTEGER NOT NULL REFERENCES scenarios(id),
                    name TEXT NOT NULL,
                    unit TEXT NOT NULL,
                    deterministic INTEGER NOT NULL,
                    p50 REAL NOT NULL,
                    p90 REAL NOT NULL,
                    p99 REAL NOT NULL,
                    min REAL NOT NULL,
                    max REAL NOT NULL,
                    mean REAL NOT NULL,
                    count INTEGER NOT NULL,
                    samples TEXT,
                    PRIMARY KEY (run_id, scenario_id, name)
                ) WITHOUT ROWID;
                CREATE INDEX metrics_by_series ON metrics(scenario_id, name);
                """)
        }
        migrator.registerMigration("v2") { db in
            try db.execute(sql: """
                CREATE TABLE profiles (
                    run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
                    profile TEXT NOT NULL
                );
                """)
        }
        return migrator
    }()
}
