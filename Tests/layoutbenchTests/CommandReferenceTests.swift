import Foundation
import Testing

/// Guides/Commands.md, the command reference, against the `--help` output it quotes: every command of the help golden
/// files has its section, and each quoted help text is what the built binary prints, byte for byte. To regenerate
/// the quoted texts after a help change, run `make command-reference` (the tests with `LAYOUTBENCH_UPDATE_GOLDEN=1`),
/// which rewrites the golden files and the guide's help blocks; the prose around them is left as it is.
@Suite("Command reference", .serialized)
struct CommandReferenceTests {
    static let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Guides/Commands.md")

    /// One quoted help text: the command's words after `layoutbench`, and where its text sits in the guide.
    struct Block {
        var command: [String]
        var body: Range<String.Index>
    }

    /// The help blocks of `text`: a `<!-- help: layoutbench WORDS -->` line, then a ```text fence whose contents are
    /// the help text, closed by a ``` line.
    static func blocks(in text: String) throws -> [Block] {
        var blocks: [Block] = []
        var searchFrom = text.startIndex
        let marker = "<!-- help: layoutbench"
        while let start = text.range(of: marker, range: searchFrom..<text.endIndex) {
            let lineEnd = try #require(text.range(of: " -->\n", range: start.upperBound..<text.endIndex))
            let words = text[start.upperBound..<lineEnd.lowerBound].split(separator: " ").map(String.init)
            let open = try #require(text.range(of: "```text\n", range: lineEnd.upperBound..<text.endIndex))
            #expect(open.lowerBound == lineEnd.upperBound, "the help block of \(words) must start right after its marker")
            let close = try #require(text.range(of: "\n```\n", range: open.upperBound..<text.endIndex))
            blocks.append(Block(command: words, body: open.upperBound..<close.lowerBound))
            searchFrom = close.upperBound
        }
        return blocks
    }

    /// `layoutbench COMMAND --help` at the golden files' 80 columns, without its final newline.
    static func help(_ command: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "80"
        let result = try LayoutBenchProcess.run(command + ["--help"], stdout: .captured, environment: environment)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        var text = result.stdout
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    @Test("the guide has one help block for every command of the golden files, in their order")
    func everyCommand() throws {
        let text = try String(contentsOf: Self.guide, encoding: .utf8)
        #expect(try Self.blocks(in: text).map(\.command) == HelpTextTests.commands)
    }

    @Test("every help block of the guide is the command's --help output")
    func helpBlocks() throws {
        var text = try String(contentsOf: Self.guide, encoding: .utf8)
        let update = ProcessInfo.processInfo.environment["LAYOUTBENCH_UPDATE_GOLDEN"] == "1"
        // From the end, so that a rewritten block does not move the ranges of those before it.
        for block in try Self.blocks(in: text).reversed() {
            let expected = try Self.help(block.command)
            if update {
                text.replaceSubrange(block.body, with: expected)
                continue
            }
            #expect(String(text[block.body]) == expected, """
                Guides/Commands.md: the help of `layoutbench \(block.command.joined(separator: " "))` differs from \
                --help; run `make command-reference` and commit the guide
                """)
        }
        if update { try text.write(to: Self.guide, atomically: true, encoding: .utf8) }
    }
}
