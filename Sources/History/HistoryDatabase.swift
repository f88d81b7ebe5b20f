import Foundation
import GRDB
import Platform

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

    /// Opens the database at `path` for writing (`history add`, `bisect`, `run --revisions`), creating it (and its
    /// directory) when `create` is true and no file is there, and brings its schema up to date.
    ///
    /// An existing database is checked first (SQLite's `quick_check`), before anything is written to it: a damaged
    /// one is refused and left exactly as it was, rather than having runs added beside the damage (which the reading
    /// commands would then refuse).
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
            try createWhole(path)
        }
        let database = try connect(path, location: path, readOnly: false)
        try database.checkIntegrity()
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
                database.queue.writeWithoutTransaction { db in db.clearSchemaCache() }
                usleep(UInt32(20_000 * attempt))
            }
        }
    }

    /// Makes a new database at `path` with its whole schema, in WAL mode: built in a temporary file beside it
    /// (`.NAME.tmp-PID-…`, removed on Ctrl-C or SIGTERM with its `-wal`, `-shm` and `-journal` files), then linked
    /// into place, so that `path` is never an empty or half-made database, whatever stops the process (an abort
    /// for want of memory, a kill). When another process made one first, its database is kept and this one dropped.
    private static func createWhole(_ path: String) throws(HistoryError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "" : directory + "/")
            + ".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let tokens = files(of: temporary).map { InterruptCleanup.register($0) }
        defer {
            for (file, token) in zip(files(of: temporary), tokens) {
                unlink(file)
                InterruptCleanup.unregister(token)
            }
        }
        let fresh = try connect(path, location: temporary, readOnly: false)
        try fresh.prepareSchema()
        fresh.close()
        if link(temporary, path) != 0 && errno != EEXIST {
            throw .database(path, detail: "cannot create it: \(String(cString: strerror(errno)))")
        }
    }

    /// Opens the database at `path` for reading only (`history list`, `show`, `changes`, `report`): nothing is ever
    /// written to the file or beside it (no schema into an empty file, no switch to WAL, no `-wal` or `-shm` file),
    /// and a database in a directory this user cannot write can be read.
    ///
    /// A database without a `-wal` file is whole in its main file (its last writer closed, which checkpoints), so it
    /// is read as immutable (`?immutable=1`): SQLite then makes no `-shm` or `-wal` file and takes no lock. With a
    /// `-wal` file (a writer is at work, or one was killed), it is opened in SQLite's read-only mode, which reads the
    /// writer's committed transactions from the `-wal` file and leaves the files as they were. A writer that starts
    /// while an immutable read is under way commits to its own `-wal` file and checkpoints only when it closes, after
    /// the whole add; reads take milliseconds.
    ///
    /// - Throws: ``HistoryError/missing(_:)`` when there is no file, ``HistoryError/empty(_:)`` when it holds no
    ///   history yet (an empty file), ``HistoryError/corrupt(_:detail:)``, ``HistoryError/newerSchema(_:unknown:)``
    ///   or ``HistoryError/database(_:detail:)``.
    public static func openForReading(_ path: String) throws(HistoryError) -> HistoryDatabase {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing(path) }
        if isDirectory.boolValue { throw .corrupt(path, detail: "it is a directory") }
        let immutable = URL(fileURLWithPath: path).absoluteString + "?immutable=1"
        if !FileManager.default.fileExists(atPath: path + "-wal") {
            return try connect(path, location: immutable, readOnly: true).checkedForReading()
        }
        do {
            return try connect(path, location: path, readOnly: true).checkedForReading()
        } catch .cannotOpen {
            // A -wal file left by a writer that was killed, in a directory this user cannot write (so no -shm file
            // can be made): the main file, as its last checkpoint left it.
            return try connect(path, location: immutable, readOnly: true).checkedForReading()
        }
    }

    /// The files SQLite keeps for the database at `path`: the database, its `-wal`, `-shm` and `-journal` files. A
    /// command that writes a file refuses any of them as its output.
    public static func files(of path: String) -> [String] {
        [path, path + "-wal", path + "-shm", path + "-journal"]
    }

    /// A connection to `location` (the path, or a `file:` URI) for the database at `path`.
    private static func connect(_ path: String, location: String, readOnly: Bool) throws(HistoryError)
        -> HistoryDatabase
    {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "history"
        configuration.readonly = readOnly
        do {
            return HistoryDatabase(path: path, queue: try DatabaseQueue(path: location, configuration: configuration))
        } catch {
            throw classify(error, path: path)
        }
    }

    /// SQLite's `quick_check` of the whole file: `corrupt` naming its first finding unless it says `ok`.
    private func checkIntegrity() throws(HistoryError) {
        let findings = try read { db in try String.fetchAll(db, sql: "PRAGMA quick_check(5)") }
        guard findings != ["ok"] else { return }
        // SQLite heads its findings with "*** in database main ***"; the first finding after it says what is wrong.
        let lines = findings.flatMap { $0.split(separator: "\n").map(String.init) }.filter { !$0.hasPrefix("***") }
        let first = lines.first ?? findings.first ?? "no answer"
        throw .corrupt(path, detail: "its integrity check fails: \(first)")
    }

    /// This read-only connection, once the file is known to be a history this build can read.
    private func checkedForReading() throws(HistoryError) -> HistoryDatabase {
        let state = try schemaState()
        if !state.unknown.isEmpty { throw .newerSchema(path, unknown: state.unknown) }
        if state.foreign { throw .corrupt(path, detail: "an SQLite database, but not a layoutbench history") }
        // A database of an older version is read as it is (a v1 history has no profiles); only a writer migrates.
        if !state.readable { throw .empty(path) }
        return self
    }

    /// What the file holds: migrations this build does not know, tables of something else, a complete schema, a
    /// schema readers can read (the first migration applied).
    private func schemaState() throws(HistoryError)
        -> (unknown: [String], foreign: Bool, complete: Bool, readable: Bool)
    {
        let migrator = HistorySchema.migrator
        return try read { db in
            let applied = try migrator.appliedIdentifiers(db)
            let unknown = applied.subtracting(Set(migrator.migrations)).sorted()
            let tables = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                """)
            // GRDB creates its table of migrations before the first migration's transaction: a database another
            // process is creating right now has it alone.
            let foreign = applied.isEmpty && tables.contains { $0 != "grdb_migrations" }
            return (unknown, foreign, try migrator.hasCompletedMigrations(db), applied.contains(HistorySchema.first))
        }
    }

    /// Checks the file is a history database this build can read, switches it to WAL, and applies the migrations
    /// it lacks.
    private func prepareSchema() throws(HistoryError) {
        let state = try schemaState()
        if !state.unknown.isEmpty { throw HistoryError.newerSchema(path, unknown: state.unknown) }
        if state.foreign { throw HistoryError.corrupt(path, detail: "an SQLite database, but not a layoutbench history") }
        do {
            try queue.writeWithoutTransaction { db in
                if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                    try db.execute(sql: "PRAGMA journal_mode = WAL")
                }
            }
            if !state.complete { try migrate(HistorySchema.migrator) }
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
        // A value the schema forbids (a NULL id, text where a number belongs): only a damaged file holds one.
        if error is RowDecodingError {
            return .corrupt(path, detail: "a value its schema does not allow: \(String(describing: error).prefix(160))")
        }
        if let error = error as? DatabaseError {
            let detail = error.message ?? "\(error.resultCode)"
            switch error.resultCode.primaryResultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .corrupt(path, detail: detail)
            case .SQLITE_CANTOPEN: return .cannotOpen(path, detail: detail)
            default: return .database(path, detail: detail)
            }
        }
        return .database(path, detail: "\(error)")
    }

    /// Closes the connection. The last connection to a WAL database checkpoints it and removes its `-wal` and `-shm`
    /// files, which a process that exits without closing leaves beside the database (whole, but untidy); every
    /// command closes the database before it exits, interrupted or not. A failure is ignored: the database stays
    /// whole, and the next connection to close tidies it.
    public func close() {
        try? queue.close()
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
