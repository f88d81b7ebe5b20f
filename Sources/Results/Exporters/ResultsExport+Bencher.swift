extension ResultsExport {
    /// One measure of a Bencher benchmark: the value, and optional bounds.
    struct BencherMeasure: Codable, Hashable {
        /// The figure.
        var value: Double
        /// The lower bound Bencher draws.
        var lowerValue: Double?
        /// The upper bound Bencher draws.
        var upperValue: Double?

        enum CodingKeys: String, CodingKey {
            case value
            case lowerValue = "lower_value"
            case upperValue = "upper_value"
        }
    }

    /// BMF: per scenario id, per measure slug, the figures. A measure slug is the metric name in kebab case
    /// (`frame.allocatedBytes` → `frame-allocated-bytes`), which Bencher creates on first sight.
    static func bencherMetrics(_ document: ResultsDocument) -> [String: [String: BencherMeasure]] {
        var benchmarks: [String: [String: BencherMeasure]] = [:]
        for scenario in document.scenarios {
            var measures: [String: BencherMeasure] = [:]
            for (name, metric) in scenario.metrics where metric.count > 0 && metric.mean.isFinite {
                let (value, lower, upper) = figures(metric)
                measures[measureSlug(name)] = BencherMeasure(value: value, lowerValue: lower, upperValue: upper)
            }
            benchmarks[scenario.id] = measures
        }
        return benchmarks
    }

    /// `frame.allocatedBytes` → `frame-allocated-bytes`.
    static func measureSlug(_ metric: String) -> String {
        var slug = ""
        for character in metric {
            if character == "." || character == "_" || character == " " {
                slug.append("-")
            } else if character.isUppercase {
                if let last = slug.last, last != "-" { slug.append("-") }
                slug.append(contentsOf: character.lowercased())
            } else {
                slug.append(character)
            }
        }
        return slug
    }
}
