import ArgumentParser
import Foundation
import Harness
import Measurement
import Results
import Scenarios

extension GateCommand {
    /// The current run: the --current file (only its scenarios that pass --filter), or the suite measured in this
    /// process as `run` would; with its instruction profile (the file's, or the one the instruction pass made here
    /// with --instructions), or why there is none.
    func currentRun() throws -> (document: ResultsDocument, profile: ProfileInput) {
        if let current {
            let document = try ResultsStore().read(current)
            let profile = ProfileInput(document, at: current)
            guard !filter.isEmpty else { return (document, profile) }
            let kept = Self.filtered(document, patterns: filter)
            if kept.scenarios.isEmpty {
                throw CommandFailure("no scenario of \(current) matches --filter \(filter.joined(separator: " ")) "
                    + "(it has \(document.scenarios.count))")
            }
            return (kept, profile)
        }
        // The harness's one run entry, as `run`'s, so that suites and filters mean exactly what they mean there.
        let job = RunJob(
            request: RunRequest(suite: selection.suite ?? BuiltInSuite.gate.name, rows: selection.rows,
                                columns: selection.columns, filter: selection.filter, seed: seed ?? 1),
            catalog: LayoutCatalog.registered, command: "gate", toolVersion: LayoutBenchVersion.current,
            instructions: instructions ? .init(childCommand: InstructionsChildCommand.words, keepsProfile: true) : nil,
            allowDebug: allowDebug, assessed: false)
        let outcome = try RunPlan.run(job, progress: Progress())
        return (outcome.document, ProfileInput(profile: outcome.profile, missing: instructions
            ? "the instruction pass made no profile" : "this run counted no instructions (--instructions counts them)"))
    }

    /// `document` with only the scenarios (and skipped scenarios) whose id passes `patterns`.
    static func filtered(_ document: ResultsDocument, patterns: [String]) -> ResultsDocument {
        var kept = document
        kept.scenarios = document.scenarios.filter { Suite.matches($0.id, patterns: patterns) }
        kept.skipped = document.skipped.filter { Suite.matches($0.id, patterns: patterns) }
        return kept
    }

    /// Writes `document` to the baseline path, replacing what is there by an atomic rename, and says so; its
    /// instruction profile, when it has one, goes beside it first (`baseline.profile.json` beside `baseline.json`),
    /// so that later gates can name the functions behind a change. A run with no measured scenario is refused: a
    /// baseline it made would gate nothing; so is one shard of a run, which holds only part of the suite.
    func writeBaseline(_ run: (document: ResultsDocument, profile: ProfileInput)) throws {
        var document = run.document
        if let shard = document.shard {
            throw CommandFailure("\(currentLabel) is shard \(shard.label) of a run, so it cannot be a baseline: join "
                + "the shards with `layoutbench merge` and give the joined file; \(baseline) was left as it was")
        }
        if document.scenarios.isEmpty {
            let skipped = document.skipped.isEmpty ? "" : " (\(document.skipped.count) skipped)"
            throw CommandFailure("\(currentLabel) has no measured scenarios\(skipped), so it cannot be a baseline; "
                + "\(baseline) was left as it was")
        }
        let store = ResultsStore()
        let replaced = FileManager.default.fileExists(atPath: baseline)
        // A profile named after the file it came from would not be found beside the baseline: it is written under
        // the baseline's name, or the baseline names none.
        document.profile = nil
        if let profile = run.profile.profile {
            let path = ProfileReference.path(forResults: baseline)
            do {
                try store.write(profile, to: path, force: true)
            } catch let error as ResultsError {
                throw GateError.writing(path, error)
            }
            document.profile = ProfileReference(profilePath: path)
            standardError("instruction profile written to \(path)")
        }
        do {
            try store.write(document, to: baseline, force: true)
        } catch let error as ResultsError {
            throw GateError.writing(baseline, error)
        }
        let revision = document.git.map { " at commit \($0.commit.prefix(12))\($0.dirty ? " (dirty)" : "")" } ?? ""
        try standardOutput("baseline \(replaced ? "replaced" : "written"): \(baseline) now holds \(currentLabel)"
            + "\(revision): suite \(document.suite), seed \(document.seed), \(document.scenarios.count) scenarios, "
            + "\(document.machine.buildConfiguration) build; commit it to gate later runs against it")
    }
}
