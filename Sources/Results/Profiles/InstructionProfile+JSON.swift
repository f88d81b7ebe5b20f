import Foundation

extension InstructionProfile {
    /// The profile as its file holds it: UTF-8 JSON on one line with sorted keys (a profile is data for tools, and
    /// pretty printing its arrays of figures made it four times larger), ending in a newline; the same profile always
    /// gives the same bytes.
    ///
    /// - Throws: ``ResultsError/notEncodable(detail:)`` (which a profile, all whole numbers, never gives).
    public func encodedJSON() throws -> Data {
        try JSONEncoding.encoded(self, pretty: false)
    }

    /// Decodes and checks a profile file's text: its format and version first, then its shape, then that its
    /// figures hold together (positions in range, names unique, each region's kept self costs and remainder adding
    /// up to its total, inclusive costs at least the self costs).
    ///
    /// - Throws: ``ProfileError/corrupt(_:detail:)`` or ``ProfileError/unsupportedVersion(_:found:supported:)``,
    ///   naming `source`.
    public static func decode(json: Data, source: String) throws(ProfileError) -> InstructionProfile {
        let decoder = JSONDecoder()
        let probe: FormatProbe
        do {
            probe = try decoder.decode(FormatProbe.self, from: json)
        } catch let error as DecodingError {
            if case .keyNotFound = error {
                throw .corrupt(source, detail: "it has no format or formatVersion field, so it is not a layoutbench "
                    + "instruction profile")
            }
            throw .corrupt(source, detail: decodingErrorDetail(error))
        } catch {
            throw .corrupt(source, detail: oneLine(String(describing: error)))
        }
        guard probe.format == formatName else {
            throw .corrupt(source, detail: "its format is '\(oneLine(String(probe.format.prefix(80))))', not "
                + "'\(formatName)'")
        }
        guard probe.formatVersion == currentFormatVersion else {
            throw .unsupportedVersion(source, found: probe.formatVersion, supported: currentFormatVersion)
        }
        let profile: InstructionProfile
        do {
            profile = try decoder.decode(InstructionProfile.self, from: json)
        } catch let error as DecodingError {
            throw .corrupt(source, detail: decodingErrorDetail(error))
        } catch {
            throw .corrupt(source, detail: oneLine(String(describing: error)))
        }
        if let problem = profile.problem { throw .corrupt(source, detail: problem) }
        return profile
    }

    /// Why the profile's figures do not hold together, or `nil`.
    var problem: String? {
        guard limit > 0 else { return "its limit is \(limit); it must be at least 1" }
        var names: Set<String> = []
        for function in functions where !names.insert(function.name).inserted {
            return "function '\(oneLine(String(function.name.prefix(120))))' is listed twice"
        }
        var ids: Set<String> = []
        for scenario in scenarios {
            guard ids.insert(scenario.id).inserted else { return "scenario '\(oneLine(scenario.id))' appears twice" }
            var kinds: Set<ProfiledRegion> = []
            for region in scenario.regions {
                let place = "scenario '\(oneLine(scenario.id))', \(region.kind.rawValue)"
                guard kinds.insert(region.kind).inserted else { return "\(place): the region appears twice" }
                if let problem = problem(of: region) { return "\(place): \(problem)" }
            }
        }
        return nil
    }

    /// Why one region's figures do not hold together, or `nil`.
    private func problem(of region: RegionProfile) -> String? {
        guard region.operations > 0 else { return "no operations" }
        let known = 0..<functions.count
        var selfTotal: UInt64 = 0
        var seen: Set<Int> = []
        for cost in region.costs {
            guard known.contains(cost.function) else { return "function \(cost.function) is not in the table" }
            guard seen.insert(cost.function).inserted else { return "function \(cost.function) is listed twice" }
            guard cost.inclusive >= cost.selfCost else {
                return "function \(cost.function) has an inclusive cost below its self cost"
            }
            let (sum, overflow) = selfTotal.addingReportingOverflow(cost.selfCost)
            guard !overflow else { return "its self costs add up past 2^64" }
            selfTotal = sum
        }
        for other in region.others {
            guard known.contains(other) else { return "function \(other) is not in the table" }
            guard seen.insert(other).inserted else { return "function \(other) is listed twice" }
        }
        let kept = Set(region.costs.map(\.function))
        for call in region.calls where !kept.contains(call.caller) || !kept.contains(call.callee) {
            return "a call from \(call.caller) to \(call.callee) is not between functions it keeps"
        }
        // total = kept self costs + remainder, in wider arithmetic than either.
        let difference = region.total.subtractingReportingOverflow(selfTotal)
        let remainder: Int64? = region.total >= selfTotal
            ? (difference.partialValue <= UInt64(Int64.max) ? Int64(difference.partialValue) : nil)
            : (selfTotal - region.total <= UInt64(Int64.max) ? -Int64(selfTotal - region.total) : nil)
        guard remainder == region.remainder else {
            return "its self costs and remainder add up to other than its total \(region.total)"
        }
        return nil
    }
}

/// The two fields every format version shares, decoded on their own so that any version's file can be recognised.
private struct FormatProbe: Decodable {
    var format: String
    var formatVersion: Int
}

/// Why a profile file could not be found, read or used. Every description is one line.
public enum ProfileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No file at the path the results document names.
    case missing(String)
    /// The file exists but cannot be read.
    case notReadable(String, reason: String)
    /// The file is not an instruction profile, or its figures do not hold together.
    case corrupt(String, detail: String)
    /// The file's format version is not the one this build reads.
    case unsupportedVersion(String, found: Int, supported: Int)
    /// The file is a profile of another run than the results document beside it.
    case otherRun(String, detail: String)
    /// The results document's reference cannot name a profile beside it.
    case badReference(String, detail: String)

    public var description: String {
        switch self {
        case let .missing(path):
            "instruction profile \(path) does not exist (the results file names it; was it moved without it?)"
        case let .notReadable(path, reason): "cannot read instruction profile \(path): \(reason)"
        case let .corrupt(path, detail): "\(path) is not a valid instruction profile: \(detail)"
        case let .unsupportedVersion(path, found, supported) where found > supported:
            "instruction profile \(path) has format version \(found), newer than the version \(supported) this "
                + "layoutbench reads; use the layoutbench that wrote it, or a newer one"
        case let .unsupportedVersion(path, found, supported):
            "instruction profile \(path) has format version \(found), not the version \(supported) this layoutbench "
                + "reads; count the run again with `run --instructions`"
        case let .otherRun(path, detail):
            "instruction profile \(path) belongs to another run than its results file (\(detail))"
        case let .badReference(path, detail): "the results file \(path) names its instruction profile badly: \(detail)"
        }
    }
}
