import LayoutModel

/// How a section scrolls across the layout's axis, as `UICollectionLayoutSectionOrthogonalScrollingBehavior`.
///
/// Any value but ``none`` lays the section's groups out side by side along the other axis, in one run, and gives the
/// section its own offset along that axis (its own scroll view in UIKit). The values differ in where a gesture comes
/// to rest (``OrthogonalScrollRule``); the rules and their sources are in `Guides/CompositionalLayout.md`.
public enum CompositionalOrthogonalBehavior: String, CaseIterable, Hashable, Sendable, Codable {
    /// The section lays its groups out along the layout's axis, as every section did before (the default).
    case none
    /// Scrolls freely and comes to rest where the deceleration ends.
    case continuous
    /// Scrolls freely, coming to rest at the leading edge of the group nearest where the deceleration would end.
    case continuousGroupLeadingBoundary
    /// Pages by the collection view's width, one page per swipe.
    case paging
    /// Pages one group at a time, a group's leading edge resting on the section's leading content inset.
    case groupPaging
    /// Pages one group at a time, the group resting centred in the collection view's width.
    case groupPagingCentered

    /// Whether the section scrolls across the layout's axis.
    @inlinable
    public var isOrthogonal: Bool { self != .none }
}

/// Where an orthogonal section's gesture comes to rest, and the range its offset stays in: one per orthogonal
/// section, made by the layout from the section's template and group count.
///
/// Offsets are the section's scroll offset along the other axis: 0 shows its first group at the section's leading
/// content inset; the item at unscrolled x is on screen at `x - offset`.
public struct OrthogonalScrollRule: Hashable, Sendable {
    /// The behaviour.
    public var behavior: CompositionalOrthogonalBehavior
    /// The smallest and largest offsets: `0` and `max(0, content width - container width)`, or, for
    /// ``CompositionalOrthogonalBehavior/groupPagingCentered``, the offsets that centre the first and the last group.
    public var minimumOffset: Double, maximumOffset: Double
    /// The distance between two neighbouring groups' leading edges (group width plus inter-group spacing).
    public var groupStep: Double
    /// The page of ``CompositionalOrthogonalBehavior/paging``: the container's width.
    public var pageWidth: Double

    /// Creates a rule.
    public init(behavior: CompositionalOrthogonalBehavior, minimumOffset: Double, maximumOffset: Double,
                groupStep: Double, pageWidth: Double) {
        self.behavior = behavior
        self.minimumOffset = minimumOffset
        self.maximumOffset = Swift.max(minimumOffset, maximumOffset)
        self.groupStep = groupStep
        self.pageWidth = pageWidth
    }

    /// `offset` kept in ``minimumOffset`` ... ``maximumOffset``.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func clamped(_ offset: Double) -> Double {
        offset.isNaN ? minimumOffset : Swift.min(Swift.max(offset, minimumOffset), maximumOffset)
    }

    /// The stops a paging behaviour settles on, as (first stop, distance between stops), or `nil` for the
    /// continuous behaviours.
    @inlinable
    var stops: (origin: Double, unit: Double)? {
        switch behavior {
        case .paging: pageWidth > 0 ? (0, pageWidth) : nil
        case .groupPaging, .continuousGroupLeadingBoundary: groupStep > 0 ? (0, groupStep) : nil
        case .groupPagingCentered: groupStep > 0 ? (minimumOffset, groupStep) : nil
        case .none, .continuous: nil
        }
    }

    /// Where a gesture that started at rest at `start`, was released heading for `proposed` (where the deceleration
    /// alone would end) with `velocity` (points per second, positive towards larger offsets), comes to rest:
    /// - `continuous`: `proposed`;
    /// - `continuousGroupLeadingBoundary`: the group leading edge nearest `proposed`;
    /// - `paging`, `groupPaging`, `groupPagingCentered`: one stop (page, group leading edge, centred group) from the
    ///   stop nearest `start`, in the direction of `velocity`; with no velocity, the stop nearest `proposed`;
    /// always clamped to the section's range.
    ///
    /// - Complexity: O(1).
    public func restingOffset(start: Double, proposed: Double, velocity: Double) -> Double {
        guard let (origin, unit) = stops else { return clamped(proposed) }
        if behavior == .continuousGroupLeadingBoundary || velocity == 0 {
            return clamped(origin + ((proposed - origin) / unit).rounded() * unit)
        }
        let from = ((start - origin) / unit).rounded()
        return clamped(origin + (from + (velocity > 0 ? 1 : -1)) * unit)
    }
}

/// One orthogonal section of a prepared layout, for a trace generator: where it lies along the layout's axis and
/// how its offset moves.
public struct OrthogonalSectionSpan: Hashable, Sendable {
    /// The section's index.
    public var section: Int
    /// The top and bottom of its groups (header and footer excluded): along the layout's axis, so the left and
    /// right of its groups in a layout that scrolls horizontally (the UIKit layer's transpose).
    public var minY: Double, maxY: Double
    /// Its rule.
    public var rule: OrthogonalScrollRule

    /// Creates a span.
    public init(section: Int, minY: Double, maxY: Double, rule: OrthogonalScrollRule) {
        self.section = section
        self.minY = minY
        self.maxY = maxY
        self.rule = rule
    }
}

/// A layout whose sections may scroll across its axis, each with its own offset: what the `orthogonal` trace's
/// player and `verify invalidation` drive. ``FullInvalidationLayout`` forwards it to its base.
public protocol OrthogonalScrollingLayout: AnyObject {
    /// The orthogonal sections at the last `prepare()`, top to bottom.
    ///
    /// - Complexity: O(sections).
    func orthogonalSections() -> [OrthogonalSectionSpan]

    /// Section `section`'s offset across the layout's axis, or `nil` when it does not scroll orthogonally.
    ///
    /// - Complexity: O(log sections).
    func orthogonalOffset(ofSection section: Int) -> Double?

    /// Scrolls section `section` to `offset` (clamped to its range) and returns the context to invalidate the
    /// layout with: the items of that section whose frames meet `bounds` before or after the scroll; `nil` when the
    /// section does not scroll orthogonally or the offset does not change.
    ///
    /// - Complexity: O(log sections + items named).
    func scrollOrthogonalSection(_ section: Int, to offset: Double, in bounds: Rect) -> InvalidationContext?

    /// Whether the orthogonal sections scroll along y, the layout's axis being x (a UIKit compositional layout that
    /// scrolls horizontally); `false`, along x, by default.
    ///
    /// - Complexity: O(1).
    var orthogonalSectionsScrollAlongY: Bool { get }
}

extension OrthogonalScrollingLayout {
    /// `false`: the sections scroll along x, across a vertical layout.
    public var orthogonalSectionsScrollAlongY: Bool { false }
}

extension FullInvalidationLayout: OrthogonalScrollingLayout where Base: OrthogonalScrollingLayout {
    /// The base layout's.
    public func orthogonalSections() -> [OrthogonalSectionSpan] { base.orthogonalSections() }

    /// The base layout's.
    public func orthogonalOffset(ofSection section: Int) -> Double? { base.orthogonalOffset(ofSection: section) }

    /// The base layout's (whose context ``invalidate(with:)`` then passes on as "everything").
    public func scrollOrthogonalSection(_ section: Int, to offset: Double, in bounds: Rect) -> InvalidationContext? {
        base.scrollOrthogonalSection(section, to: offset, in: bounds)
    }

    /// The base layout's.
    public var orthogonalSectionsScrollAlongY: Bool { base.orthogonalSectionsScrollAlongY }
}
