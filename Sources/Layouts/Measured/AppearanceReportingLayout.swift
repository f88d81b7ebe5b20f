import LayoutModel

/// A measured layout whose elements carry an appearance beyond frame and zIndex (``ElementAppearance``: alpha,
/// hidden, transform), and can report it: a UIKit layout's attributes objects. A capability, not a requirement of
/// ``MeasuredLayout``: the native layouts draw every element plain, and the verifiers read them as
/// ``ElementAppearance/plain``.
///
/// The verifiers use it to tell a hidden element left out (not missing) from a dropped one, and to report attribute
/// differences (alpha, transform) between a variant and its reference (`Guides/Verifying.md`).
public protocol AppearanceReportingLayout: MeasuredLayout {
    /// ``MeasuredLayout/attributesForElements(in:into:using:)``, and in `appearances` the appearance of each element
    /// of `buffer`, in the same order.
    ///
    /// - Returns: the number of elements whose frames were tested, as the plain query.
    /// - Complexity: that of `variant`, plus O(k) for k elements returned.
    @discardableResult
    func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes],
                               appearances: inout [ElementAppearance], using variant: QueryVariant) -> Int

    /// The appearance the layout's own per-element call gives `element` (for a cell, its answer to
    /// `attributesForItem(at:)`), or `nil` when that call has no answer.
    ///
    /// - Complexity: one per-element call.
    func appearance(of element: LayoutAttributes) -> ElementAppearance?
}

extension FullInvalidationLayout: AppearanceReportingLayout where Base: AppearanceReportingLayout {
    /// The base layout's.
    public func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes],
                                      appearances: inout [ElementAppearance], using variant: QueryVariant) -> Int {
        base.attributesForElements(in: rect, into: &buffer, appearances: &appearances, using: variant)
    }

    /// The base layout's.
    public func appearance(of element: LayoutAttributes) -> ElementAppearance? { base.appearance(of: element) }
}
