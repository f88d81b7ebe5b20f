/// The bounds every built-in family's input check (``LayoutFamily/problem(for:)``) holds its parameters to.
///
/// A layout works in `Double` points. Past about 10^15 points a `Double` no longer holds an eighth of a point, and
/// near 10^308 sums of extents overflow to infinity: the content size becomes infinite, query sets cannot be drawn
/// over it, and figures become meaningless. So every length parameter (a spacing, an inset, a header's height, a
/// carousel's side) lies between 0 and ``maximumContentExtent``, and so does a conservative upper bound of the
/// content's extent along each axis that the parameters and the content give. `run`, `verify` and suite files all
/// refuse a workload through the same check.
public enum LayoutLimits {
    /// The largest extent, in points, that a family lays out along either axis, and the largest any length parameter
    /// may be: 10^15 points.
    public static let maximumContentExtent: Double = 1e15

    /// The limit as text for messages: `1e15`.
    static let maximumContentExtentText = "1e15"

    /// Why a length parameter `name` of `family` is out of range (not finite, negative, or over
    /// ``maximumContentExtent``), or `nil`. `positive` refuses 0 too.
    static func lengthProblem(family: String, name: String, value: Double, positive: Bool = false) -> String? {
        let inRange = value.isFinite && (positive ? value > 0 : value >= 0) && value <= maximumContentExtent
        guard !inRange else { return nil }
        let range = positive ? "greater than 0 and at most" : "from 0 to"
        return "\(family) \(name) must be \(range) \(maximumContentExtentText) points, got \(value)"
    }

    /// Why content whose extent along `axis` is at most `extent` is too large for `family`, or `nil`. `parameters`
    /// names what the user can lower.
    static func extentProblem(family: String, extent: Double, axis: String, parameters: String) -> String? {
        guard !(extent.isFinite && extent <= maximumContentExtent) else { return nil }
        return "\(family) content would be up to \(extent) points along the \(axis), over the "
            + "\(maximumContentExtentText)-point limit; lower \(parameters) or the rows and columns"
    }

    /// The number of items `content` holds at most, as a `Double` (varied counts give up to twice the mean).
    static func itemUpperBound(_ content: ContentSpec) -> Double {
        Double(content.sections) * Double(content.counts.largestCount(mean: content.itemsPerSection))
    }
}
