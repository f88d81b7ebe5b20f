/// A sample sorted ascending, every value finite: what the rank statistics work on.
struct SortedSample {
    /// The values, ascending.
    let values: [Double]

    /// Sorts `values`; `nil` when there are none or one is not finite.
    init?(_ values: [Double]) {
        guard !values.isEmpty, values.allSatisfy(\.isFinite) else { return nil }
        self.values = values.sorted()
    }

    /// Wraps values that are known to be sorted and finite.
    init(sorted: [Double]) {
        values = sorted
    }

    /// The number of values.
    var count: Int { values.count }

    /// The same sample with `transform`, an increasing function, applied to every value; `nil` when a result is not
    /// finite.
    func mapIncreasing(_ transform: (Double) -> Double) -> SortedSample? {
        let mapped = values.map(transform)
        guard mapped.allSatisfy(\.isFinite) else { return nil }
        return SortedSample(sorted: mapped)
    }
}
