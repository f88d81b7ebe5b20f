/// A Swift source file: the path the compiler names it by in diagnostics, and its text.
public struct SourceFile: Sendable, Equatable {
    /// The path of the file, as it should appear in diagnostics (the original file's path).
    public var path: String
    /// The file's text.
    public var text: String

    /// A file of the given path and text.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// Something the rewrite could not do, or chose to do, at a place in an original file.
public struct RewriteDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// How much it matters: a warning means the rewritten file may not compile or may behave differently.
    public enum Severity: String, Sendable {
        /// The form is not rewritten; the rewritten file may not compile or may behave differently.
        case warning
        /// A choice the rewrite made, for information.
        case note
    }

    /// How much it matters.
    public var severity: Severity
    /// The original file's path.
    public var path: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// What happened.
    public var message: String

    /// A diagnostic at the given place.
    public init(severity: Severity, path: String, line: Int, column: Int, message: String) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column: severity: message`, the compilers' format, which SwiftPM and editors pick up.
    public var description: String { "\(path):\(line):\(column): \(severity.rawValue): \(message)" }
}

/// What a rewrite produces: one rewritten file per original, in the same order, the support file, and diagnostics.
public struct RewriteResult: Sendable {
    /// The rewritten files, in the order of the originals; each keeps its original's path.
    public var files: [SourceFile]
    /// The declarations the rewritten files rely on (the error an unimplemented optional requirement throws); compile
    /// it into the same module.
    public var supportFile: String
    /// What could not be rewritten, and the choices made, in file and line order.
    public var diagnostics: [RewriteDiagnostic]
}
