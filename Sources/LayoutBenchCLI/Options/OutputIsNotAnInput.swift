import ArgumentParser
import Foundation

/// The one rule of every command that reads files and writes one: `--output` is never one of its inputs, `--force`
/// or not. `--force` replaces an existing file; replacing the file being read (a report's results file, a shard of
/// the merge, the history database or its `-wal` and `-shm` files) would lose it.
enum OutputIsNotAnInput {
    /// Throws a `ValidationError` naming `output` and the input it is, when it is one of `inputs`.
    static func check(_ output: String?, inputs: [String], writing what: String) throws {
        guard let output, let input = inputs.first(where: { sameFile($0, output) }) else { return }
        throw ValidationError("--output \(output) is the input \(input); --force never replaces an input, so "
                              + "write \(what) to another file")
    }

    /// Whether `a` and `b` name one file: the same path once standardised, or the same device and inode.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        if URL(fileURLWithPath: a).standardizedFileURL.resolvingSymlinksInPath()
            == URL(fileURLWithPath: b).standardizedFileURL.resolvingSymlinksInPath() {
            return true
        }
        var first = stat(), second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
