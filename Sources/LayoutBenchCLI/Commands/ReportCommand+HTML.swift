import ArgumentParser
import Foundation
import Report
import Results

extension ReportCommand {
    func validate() throws {
        if !more.isEmpty && format != .html {
            throw ValidationError("several results files make one report only with --format html")
        }
    }

    /// The HTML report of `documents`, read from ``file`` and the files in ``more``; the fits and crossovers go to
    /// stdout when the page goes to `--output`.
    func htmlReport(_ documents: [ResultsDocument]) throws -> Data {
        // The JSON links are relative to the report when it is written next to them.
        let sources = ([file] + more).map { Self.link(to: $0, from: output) }
        if output != nil {
            let fits = scalingTable(documents)
            if !fits.isEmpty { try standardOutput(String(fits.dropFirst())) }
        }
        // Each run's instruction profile, for its flame graphs; one that is named but cannot be read is said once.
        let profiles = zip(documents, [file] + more).map { document, path -> InstructionProfile? in
            guard document.profile != nil else { return nil }
            let input = ProfileInput(document, at: path)
            if let missing = input.missing { standardError("warning: no flame graphs for \(path): \(missing)") }
            return input.profile
        }
        return Data((HTMLReport(documents: documents, sources: sources, profiles: profiles).render() + "\n").utf8)
    }

    /// The scaling fits and crossovers of `documents`, after a blank line, or an empty string when nothing spans
    /// three sizes.
    func scalingTable(_ documents: [ResultsDocument]) -> String {
        let table = ScalingRenderer(analysis: ScalingAnalysis(documents: documents)).table()
        return table.isEmpty ? "" : "\n" + table
    }

    /// `path` as a link from a page written at `page`: relative when both are relative paths in the same directory
    /// or below it, else as given.
    static func link(to path: String, from page: String?) -> String {
        guard let page, !path.hasPrefix("/"), !page.hasPrefix("/") else { return path }
        let pageDirectory = page.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        if pageDirectory.isEmpty { return path }
        let prefix = pageDirectory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
