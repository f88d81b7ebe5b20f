import Foundation

extension Thresholds {
    /// Reads the thresholds file at `path`.
    ///
    /// - Throws: ``GateError/thresholdsMissing(_:)``, ``GateError/thresholdsUnreadable(_:reason:)``,
    ///   ``GateError/thresholdsVersion(_:found:supported:)`` or ``GateError/thresholdsInvalid(_:detail:)``.
    public static func load(_ path: String) throws(GateError) -> Thresholds {
        switch POSIXFile.status(path) {
        case .success(let info) where POSIXFile.isDirectory(info):
            throw .thresholdsUnreadable(path, reason: "it is a directory")
        case .success:
            break
        case .failure(let error) where error.code == ENOENT || error.code == ENOTDIR:
            throw .thresholdsMissing(path)
        case .failure(let error):
            throw .thresholdsUnreadable(path, reason: error.text)
        }
        switch POSIXFile.readAll(path) {
        case .success(let bytes): return try decode(json: Data(bytes), source: path)
        case .failure(let error): throw .thresholdsUnreadable(path, reason: error.text)
        }
    }

    /// Decodes thresholds from JSON text, checking the version before the shape and every rule after it; `source`
    /// names the text in errors.
    ///
    /// - Throws: ``GateError/thresholdsVersion(_:found:supported:)`` or ``GateError/thresholdsInvalid(_:detail:)``.
    public static func decode(json: Data, source: String) throws(GateError) -> Thresholds {
        let decoder = JSONDecoder()
        let thresholds: Thresholds
        do {
            let version = try decoder.decode(VersionProbe.self, from: json).version
            guard version == currentVersion else {
                throw GateError.thresholdsVersion(source, found: version, supported: currentVersion)
            }
            thresholds = try decoder.decode(Thresholds.self, from: json)
        } catch let error as GateError {
            throw error
        } catch let error as DecodingError {
            throw .thresholdsInvalid(source, detail: decodingErrorDetail(error))
        } catch {
            throw .thresholdsInvalid(source, detail: oneLine(String(describing: error)))
        }
        for (index, rule) in thresholds.rules.enumerated() {
            if let problem = rule.problem { throw .thresholdsInvalid(source, detail: "rules[\(index)]: \(problem)") }
        }
        return thresholds
    }

    /// The thresholds as a file holds them: pretty printed with sorted keys, ending in a newline.
    ///
    /// - Throws: ``ResultsError/notEncodable(detail:)`` when a limit is not finite.
    public func encodedJSON() throws -> Data {
        try JSONEncoding.encoded(self)
    }
}

/// The one field every version of the format has.
private struct VersionProbe: Decodable {
    var version: Int
}
