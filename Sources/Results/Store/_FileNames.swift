#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Path arithmetic and the random parts of file names.
enum FileNames {
    /// `count` random lowercase hexadecimal digits from the system's random source.
    static func randomHex(count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        return String((0..<count).map { _ in digits[Int(generator.next() % 16)] })
    }

    /// The directory part of `path`: `results` for `results/a.json`, `.` for `a.json`, `/` for `/a.json`.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = path[..<slash]
        return directory.isEmpty ? "/" : String(directory)
    }

    /// The last component of `path`: `a.json` for `results/a.json`.
    static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `name` inside `directory`, without doubling a trailing slash.
    static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// A fresh name for a temporary file next to `path`: `.<basename>.tmp-<pid>-<6 hex digits>`, hidden, and in the
    /// same directory so that it can be renamed or linked into place.
    static func temporaryPath(for path: String) -> String {
        join(directory(of: path), ".\(baseName(of: path)).tmp-\(getpid())-\(randomHex(count: 6))")
    }
}
