import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory under the system's temporary directory, removed when the test is done with it.
package final class ScratchDirectory {
    /// The directory's path.
    package let path: String

    /// A new, empty directory named `prefix` and a UUID.
    package init(prefix: String = "LayoutBenchTests") throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        path = url.path
    }

    deinit {
        // Restore write permission first, in case a test made the directory read-only.
        chmod(path, 0o755)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `name` inside the directory.
    package func file(_ name: String) -> String { path + "/" + name }

    /// The names of the entries in the directory, hidden ones included, sorted.
    package func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// Writes `text` to `name` in the directory.
    package func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    }

    /// The bytes of `name` in the directory.
    package func contents(of name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: file(name)))
    }
}
