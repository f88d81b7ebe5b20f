import Statistics

/// A change point of a series, with the commits on either side.
public struct HistoryChange: Hashable, Sendable {
    /// The series it is in.
    public var scenario: String
    /// The metric.
    public var metric: String
    /// The unit.
    public var unit: String
    /// Whether the metric is exact (the step is certain).
    public var deterministic: Bool
    /// The last commit at the old level.
    public var lastBefore: HistorySeries.Point
    /// The first commit at the new level: the change happened in `lastBefore..firstAfter`.
    public var firstAfter: HistorySeries.Point
    /// The change point: levels, confidence.
    public var point: ChangePoint
}

extension HistorySeries {
    /// The change points of this series: every step for an exact metric, E-divisive means for a timing.
    public func changes(detector: ChangePointDetector = ChangePointDetector()) -> [HistoryChange] {
        let values = points.map(\.value)
        return detector.detect(values, deterministic: deterministic).map { point in
            HistoryChange(scenario: scenario, metric: metric, unit: unit, deterministic: deterministic,
                          lastBefore: points[point.index - 1], firstAfter: points[point.index], point: point)
        }
    }
}
