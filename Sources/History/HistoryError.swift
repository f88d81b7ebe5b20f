/// Why the history database could not be opened, read or written: each case reads as one line for the terminal.
public enum HistoryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No database at the path (only `history add` and the commands that record runs create one).
    case missing(String)
    /// The file is there but holds no history yet (an empty file): only `history add` and the commands that record
    /// runs write a schema into it.
    case empty(String)
    /// SQLite could not open the file (read-only: a WAL database whose `-shm` file cannot be made); tried again as
    /// immutable).
    case cannotOpen(String, detail: String)
    /// The file is not an SQLite database, or is damaged.
    case corrupt(String, detail: String)
    /// The database was written by a newer layoutbench (its schema has migrations this build does not know).
    case newerSchema(String, unknown: [String])
    /// SQLite failed: locked past the busy timeout, disk full, read-only file.
    case database(String, detail: String)
    /// A results file could not be read.
    case unreadable(String, detail: String)

    public var description: String {
        switch self {
        case .missing(let path):
            return "no history database at \(path); `layoutbench history add FILE…` creates one"
        case .empty(let path):
            return "\(path) holds no history yet (an empty database); `layoutbench history add FILE…` adds runs"
        case .cannotOpen(let path, let detail):
            return "\(path) cannot be opened: \(detail)"
        case .corrupt(let path, let detail):
            return "\(path) is not a readable history database (\(detail)); it was left as it is"
        case .newerSchema(let path, let unknown):
            return "\(path) was written by a newer layoutbench (schema migrations \(unknown.joined(separator: ", "))"
                + " are unknown to this build); it was left as it is"
        case .database(let path, let detail):
            return "\(path): \(detail)"
        case .unreadable(let path, let detail):
            return "\(path): \(detail)"
        }
    }
}
