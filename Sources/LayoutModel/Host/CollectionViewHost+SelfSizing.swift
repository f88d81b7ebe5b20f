extension CollectionViewHost {
    /// The most rounds one pass runs: a round fits the cells that came on screen in the last, and a layout that
    /// keeps pushing new cells into view would otherwise never finish a frame. Real content settles in two or three.
    static let maximumSizingRounds = 16

    /// The self-sizing sequence that ends a layout pass when ``itemFitting`` is set (`Guides/Updates.md`,
    /// "Self-sizing", gives each rule's source). In rounds, until a round resolves nothing:
    /// 1. every cell that came on screen in the last query (every visible cell after a whole invalidation) is asked
    ///    for its preferred attributes, fitting the attributes the layout proposed; so is every supplementary view
    ///    when the fitting fits them (``ItemFitting/fitsSupplementaryViews``), as UIKit asks a header's view;
    /// 2. the layout is asked ``CollectionLayout/shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:in:)``;
    ///    when it says yes, its ``CollectionLayout/invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:in:)``
    ///    is applied at once (``invalidate(with:)``: the offset adjustment moves the bounds, so the next cell's calls
    ///    see the bounds as this one left them, as UIKit's `contentOffset` after each adjustment);
    /// 3. the layout is prepared; under ``scrollAnchoring`` `top` (or `bottom`) the offset then moves by whatever
    ///    the layout's own adjustments left, so that the first cell visible before the pass stays where it was on
    ///    screen (under `bottom` at the end of the content, the bounds stay at the end), as after a batch update;
    /// 4. the layout is queried again, in the same pass; cells the new sizes bring on screen are the next round's.
    ///
    /// The frame's report takes the work and the cells that came and went; the answer counts the fittings, the sizes
    /// resolved and the rounds, and the jump: how far the first cell visible before the pass, and still visible,
    /// moved on screen.
    ///
    /// - Complexity: O(fittings) calls, plus one `prepare()` and query a round that resolved anything.
    @inline(never)  // inlined into `layoutIfNeeded()`, it cost every pass without self-sizing instructions
    func resolveSizes(with fitting: any ItemFitting, into report: inout FrameReport) -> SizingReport {
        var sizing = SizingReport()
        visibleDiff.placeCarriedKeys()  // the set before this pass, if a batch carried it, before asking it
        let anchor = firstCellVisibleBefore()
        let atEnd = scrollAnchoring == .bottom && reachesEnd()
        var refitAll = refitsVisibleCells
        refitsVisibleCells = false
        let layout = self.layout
        // UIKit asks supplementary views as it asks cells (a compositional header of `.estimated` height fits).
        let supplementary = fitting.fitsSupplementaryViews
        for _ in 0..<Self.maximumSizingRounds {
            sizingQueue.removeAll(keepingCapacity: true)
            for attributes in visibleAttributes
                where attributes.kind == .cell || (supplementary && attributes.kind.category == .supplementary) {
                if refitAll || !visibleDiff.wasVisibleBeforeLastUpdate(attributes) { sizingQueue.append(attributes) }
            }
            refitAll = false
            var resolved = 0
            for original in sizingQueue {
                let preferred = fitting.preferredAttributes(fitting: original)
                sizing.fittings += 1
                guard layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred,
                                                    withOriginalAttributes: original, in: state)
                else { continue }
                let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred,
                                                         withOriginalAttributes: original, in: state)
                invalidate(with: context)
                resolved += 1
            }
            sizing.rounds += 1
            guard resolved > 0 else { break }
            sizing.resolvedSizes += resolved
            if let work = prepareIfNeeded() {
                report.recomputedElements += work.recomputedElements
                report.sizeQueries += work.sizeQueries
            }
            if let anchor { keepInPlace(anchor, atEnd: atEnd) }
            if let work = prepareIfNeeded() {  // the correction's bounds change may have invalidated (pinning)
                report.recomputedElements += work.recomputedElements
                report.sizeQueries += work.sizeQueries
            }
            preparedWork = PreparationWork()
            invalidatedSinceLastPass = false
            layout.attributesForElements(in: state.bounds, into: &visibleAttributes)
            let (appeared, disappeared) = visibleDiff.update(with: visibleAttributes)
            report.visibleCount = visibleAttributes.count
            report.appeared += appeared
            report.disappeared += disappeared
        }
        guard let anchor, !atEnd, let frame = layout.attributesForItem(at: anchor.path)?.frame else { return sizing }
        let vertical = anchor.vertical
        let position = vertical ? frame.origin.y : frame.origin.x
        let onScreen = position - (vertical ? state.bounds.origin.y : state.bounds.origin.x)
        let jump = Swift.abs(onScreen - anchor.onScreen)
        // As a batch update's jump: below 10^-9 of the position is rounding, not a jump.
        sizing.jump = jump <= 1e-9 * Swift.max(1, Swift.abs(position)) ? 0 : jump
        return sizing
    }

    /// Applies ``scrollAnchoring`` after a round's sizes are prepared, as a batch update does after
    /// `targetContentOffset`: under `top`, and under `bottom` unless the bounds reached the end of the content, the
    /// offset moves so that `anchor` is where it was on screen; under `bottom` at the end, the bounds stay at the
    /// end. The layout's own adjustments (its contexts' `contentOffsetAdjustment`) have been applied already: this
    /// moves the offset only by what they left.
    private func keepInPlace(_ anchor: (path: ElementPath, onScreen: Double, vertical: Bool), atEnd: Bool) {
        guard scrollAnchoring != .none else { return }
        let size = layout.contentSize
        var offset = state.bounds.origin
        if atEnd {
            if anchor.vertical {
                offset.y = Swift.max(0, size.height - state.bounds.height)
            } else {
                offset.x = Swift.max(0, size.width - state.bounds.width)
            }
        } else {
            guard let frame = layout.attributesForItem(at: anchor.path)?.frame else { return }
            if anchor.vertical {
                offset.y = frame.origin.y - anchor.onScreen
            } else {
                offset.x = frame.origin.x - anchor.onScreen
            }
        }
        setContentOffset(offset)
    }

    /// Whether the bounds reach the end of the content along the scroll axis.
    private func reachesEnd() -> Bool {
        let size = layout.contentSize
        return Self.scrollsVertically(contentSize: size, bounds: state.bounds) ? state.bounds.maxY >= size.height
            : state.bounds.maxX >= size.width
    }

    /// The first cell of this pass's query (least origin along the scroll axis, then across, then least path) that
    /// was also in the last pass's and overlaps the bounds along the scroll axis, with its position on screen.
    ///
    /// - Complexity: O(visible).
    private func firstCellVisibleBefore() -> (path: ElementPath, onScreen: Double, vertical: Bool)? {
        let bounds = state.bounds
        let vertical = Self.scrollsVertically(contentSize: layout.contentSize, bounds: bounds)
        var best: LayoutAttributes?
        for attributes in visibleAttributes where attributes.kind == .cell {
            let frame = attributes.frame
            let overlaps = vertical ? frame.maxY > bounds.minY && frame.minY < bounds.maxY
                : frame.maxX > bounds.minX && frame.minX < bounds.maxX
            guard overlaps, visibleDiff.wasVisibleBeforeLastUpdate(attributes) else { continue }
            if let current = best {
                let key = vertical ? (frame.minY, frame.minX) : (frame.minX, frame.minY)
                let bestKey = vertical ? (current.frame.minY, current.frame.minX)
                    : (current.frame.minX, current.frame.minY)
                if key > bestKey || (key == bestKey && attributes.path > current.path) { continue }
            }
            best = attributes
        }
        guard let best else { return nil }
        let onScreen = vertical ? best.frame.minY - bounds.minY : best.frame.minX - bounds.minX
        return (best.path, onScreen, vertical)
    }
}
