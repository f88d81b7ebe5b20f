import LayoutModel

/// A horizontally paging carousel, one page per item, whose cells take roles around the current item (previous
/// underflow, previous, current, next, next overflow), each with a size and position at rest and at its
/// destination, interpolated linearly by the scroll progress on every frame.
///
/// - Pages: the content is as wide as one bounds width per item and as tall as the bounds; sections are read as one
///   strip, section after section (``CarouselItemIndex``).
/// - Roles: the current item is the page nearest the offset; each other role is its distance from it
///   (``CarouselPosition``). Only the items in the five roles have attributes, whatever the item count:
///   ``attributesForItem(at:)`` answers `nil` for the others, as a carousel that hides its off-stage cells does.
/// - Geometry: a role rests in a square (``CarouselMetrics``: 300 points for the current item, 200 for the others)
///   shaped by the item's aspect ratio (``CarouselAspectRatios``); its destination is the role one step against the
///   scroll's direction. Every frame is placed around the viewport's centre, so every cell is pinned to the bounds
///   (``isPinned(_:)``): at rest the current item is centred in the viewport.
/// - Variants (``CarouselQueryVariants``): `recompute`, the reference, places every role from scratch on each
///   query, as the original; `cached` keeps the rest and destination frames of the window while the current item
///   and direction stay, and interpolates once per prepared position.
/// - Invalidation (context mode): every bounds change invalidates, naming only the items in the roles at the new
///   bounds (at most five; see `CarouselLayout+Invalidation.swift`). Nothing is stored per item: a carousel of 10^8
///   items prepares in O(1) and holds a few hundred bytes.
public final class CarouselLayout: MeasuredLayout {
    /// The roles' squares and spacing.
    public let metrics: CarouselMetrics
    /// The per-item aspect ratios.
    public let aspectRatios: CarouselAspectRatios

    /// The content size at the last `prepare()`: one bounds width per item, as tall as the bounds.
    public private(set) var contentSize: Size = .zero
    /// The strip of items at the last `prepare()`.
    public private(set) var items = CarouselItemIndex()
    /// The position at the last `prepare()`; `nil` when the bounds have no width.
    public private(set) var position: CarouselPosition?

    /// The variant the collection view's entry point uses (its tag).
    var activeTag = CarouselQueryVariants.recompute.tag
    /// What the next `prepare()` must do.
    var needsCounts = true, needsMetrics = true
    /// The cached window, one slot per role from the previous underflow to the next overflow. Allocated once.
    var slots: [_CarouselSlot]
    /// The position the slots' rest and destination frames were computed for (current item and direction), and
    /// the one their frames were interpolated for; `nil` when they must be computed again.
    var cachedWindow: (current: Int, direction: Int)?
    var interpolatedPosition: CarouselPosition?
    /// The paths a scroll's invalidation context names, refilled in place every frame so that building the context
    /// allocates nothing once the host has released the previous one.
    var contextPaths: [ElementPath]

    /// The number of roles: previous underflow, previous, current, next, next overflow.
    public static let roleCount = 5

    /// Creates an unprepared carousel.
    public init(metrics: CarouselMetrics = CarouselMetrics(), aspectRatios: CarouselAspectRatios = .square) {
        precondition(metrics.problem == nil, metrics.problem ?? "")
        self.metrics = metrics
        self.aspectRatios = aspectRatios
        slots = Array(repeating: _CarouselSlot(), count: Self.roleCount)
        contextPaths = []
        contextPaths.reserveCapacity(Self.roleCount)
    }

    /// Reads what was invalidated from `state`: the counts, the page width and content size, the position; in the
    /// `cached` variant it then brings the window up to date (see ``refreshWindow()``).
    ///
    /// - Complexity: O(1) for uniform counts (O(sections) after a data-source change otherwise); O(1) work per role.
    @discardableResult
    public func prepare(in state: CollectionViewState) -> PreparationWork {
        if needsCounts { items.update(state.counts) }
        if needsCounts || needsMetrics { cachedWindow = nil }
        let bounds = state.bounds
        let width = bounds.size.width > 0 && bounds.size.width.isFinite ? bounds.size.width : 0
        let height = bounds.size.height.isFinite ? Swift.max(0, bounds.size.height) : 0
        contentSize = Size(width: width * Double(items.count), height: height)
        position = CarouselPosition.at(bounds: bounds, count: items.count)
        needsCounts = false
        needsMetrics = false
        return activeTag == CarouselQueryVariants.cached.tag ? refreshWindow() : .none
    }

    /// The attributes of item `index` in role `role` at `position`, placed from scratch: its aspect ratio asked,
    /// its rest and destination frames computed, then interpolated. What the `recompute` variant does per role;
    /// `path` is the item's path.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func placedFromScratch(item index: Int, path: ElementPath, role: Int, at position: CarouselPosition)
        -> LayoutAttributes
    {
        let ratio = aspectRatios.ratio(ofItem: index)
        let rest = metrics.restFrame(role: role, aspectRatio: ratio)
        let destination = metrics.restFrame(role: role - position.direction, aspectRatio: ratio)
        let frame = CarouselMetrics.interpolate(from: rest, to: destination, progress: position.progress,
                                                around: position.center)
        return LayoutAttributes(frame: frame, path: path, zIndex: 2 - abs(role))
    }

    /// The item at `path` where it is at the last `prepare()`, or `nil` when there is no such item or it has no
    /// role there.
    ///
    /// - Complexity: O(1).
    public func attributesForItem(at path: ElementPath) -> LayoutAttributes? {
        guard let position, let index = items.index(of: path) else { return nil }
        let role = index - position.current
        guard role >= -2 && role <= 2 else { return nil }
        return placedFromScratch(item: index, path: path, role: role, at: position)
    }
}
