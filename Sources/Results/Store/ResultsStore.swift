#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The results folder: where runs write their documents, and how documents are written and read.
///
/// Files are written atomically and never replace an existing file unless asked to; see
/// ``write(_:to:force:)-(ResultsDocument,_,_)``. `results/README.md` documents the file names and the schema.
public struct ResultsStore: Hashable, Sendable {
    /// The folder that default paths are in; it is created on first use. A relative path is relative to the current
    /// directory.
    public var directory: String

    /// A store over `directory`, `results` by default.
    public init(directory: String = "results") {
        self.directory = directory
    }

    /// A fresh path in ``directory`` for `document`:
    /// `<yyyyMMdd-HHmmss>Z-<suite>-<commit>[-dirty]-<random>.json`.
    ///
    /// - The time is the document's `createdAt` (the current time if that does not parse).
    /// - The suite keeps letters, digits, `.`, `_` and `-`; any other character becomes `-`.
    /// - The commit is the first 12 hexadecimal digits of `git.commit`, or `nogit`, followed by `-dirty` when the
    ///   tree was dirty.
    /// - The random part is 6 lowercase hexadecimal digits, so that two runs of one commit in the same second get
    ///   different names. A name that is already taken is drawn again; ``write(_:to:force:)-(ResultsDocument,_,_)``
    ///   refuses to replace a file in any case.
    public func defaultPath(for document: ResultsDocument) -> String {
        let time = (UTCTimestamp(iso8601: document.createdAt) ?? .now()).compact
        let revision = document.git.map { git in
            let commit = git.commit.lowercased().filter { $0.isHexDigit }
            return (commit.isEmpty ? "unknown" : String(commit.prefix(12))) + (git.dirty ? "-dirty" : "")
        } ?? "nogit"
        let prefix = "\(time)Z-\(Self.fileNameComponent(document.suite))-\(revision)-"
        var path = FileNames.join(directory, prefix + FileNames.randomHex(count: 6) + ".json")
        for _ in 0..<16 {
            guard case .success = POSIXFile.status(path) else { break }
            path = FileNames.join(directory, prefix + FileNames.randomHex(count: 6) + ".json")
        }
        return path
    }

    /// `name` made safe for a file name: letters, digits, `.`, `_` and `-` are kept, anything else becomes `-`, and an
    /// empty name becomes `suite`.
    package static func fileNameComponent(_ name: String) -> String {
        let safe = String(name.prefix(64).map { c in
            c.isASCII && (c.isLetter || c.isNumber || "._-".contains(c)) ? c : "-"
        })
        return safe.isEmpty ? "suite" : safe
    }
}
