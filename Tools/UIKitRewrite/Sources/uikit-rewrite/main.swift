// uikit-rewrite: rewrites a target's iOS Swift files so that their Objective-C-only forms compile on Linux.
//
//   uikit-rewrite [--no-source-locations] --support OUTPUT (--file INPUT OUTPUT)…
//
// Reads every INPUT, rewrites them together (UIKitSourceRewriter), writes each to its OUTPUT and the support file to
// the --support path, and prints the diagnostics in the compilers' format on standard error. Exit 0 on success, 1 on
// bad arguments or a file that cannot be read or written.
import Foundation
import UIKitSourceRewriter

/// A failure that ends the program with exit code 1.
struct UsageError: Error, CustomStringConvertible {
    var description: String
}

func run(_ arguments: [String]) throws {
    var files: [(input: String, output: String)] = []
    var support: String?
    var emitSourceLocations = true
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        switch argument {
        case "--file":
            guard let input = remaining.popFirst(), let output = remaining.popFirst() else {
                throw UsageError(description: "--file needs an input and an output path")
            }
            files.append((input, output))
        case "--support":
            guard let path = remaining.popFirst() else { throw UsageError(description: "--support needs a path") }
            support = path
        case "--no-source-locations":
            emitSourceLocations = false
        default:
            throw UsageError(description: "unknown argument '\(argument)'")
        }
    }
    guard let support else {
        throw UsageError(description: "usage: uikit-rewrite [--no-source-locations] --support OUTPUT (--file INPUT OUTPUT)…")
    }
    let sources = try files.map { file in
        SourceFile(path: file.input, text: try String(contentsOfFile: file.input, encoding: .utf8))
    }
    let result = UIKitSourceRewriter.rewrite(sources, emitSourceLocations: emitSourceLocations)
    for (file, rewritten) in zip(files, result.files) {
        try write(rewritten.text, to: file.output)
    }
    try write(result.supportFile, to: support)
    for diagnostic in result.diagnostics {
        FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
    }
}

/// Writes the text unless the file already holds it, so that an unchanged file keeps its date and is not recompiled.
func write(_ text: String, to path: String) throws {
    let data = Data(text.utf8)
    if FileManager.default.contents(atPath: path) == data { return }
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try data.write(to: URL(fileURLWithPath: path), options: .atomic)
}

do {
    try run(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("uikit-rewrite: error: \(error)\n".utf8))
    exit(1)
}
