import Foundation
import GRDB

/// The SQLite database of runs across commits (`results/history.sqlite` by default): runs, the scenarios they
/// measured and every metric's summary with its raw samples.
///
/// Reliability:
/// - The file is in WAL mode with a busy timeout of ``busyTimeout``, so concurrent writers (a CI matrix adding its
///   shards) wait for each other instead of failing.
/// - Every ingest is one `BEGIN IMMEDIATE` transaction: a process killed halfway leaves the database as it was.
/// - A file that is not a database, a damaged one, or one written by a newer layoutbench (a migration this build does
///   not know) is reported as a ``HistoryError``, never recreated, never migrated.
/// - Only ``open(_:create:)`` with `create: true` makes a new file, and only where none exists.
public final class HistoryDatabase: Sendable {
    /// How long a writer waits for another process's transaction before it gives up.
    public static let busyTimeout: TimeInterval = 60

    /// The default location, relative to the working directory.
    public static let defaultPath = "results/history.sqlite"

    /// The database file.
    public let path: String
    /// The connection.
    let queue: DatabaseQueue

    private init(path: String, queue: DatabaseQueue) {
        self.path = path
        self.queue = queue
    }

    /// Opens the database at `path`, creating it (and its directory) when `create` is true and no file is there, and
    /// brings its schema up to date.
    ///
    /// - Throws: ``HistoryError/missing(_:)`` when there is no file and `create` is false;
    ///   ``HistoryError/corrupt(_:detail:)``, ``HistoryError/newerSchema(_:unknown:)`` or
    ///   ``HistoryError/database(_:detail:)`` otherwise.
    public static func open(_ path: String, create: Bool) throws(HistoryError) -> HistoryDatabase {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if isDirectory.boolValue { throw .corrupt(path, detail: "it is a directory") }
        if !exists {
            guard create else { throw .missing(path) }
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty {
                do {
                    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                } catch {
                    throw .database(path, detail: "cannot create \(directory): \(error.localizedDescription)")
                }
            }
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "history"
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw classify(error, path: path)
        }
        let database = HistoryDatabase(path: path, queue: queue)
        // Processes that open a new database at the same moment race to create its schema; GRDB's migrator reads
        // what is applied before its transaction, so the loser fails (a table it expected, or one that already
        // exists). Once the winner has committed, a second look finds the schema complete.
        var attempt = 0
        while true {
            do {
                try database.prepareSchema()
                return database
            } catch .database where attempt < 4 {
                attempt += 1
                queue.writeWithoutTransaction { db in db.clearSchemaCache() }
                usleep(UInt32(20_000 * attempt))
            }
        }
    }

    /// Checks the file is a history database this build can read, switches it to WAL, and applies the migrations
    /// it lacks.
    private func prepareSchema() throws(HistoryError) {
        let migrator = HistorySchema.migrator
        do {
            let state = try queue.read { db -> (unknown: [String], foreign: Bool, complete: Bool) in
                let applied = try migrator.appliedIdentifiers(db)
                let known = Set(migrator.migrations)
                let unknown = applied.subtracting(known).sorted()
                let tables = try String.fetchAll(db, sql: """
                    SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                    """)
                // GRDB creates its table of migrations before the first migration's transaction: a database
                // another process is creating right now has it alone.
                let foreign = applied.isEmpty && tables.contains { $0 != "grdb_migrations" }
                return (unknown, foreign, try migrator.hasCompletedMigrations(db))
            }
            if !state.unknown.isEmpty { throw HistoryError.newerSchema(path, unknown: state.unknown) }
            if state.foreign {
                throw HistoryError.corrupt(path, detail: "an SQLite database, but not a layoutbench history")
            }
            try queue.writeWithoutTransaction { db in
                if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                    try db.execute(sql: "PRAGMA journal_mode = WAL")
                }
            }
            if !state.complete { try migrate(migrator) }
        } catch let error as HistoryError {
            throw error
        } catch {
            throw Self.classify(error, path: path)
        }
    }

    /// Applies the missing migrations. Two processes opening a new database at once may both try: the loser's
    /// migration fails inside its transaction (the table exists), and the database is checked again.
    private func migrate(_ migrator: DatabaseMigrator) throws {
        do {
            try migrator.migrate(queue)
        } catch {
            let complete = try queue.read { db in try migrator.hasCompletedMigrations(db) }
            if !complete { throw error }
        }
    }

    /// The error for the user: damaged or not a database, or any other SQLite failure, as one line.
    static func classify(_ error: any Error, path: String) -> HistoryError {
        if let error = error as? HistoryError { return error }
        if let error = error as? DatabaseError {
            let detail = error.message ?? "\(error.resultCode)"
            switch error.resultCode.primaryResultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .corrupt(path, detail: detail)
            default: return .database(path, detail: detail)
            }
        }
        return .database(path, detail: "\(error)")
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction: all of it is committed, or none.
    func transaction<T>(_ body: @escaping (Database) throws -> T) throws(HistoryError) -> T {
        do {
            return try queue.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch {
            throw Self.classify(error, path: path)
        }
    }

    /// Runs `body` in a read transaction.
    func read<T>(_ body: @escaping (Database) throws -> T) throws(HistoryError) -> T {
        do {
            return try queue.read(body)
        } catch {
            throw Self.classify(error, path: path)
        }
    }
}
