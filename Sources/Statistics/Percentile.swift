/// The nearest-rank `p`-th percentile (`p` in 0...100) of `sorted` (ascending), or `nil` when it is empty: the
/// smallest sample with at least `p`% of the samples at or below it.
///
/// This is LayoutBench's one percentile definition. `run` (timings and counts), `merge` (pooled samples), `compare`
/// and `ab` (which read the figures `run` and `merge` wrote) and the report all use it, so that a p50 means the same
/// thing in every file and every table. It is exact (always one of the samples, never an interpolation or a
/// histogram bucket's edge) and needs only the raw samples, which results files keep. `results/README.md` says how
/// figures of schema version 1, whose timings came from an HDR histogram, are read.
///
/// - Complexity: O(1).
public func nearestRank<T>(_ sorted: [T], percentile p: Double) -> T? {
    guard !sorted.isEmpty else { return nil }
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
}
