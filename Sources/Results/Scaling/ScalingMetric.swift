/// A metric that a scaling analysis fits against the number of elements, and how its series are formed.
public struct ScalingMetric: Hashable, Sendable {
    /// How the scenarios of one workload contribute series to a metric.
    public enum Grouping: String, Hashable, Sendable {
        /// One series per query variant: the figure does not depend on the invalidation mode (queries).
        case perVariant
        /// One series per variant and invalidation mode (frames).
        case perScenario
        /// One series per workload: the figure is the layout's, whatever the variant (prepare, memory).
        case perLayout
    }

    /// The metric's name in results files, for example `query.time`.
    public var name: MetricName
    /// A short title for tables and charts.
    public var title: String
    /// How the series are formed.
    public var grouping: Grouping
    /// Whether the fitted figure is the median (timings) or the mean (deterministic counts and bytes).
    public var usesMedian: Bool

    /// Creates a scaling metric.
    public init(name: MetricName, title: String, grouping: Grouping, usesMedian: Bool) {
        self.name = name
        self.title = title
        self.grouping = grouping
        self.usesMedian = usesMedian
    }

    /// The metrics fitted by default: query, frame and prepare times, cells tested per query, allocations per
    /// frame and bytes held per element.
    public static let defaults: [ScalingMetric] = [
        ScalingMetric(name: .queryTime, title: "query time", grouping: .perVariant, usesMedian: true),
        ScalingMetric(name: .frameTime, title: "frame time", grouping: .perScenario, usesMedian: true),
        ScalingMetric(name: .prepareTime, title: "prepare time", grouping: .perLayout, usesMedian: true),
        ScalingMetric(name: .queryCellsTested, title: "cells tested per query", grouping: .perVariant,
                      usesMedian: false),
        ScalingMetric(name: .frameAllocations, title: "allocations per frame", grouping: .perScenario,
                      usesMedian: false),
        ScalingMetric(name: .memoryRequestedBytesPerCell, title: "bytes held per element", grouping: .perLayout,
                      usesMedian: false),
    ]
}
