import ArgumentParser
import Foundation
import Harness
import Report
import Results

extension RunCommand {
    /// Refuses, before anything is measured, every file the run would write that it may not: the results file, each
    /// export and the profile beside it (replaced only with `--force`), the results directory, and the timeline.
    func validateOutputs() throws {
        let store = ResultsStore()
        var paths: [(path: String, force: Bool)] = []
        if let output {
            let profile = keepsProfile ? [ProfileReference.path(forResults: output)] : []
            paths += ([output] + export.map { Self.exportPath(results: output, format: $0) } + profile)
                .map { ($0, force) }
        } else if !noSave {
            paths.append((store.directory, true))
        }
        if let timeline { paths.append((timeline, force)) }
        for (path, force) in paths {
            do { try store.checkWritable(path, force: force) } catch { throw ValidationError("\(error)") }
        }
    }

    /// Writes the results file (under results/ unless `--output`), its instruction profile before it, so that the
    /// file never names a profile that is not there, and each export after it, and says so on stderr. A profile
    /// made for a results file that could not be written is not left behind it.
    func save(_ outcome: inout RunOutcome) throws {
        let store = ResultsStore()
        let path = output ?? store.defaultPath(for: outcome.document)
        var newProfile: String?
        if let profile = outcome.profile {
            let profilePath = ProfileReference.path(forResults: path)
            let existed = FileManager.default.fileExists(atPath: profilePath)
            try store.write(profile, to: profilePath, force: force)
            if !existed { newProfile = profilePath }
            outcome.document.profile = ProfileReference(profilePath: profilePath)
            standardError("instruction profiles written to \(profilePath)")
        }
        do { try store.write(outcome.document, to: path, force: force) } catch {
            if let newProfile { try? FileManager.default.removeItem(atPath: newProfile) }
            throw error
        }
        standardError("results written to \(path)")
        for format in export {
            let exportPath = Self.exportPath(results: path, format: format)
            try store.write(try format.data(for: outcome.document), to: exportPath, force: force)
            standardError("\(format.rawValue) export written to \(exportPath)")
        }
    }

    /// What `--format` prints on stdout for `document`.
    func rendered(_ document: ResultsDocument) throws -> String {
        switch format {
        case .table:
            ResultsRenderer(document: document, sparklines: Self.showsSparklines).table()
                + SizingTable(document: document).table()
        case .markdown: ResultsRenderer(document: document).markdown() + SizingTable(document: document).markdown()
        case .html: HTMLReport(documents: [document]).render()
        case .json: try document.jsonString()
        }
    }
}
