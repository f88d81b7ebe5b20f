import Foundation

extension ResultsDocument {
    /// The document as a results file holds it: UTF-8 JSON, pretty printed with sorted keys, ending in a newline.
    ///
    /// The same document always gives the same bytes, so diffs of committed results stay readable.
    ///
    /// - Throws: ``ResultsError/notEncodable(detail:)`` when a figure cannot be written as JSON (NaN or infinity).
    public func encodedJSON() throws -> Data {
        try encoded()
    }

    /// The document as JSON text, as ``encodedJSON()`` gives it but without the final newline, for `print`.
    ///
    /// - Throws: ``ResultsError/notEncodable(detail:)`` when a figure cannot be written as JSON (NaN or infinity).
    public func jsonString() throws -> String {
        String(decoding: try JSONEncoding.encoded(self, finalNewline: false), as: UTF8.self)
    }

    /// Decodes a document from the JSON text of a results file, checking its schema version before its shape.
    ///
    /// `source` names the data in errors; ``ResultsStore/read(_:)`` passes the file's path.
    ///
    /// A document of an older readable version is returned as ``currentSchemaVersion`` (see `upgradedFromVersion1()`),
    /// and a scenario from before layouts became a dimension of a run names the sticky grid and its linear-scan
    /// reference (see `namingLayoutsOfOlderFiles()`).
    ///
    /// - Throws: ``ResultsError/unsupportedSchema(_:found:supported:)`` for a document of a version it cannot read,
    ///   and ``ResultsError/corrupt(_:detail:)`` for anything that is not a results document.
    public static func decode(json: Data, source: String) throws -> ResultsDocument {
        try decoded(json, source: source)
    }

    /// ``encodedJSON()`` with its error type spelled out, for the store.
    func encoded() throws(ResultsError) -> Data {
        try JSONEncoding.encoded(self)
    }

    /// ``decode(json:source:)`` with its error type spelled out, for the store.
    static func decoded(_ json: Data, source: String) throws(ResultsError) -> ResultsDocument {
        let decoder = JSONDecoder()
        let version: Int
        do {
            version = try decoder.decode(SchemaVersionProbe.self, from: json).schemaVersion
        } catch let error as DecodingError {
            if case .keyNotFound = error {
                throw .corrupt(source, detail: "it has no schemaVersion field, so it is not a layoutbench results file")
            }
            throw .corrupt(source, detail: decodingErrorDetail(error))
        } catch {
            throw .corrupt(source, detail: oneLine(String(describing: error)))
        }
        guard (oldestReadableSchemaVersion...currentSchemaVersion).contains(version) else {
            throw .unsupportedSchema(source, found: version, supported: currentSchemaVersion)
        }
        var document: ResultsDocument
        do {
            document = try decoder.decode(ResultsDocument.self, from: json)
        } catch let error as DecodingError {
            throw .corrupt(source, detail: decodingErrorDetail(error))
        } catch {
            throw .corrupt(source, detail: oneLine(String(describing: error)))
        }
        if let problem = document.duplicateIDProblem { throw .corrupt(source, detail: problem) }
        if document.schemaVersion == 1 { document = document.upgradedFromVersion1() }
        return document.namingLayoutsOfOlderFiles()
    }

    /// Why the document's ids are not unique, naming the first id recorded twice among the scenarios or among the
    /// skipped scenarios, or `nil`. Every reader refuses such a document: compare, gate and merge would otherwise
    /// match one of the two records silently.
    var duplicateIDProblem: String? {
        for (list, ids) in [("scenarios", scenarios.map(\.id)), ("skipped scenarios", skipped.map(\.id))] {
            var seen: Set<String> = []
            for id in ids where !seen.insert(id).inserted {
                return "scenario id '\(id)' appears twice among its \(list); each scenario is recorded once"
            }
        }
        return nil
    }
}

/// The one field every schema version shares, decoded on its own so that any version's file can be recognised.
private struct SchemaVersionProbe: Decodable {
    var schemaVersion: Int
}
