import ArgumentParser
import Foundation
import Results

extension RunCommand {
    /// Refuses a `--timeline` path that is the results file's, or that `--revisions` would not write.
    func validateTimeline() throws {
        guard let timeline else { return }
        if timeline.isEmpty { throw ValidationError("--timeline needs a file name") }
        if let output, output == timeline {
            throw ValidationError("--timeline and --output name the same file; give the timeline a name of its own")
        }
        if sweep.revisions != nil {
            throw ValidationError("--timeline writes one run's frames, so it cannot be used with --revisions")
        }
    }

    /// Writes `document`'s timeline (``Results/TraceEventTimeline``) to `path`, atomically, replacing a file only
    /// with `--force`.
    func writeTimeline(_ document: ResultsDocument, to path: String, store: ResultsStore) throws {
        let data: Data
        do {
            data = try TraceEventTimeline(document: document).data(source: "this run")
        } catch {
            throw CommandFailure("cannot write the timeline: \(error)")
        }
        try store.write(data, to: path, force: force)
        let frames = document.scenarios.reduce(0) { $0 + ($1.timeline?.frames.count ?? 0) }
        standardError("timeline of \(frames) frame(s) written to \(path) (open it in ui.perfetto.dev or chrome://tracing)")
    }
}
