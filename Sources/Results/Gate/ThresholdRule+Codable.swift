extension ThresholdRule {
    /// The keys of a rule in a thresholds file.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case scenario, metric, statistic, relative, absolute, requireBoth, informational, note
    }

    /// Any key, to find the ones a rule does not know.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes a rule, refusing keys it does not know, so that a misspelt `relativ` is an error, not a rule that
    /// silently allows no increase.
    public init(from decoder: any Decoder) throws {
        let known = Set(CodingKeys.allCases.map(\.stringValue))
        let unknown = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue).filter {
            !known.contains($0)
        }
        if let key = unknown.sorted().first {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "unknown key `\(key)`; a rule has \(CodingKeys.allCases.map(\.stringValue).joined(separator: ", "))"))
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            scenario: try container.decodeIfPresent(String.self, forKey: .scenario) ?? "*",
            metric: try container.decode(String.self, forKey: .metric),
            statistic: try container.decodeIfPresent(SummaryStatistic.self, forKey: .statistic),
            relative: try container.decodeIfPresent(Double.self, forKey: .relative),
            absolute: try container.decodeIfPresent(Double.self, forKey: .absolute),
            requireBoth: try container.decodeIfPresent(Bool.self, forKey: .requireBoth) ?? false,
            informational: try container.decodeIfPresent(Bool.self, forKey: .informational) ?? false,
            note: try container.decodeIfPresent(String.self, forKey: .note))
    }
}
