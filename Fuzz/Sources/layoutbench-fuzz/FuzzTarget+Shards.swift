import Foundation
import Results

extension FuzzTarget {
    /// Shard results files as `merge` reads them: the input split at NUL bytes (which JSON text cannot hold), each
    /// part decoded as a results file, then the shards joined and the runs merged, and a joined run rendered.
    static func shards(_ bytes: Data) {
        let parts = bytes.split(separator: 0, maxSplits: 7, omittingEmptySubsequences: false)
        var documents: [(label: String, document: ResultsDocument)] = []
        for (index, part) in parts.enumerated() {
            let label = "shard-\(index + 1).json"
            guard let document = try? ResultsDocument.decode(json: Data(part), source: label) else { continue }
            documents.append((label, document))
        }
        guard !documents.isEmpty else { return }
        consume(ResultsDocument.merging(documents.map(\.document)).disagreements.count)
        if let joined = try? ResultsDocument.joiningShards(documents) {
            consume(ResultsRenderer(document: joined).table())
        }
    }
}
