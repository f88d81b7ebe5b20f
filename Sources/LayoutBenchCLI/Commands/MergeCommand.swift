import ArgumentParser
import Foundation
import Results

/// `layoutbench merge SHARD…`: joins the results files of a sharded run into the results of the whole suite.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the results files of `run --shard i/n` (one per CI matrix job) into one results file.",
        discussion: """
            Refuses, in one line, files that are not shards, shards of different commits, suites, seeds, tool \
            versions, builds or machine classes (CPU model and cores), a missing or repeated shard, and a scenario \
            measured by two shards. The joined file is written atomically; an existing file is replaced only with \
            --force.
            """
    )

    @Argument(help: "The results file of every shard.")
    var files: [String]

    @Option(help: "Where to write the joined results file.")
    var output: String

    @Flag(help: "Replace an existing file at --output.")
    var force = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("give the results file of every shard") }
    }

    func run() throws {
        try OutputIsNotAnInput.check(output, inputs: files, writing: "the joined results")
        let store = ResultsStore()
        try store.checkWritable(output, force: force)
        let shards = try files.map { file in (label: file, document: try store.read(file)) }
        let joined = try ResultsDocument.joiningShards(shards)
        try store.write(joined, to: output, force: force)
        try standardOutput("merged \(shards.count) shard(s) of suite \(joined.suite) into \(output): "
            + "\(joined.scenarios.count) scenario(s), \(joined.skipped.count) skipped")
    }
}
