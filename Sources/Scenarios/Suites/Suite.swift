import Foundation
import Layouts
import Patterns
import Sampling

/// A named set of workloads that `layoutbench run` measures together.
public struct Suite: Hashable, Sendable, Codable {
    /// The suite's name, recorded in results.
    public var name: String
    /// One line on what the suite is for.
    public var summary: String
    /// When set, only deterministic metrics are measured (allocations, recomputed elements, cells tested, bytes per
    /// cell): what a CI gate on a shared, noisy machine can trust. No timing pass runs.
    public var deterministicOnly: Bool
    /// The workloads.
    public var workloads: [WorkloadSpec]
    /// Scenarios the suite names but does not run, with the reason (the scaling suite's time cap); `run` records
    /// them as skipped. Not part of suite files.
    public var skipped: [SuiteSkip] = []

    /// Creates a suite.
    public init(name: String, summary: String, deterministicOnly: Bool = false, workloads: [WorkloadSpec]) {
        self.name = name
        self.summary = summary
        self.deterministicOnly = deterministicOnly
        self.workloads = workloads
    }

    /// The first problem that keeps the suite from running, in one line, or `nil`.
    public var problem: String? {
        if workloads.isEmpty { return "suite '\(name)' has no workloads" }
        if let problem = workloads.lazy.compactMap(\.problem).first { return problem }
        let ids = workloads.flatMap(\.scenarioIDs)
        if Set(ids).count != ids.count { return "suite '\(name)' lists the same scenario twice" }
        return nil
    }

    /// Every scenario id, in run order.
    public var scenarioIDs: [String] { workloads.flatMap(\.scenarioIDs) }

    /// The suite with every workload resized to `rows` x `columns` where given. Workloads that become the same
    /// workload are merged into the first, which measures the union of their variants and invalidation modes.
    public func resized(rows: Int?, columns: Int?) -> Suite {
        changingWorkloads { workload in
            if let rows { workload.rows = rows }
            if let columns { workload.columns = columns }
        }
    }

    /// The suite with `change` applied to every workload; workloads that become the same workload are merged into the
    /// first, which measures the union of their variants and invalidation modes.
    func changingWorkloads(_ change: (inout WorkloadSpec) -> Void) -> Suite {
        var merged: [WorkloadSpec] = []
        for var workload in workloads {
            change(&workload)
            if let i = merged.firstIndex(where: { $0.id == workload.id }) {
                merged[i].variants += workload.variants.filter { !merged[i].variants.contains($0) }
                merged[i].invalidations += workload.invalidations.filter { !merged[i].invalidations.contains($0) }
            } else {
                merged.append(workload)
            }
        }
        var copy = self
        copy.workloads = merged
        return copy
    }

    /// Whether scenario `id` matches any of `patterns`: a pattern with `*` or `?` is a glob over the whole id;
    /// any other pattern matches as a substring. No patterns match everything.
    public static func matches(_ id: String, patterns: [String]) -> Bool {
        NameFilter(patterns).matches(id)
    }
}

/// Why a suite could not be loaded, in one line.
public enum SuiteError: Error, CustomStringConvertible, Equatable {
    /// No built-in suite and no file has this name.
    case unknown(String)
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file is not a valid suite.
    case malformed(path: String, reason: String)
    /// The suite is valid JSON but cannot run.
    case invalid(String)

    public var description: String {
        switch self {
        case let .unknown(name):
            "unknown suite '\(name)'; built-in suites are \(Suite.builtInNames.joined(separator: ", ")), or "
                + "give the path of a JSON suite file"
        case let .unreadable(path, reason): "cannot read suite file \(path): \(reason)"
        case let .malformed(path, reason): "suite file \(path) is not a valid suite: \(reason)"
        case let .invalid(reason): reason
        }
    }
}

extension Suite {
    /// The built-in suite named `name` (over the families of `catalog`; `scalingCapSeconds` is the scaling suite's
    /// cap), or the suite in the JSON file at `name` if it ends in `.json` or names an existing file, whose layouts
    /// are looked up in `catalog`.
    public static func load(_ name: String, catalog: LayoutCatalog = .registered,
                            scalingCapSeconds: Double = defaultScalingCapSeconds) throws -> Suite {
        if let suite = BuiltInSuite(rawValue: name) {
            return builtIn(suite, catalog: catalog, scalingCapSeconds: scalingCapSeconds)
        }
        guard name.hasSuffix(".json") || FileManager.default.fileExists(atPath: name) else {
            throw SuiteError.unknown(name)
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: name, isDirectory: &isDirectory), isDirectory.boolValue {
            throw SuiteError.unreadable(path: name, reason: "it is a directory; give the path of a JSON suite file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: name))
        } catch {
            let reason = FileManager.default.fileExists(atPath: name) ? "permission denied or unreadable" : "no such file"
            throw SuiteError.unreadable(path: name, reason: reason)
        }
        let suite: Suite
        do {
            let decoder = JSONDecoder()
            decoder.userInfo[LayoutCatalog.userInfoKey] = catalog
            suite = try decoder.decode(Suite.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw SuiteError.malformed(path: name, reason: "missing '\(key.stringValue)' at \(Self.path(context))")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw SuiteError.malformed(path: name, reason: "\(context.debugDescription) at \(Self.path(context))")
        } catch let DecodingError.dataCorrupted(context) {
            // Foundation says only "not valid JSON" for valid JSON whose number does not fit the field (50.5 or 1e20
            // for an integer); name the key, the number and the range instead.
            if context.codingPath.isEmpty, let number = Self.firstNonWholeNumber(in: data, catalog: catalog) {
                throw SuiteError.malformed(path: name, reason: "\(number.path) must be a whole number \(number.range), "
                    + "got \(number.text)")
            }
            throw SuiteError.malformed(path: name, reason: "\(context.debugDescription) at \(Self.path(context))")
        } catch {
            throw SuiteError.malformed(path: name, reason: "\(error)")
        }
        if let problem = suite.problem { throw SuiteError.invalid("suite file \(name): \(problem)") }
        return suite
    }

    /// The range each key that takes a whole number accepts, as the checks after decoding state it (a family's own
    /// whole-number parameters are checked by the family, so their range is only "a 64-bit integer" here).
    static let wholeNumberRanges: [String: String] = [
        "rows": "from 1", "columns": "from 1",
        "traceFrames": "from 1 to \(WorkloadSpec.maximumTraceFrames)",
        "framesPerTurn": "from 1 to \(WorkloadSpec.maximumTraceFrames)",
        "minimumSamples": "from 1 to \(SamplingPolicy.sampleLimit)",
        "maximumSamples": "from 1 to \(SamplingPolicy.sampleLimit)",
        "warmupOperations": "from 0 to \(SamplingPolicy.sampleLimit)",
        "timeBudgetNanoseconds": "from 0 to \(SamplingPolicy.timeBudgetLimitNanoseconds)",
        "fittingCost": "from 0 to \(SelfSizingSpec.maximumFittingCost)",
        "itemsPerLine": "from 1 to \(SelfSizingSpec.maximumItemsPerLine)",
    ]

    /// The path, text and accepted range of the first number under a key that takes a whole number (a workload's, a
    /// sampling policy's, a self-sizing spec's, or a whole-number parameter of a family of `catalog`) that is not
    /// one: it has a fraction (50.5) or is outside a 64-bit integer (1e20). `nil` when the data is not JSON or has
    /// none.
    static func firstNonWholeNumber(in data: Data, catalog: LayoutCatalog)
        -> (path: String, text: String, range: String)?
    {
        guard let root = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) else { return nil }
        let wholeNumberKeys = Set(wholeNumberRanges.keys).union(catalog.families.flatMap { $0.wholeNumberKeys })
        func search(_ value: Any, _ path: String, key: String?) -> (String, String, String)? {
            if let object = value as? [String: Any] {
                for key in object.keys.sorted() {
                    if let found = search(object[key] as Any, "\(path).\(key)", key: key) { return found }
                }
            } else if let array = value as? [Any] {
                for (index, element) in array.enumerated() {
                    if let found = search(element, "\(path)[\(index)]", key: key) { return found }
                }
            } else if let key, wholeNumberKeys.contains(key), let number = value as? NSNumber,
                      !(value is Bool), Self.isNotWholeInt64(number)
            {
                return ("'\(key)' at \(path)", "\(number)",
                        wholeNumberRanges[key] ?? "from \(Int.min) to \(Int.max)")
            }
            return nil
        }
        return search(root, "", key: nil)
    }

    /// Whether `number` (as JSONSerialization read it) has a fraction or lies outside `Int`.
    private static func isNotWholeInt64(_ number: NSNumber) -> Bool {
        let text = "\(number)"
        if text.contains(".") || text.contains("e") || text.contains("E") {
            return Int(exactly: number.doubleValue) == nil || number.doubleValue.rounded() != number.doubleValue
        }
        // Integer text: JSONSerialization keeps it exact when it fits (Int64 or UInt64); a UInt64 above Int.max
        // does not fit a field.
        return Int(text) == nil
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "the top level" : path
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case name, summary, deterministicOnly, workloads }

    /// Decodes a suite file; a key the suite does not take is a one-line error.
    public init(from decoder: any Decoder) throws {
        try StrictKeys.check(try decoder.container(keyedBy: AnyCodingKey.self),
                             allowed: CodingKeys.allCases.map(\.rawValue), context: "suite")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try c.decode(String.self, forKey: .name),
            summary: try c.decodeIfPresent(String.self, forKey: .summary) ?? "",
            deterministicOnly: try c.decodeIfPresent(Bool.self, forKey: .deterministicOnly) ?? false,
            workloads: try c.decode([WorkloadSpec].self, forKey: .workloads))
    }
}
