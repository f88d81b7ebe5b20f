/// Change points of a deterministic series (instruction counts, allocations, cells tested): every change of value is
/// a step, with confidence 1. No noise model is needed, because the same build measures the same value every time.
///
/// - Complexity: O(*n*).
public enum ExactSteps {
    /// The steps of `values`, in order: one wherever a value differs from the one before it (beyond `tolerance`,
    /// relative, which is 0 for exact metrics; a floating-point summary of integers is exact).
    ///
    /// `before` and `after` are the values on either side of the step.
    public static func detect(_ values: [Double], tolerance: Double = 0) -> [ChangePoint] {
        guard values.count > 1 else { return [] }
        var points: [ChangePoint] = []
        for index in 1..<values.count {
            let before = values[index - 1], after = values[index]
            let scale = max(abs(before), abs(after))
            if abs(after - before) > tolerance * scale, before != after {
                points.append(ChangePoint(index: index, before: before, after: after, confidence: 1))
            }
        }
        return points
    }
}
