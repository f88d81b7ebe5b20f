#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds programs on the search path: the one rule every part of LayoutBench uses, so that `doctor`, `run
/// --instructions`, `ab` and the git metadata never disagree on whether a program exists.
public enum Executables {
    /// The first regular, executable file named `name` in the absolute directories of `searchPath` (a `PATH`
    /// value), or `nil`.
    ///
    /// Empty and relative entries are skipped, so that a program is never picked up from the current directory.
    public static func find(_ name: String, searchPath: String?) -> String? {
        guard let searchPath, !name.isEmpty, !name.contains("/") else { return nil }
        for directory in searchPath.split(separator: ":") where directory.hasPrefix("/") {
            let candidate = directory.hasSuffix("/") ? "\(directory)\(name)" : "\(directory)/\(name)"
            var info = stat()
            guard stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// The first executable named `name` on this process's `PATH`.
    public static func find(_ name: String) -> String? {
        find(name, searchPath: getenv("PATH").map { String(cString: $0) })
    }
}
