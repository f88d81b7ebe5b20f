import ArgumentParser
import Foundation
import Measurement
import Results
import Workloads

/// The output formats of `run`.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json, markdown
}

/// `layoutbench run`: measures a suite and writes a results file. The default command.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a benchmark suite: timings, allocations and work per query and per frame.",
        discussion: """
            Measures every scenario of the suite (default: quick) in a release build, with jemalloc as the allocator, \
            and writes one results JSON file atomically (under results/ unless --output is given). Progress goes to \
            stderr; the table (or JSON or markdown) goes to stdout. Built-in suites: \
            \(Suite.builtIn.map { "\($0.name) (\($0.summary))" }.joined(separator: "; ")).
            """
    )

    @Option(help: "A built-in suite (quick, standard, full, gate) or the path of a JSON suite file.")
    var suite: String = "quick"

    @Option(help: "Only scenarios whose id contains this text, or matches it as a glob with * and ?; repeatable.")
    var filter: [String] = []

    @Option(help: "Override the rows of every workload.")
    var rows: Int?

    @Option(help: "Override the columns of every workload.")
    var columns: Int?

    @Option(help: "Seed for sizes, traces and query positions.")
    var seed: UInt64 = 1

    @Option(help: "What to print on stdout: table, json or markdown.")
    var format: OutputFormat = .table

    @Option(help: "Write the results file here instead of under results/.")
    var output: String?

    @Flag(help: "Replace an existing results file at --output.")
    var force = false

    @Flag(help: "Do not write a results file.")
    var noSave = false

    @Flag(help: "Run from a debug build anyway; the results are marked as not valid for timing.")
    var allowDebug = false

    func validate() throws {
        if let rows, rows <= 0 { throw ValidationError("--rows must be a positive integer, got \(rows)") }
        if let columns, columns <= 0 { throw ValidationError("--columns must be a positive integer, got \(columns)") }
        if noSave && output != nil { throw ValidationError("--no-save and --output cannot be used together") }
    }

    /// The suite, resized and checked, with the scenarios that pass the filter.
    func plannedSuite() throws -> (suite: Suite, selected: [String]) {
        let loaded: Suite
        do {
            loaded = try Suite.load(suite).resized(rows: rows, columns: columns)
        } catch let error as SuiteError {
            throw ValidationError(error.description)
        }
        if let problem = loaded.problem { throw ValidationError(problem) }
        let selected = loaded.scenarioIDs.filter { Suite.matches($0, patterns: filter) }
        if selected.isEmpty {
            throw ValidationError("no scenario of suite '\(loaded.name)' matches --filter \(filter.joined(separator: " ")); "
                                  + "see `layoutbench list --suite \(suite)`")
        }
        return (loaded, selected)
    }

    func run() throws {
        let (suite, selected) = try plannedSuite()
        let configuration = BuildConfiguration.current
        if configuration == .debug && !allowDebug {
            throw ValidationError("this is a debug build, whose timings are meaningless; run `swift run -c release "
                                  + "layoutbench` (or `make`), or pass --allow-debug to record results marked invalid")
        }
        let store = ResultsStore()
        if let output {
            do { try store.checkWritable(output, force: force) } catch { throw ValidationError("\(error)") }
        } else if !noSave {
            do { try store.checkWritable(store.directory, force: true) } catch { throw ValidationError("\(error)") }
        }
        InterruptCleanup.install()
        let document = Self.measure(suite: suite, selected: selected, seed: seed, configuration: configuration)
        switch format {
        case .table: print(ResultsRenderer(document: document).table())
        case .markdown: print(ResultsRenderer(document: document).markdown())
        case .json:
            do { print(try document.jsonString()) } catch {
                throw ValidationError("\(error)")
            }
        }
        if !noSave {
            let path = output ?? store.defaultPath(for: document)
            do { try store.write(document, to: path, force: force) } catch { throw ValidationError("\(error)") }
            standardError("results written to \(path)")
        }
    }

    /// Measures `selected` scenarios of `suite` in this process, with progress on stderr, and returns the results
    /// document (not yet written). `gate` calls this too when it has no `--current` file.
    static func measure(suite: Suite, selected: [String], seed: UInt64, configuration: BuildConfiguration)
        -> ResultsDocument
    {
        let allocator = Jemalloc.status
        let measureAllocations: Bool
        switch allocator {
        case .jemalloc: measureAllocations = true
        case let .inactive(reason):
            measureAllocations = false
            standardError("warning: allocations will not be recorded: \(reason)")
        }
        if configuration == .debug { standardError("warning: debug build: results are marked as not valid for timing") }

        let selectedSet = Set(selected)
        // Progress is weighted by each workload's estimated seconds, scaled by the share of its scenarios selected.
        let weights = suite.workloads.map { w in
            let share = Double(w.scenarioIDs.filter(selectedSet.contains).count) / Double(max(1, w.scenarioIDs.count))
            return share * w.estimatedSeconds(deterministicOnly: suite.deterministicOnly)
        }
        let progress = Progress(totalWork: weights.reduce(0, +))
        var scenarios: [ScenarioResult] = []
        var skipped: [SkippedScenario] = []
        for (index, workload) in suite.workloads.enumerated() where weights[index] > 0 {
            let label = "[\(index + 1)/\(suite.workloads.count)] \(workload.id)"
            progress.step(label)
            let runner = WorkloadRunner(
                workload: workload, seed: seed, deterministicOnly: suite.deterministicOnly,
                measureAllocations: measureAllocations, include: { selectedSet.contains($0) })
            switch runner.run(progress: { progress.step("\(label): \($0)") }) {
            case let .measured(results): scenarios += results
            case let .skipped(skips):
                skipped += skips
                progress.step("\(label): skipped, \(skips.first?.reason ?? "")")
            }
            progress.advance(by: weights[index])
        }
        progress.finish()

        return ResultsDocument(
            toolVersion: LayoutBenchVersion.current, createdAt: UTCTimestamp.now().iso8601,
            git: GitInfo.current(in: FileManager.default.currentDirectoryPath),
            machine: MachineInfo.current(
                buildConfiguration: configuration.rawValue, allocator: allocator.description,
                timingIsValid: configuration == .release && !suite.deterministicOnly),
            suite: suite.name, seed: seed, scenarios: scenarios, skipped: skipped)
    }
}
