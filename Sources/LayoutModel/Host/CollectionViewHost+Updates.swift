/// What one ``CollectionViewHost/performBatchUpdates(_:newCounts:)`` did, beyond its layout pass.
public struct BatchUpdateReport: Hashable, Sendable {
    /// The layout pass at the offset the update ended at.
    public var frame: FrameReport
    /// How far, in points along the scroll axis, the reference the anchoring policy keeps moved on screen: the first
    /// visible item that survives the batch, or, under ``ScrollAnchoring/bottom`` while the bounds reach the end of
    /// the content, the end of the content. 0 when nothing was visible or every visible item went.
    public var visibleJump: Double
    /// The content size after the update minus the content size before it.
    public var contentSizeChange: Size
    /// How far the update moved the content offset (the layout's target offset and the anchoring).
    public var offsetChange: Point
    /// The first visible item before the batch that the jump follows (its old path), or `nil`.
    public var anchor: ElementPath?

    /// Creates a report.
    public init(frame: FrameReport = FrameReport(), visibleJump: Double = 0, contentSizeChange: Size = .zero,
                offsetChange: Point = .zero, anchor: ElementPath? = nil) {
        self.frame = frame
        self.visibleJump = visibleJump
        self.contentSizeChange = contentSizeChange
        self.offsetChange = offsetChange
        self.anchor = anchor
    }
}

extension CollectionViewHost {
    /// Applies a batch of inserts, deletes, moves and reloads, as `performBatchUpdates(_:completion:)`, and runs the
    /// layout pass that shows it. `newCounts` are the data source's counts after the app changed its model.
    ///
    /// In UIKit's order (`Guides/Updates.md` gives each rule's source):
    /// 1. the batch is checked against the counts before and `newCounts` (``BatchUpdatePlan``); an inconsistent batch
    ///    throws ``BatchUpdateError`` and changes nothing;
    /// 2. the counts become the new counts, and the layout takes a context with `invalidateDataSourceCounts` and the
    ///    plan (``CollectionLayout/invalidate(with:batchUpdates:)``);
    /// 3. `prepare()`, then ``CollectionLayout/prepare(forCollectionViewUpdates:)`` with the update items;
    /// 4. ``CollectionLayout/targetContentOffset(forProposedContentOffset:in:)`` with the current offset, then the
    ///    ``scrollAnchoring`` policy, and the offset moves there (a bounds change, as any scroll);
    /// 5. the layout pass at the new offset (the rect query and the visible-set diff, against the last pass's visible
    ///    set carried through the batch: an element the batch only renumbered has not appeared, and one it deleted
    ///    or reloaded has disappeared);
    /// 6. ``CollectionLayout/finalizeCollectionViewUpdates()``.
    ///
    /// The visible set of the previous pass names the anchor, so the host should have run a pass since its last
    /// change (a trace does).
    ///
    /// - Complexity: the plan's (O(b log b) for b named elements, plus O(sections) with complete validation), the
    ///   counts' (O(steps), plus O(sections) per section step), the layout's update and pass, and O(visible × steps)
    ///   to follow the anchor.
    @discardableResult
    public func performBatchUpdates(_ batch: BatchUpdate, newCounts: ItemCounts) throws(BatchUpdateError)
        -> BatchUpdateReport
    {
        try phasedBatchUpdates(batch, newCounts: newCounts, NoFramePhases())
    }

    /// The body of ``performBatchUpdates(_:newCounts:)`` and of its phased form
    /// (``performBatchUpdates(_:newCounts:recording:)``): specialised for ``NoFramePhases``, every recorder call is
    /// empty and the plain layout pass runs.
    @inline(__always)
    func phasedBatchUpdates<Recorder: FramePhaseRecording>(_ batch: BatchUpdate, newCounts: ItemCounts,
                                                           _ recorder: Recorder) throws(BatchUpdateError)
        -> BatchUpdateReport
    {
        let plan = batchPlan
        recorder.begin(.batchPlan)
        do {
            try plan.plan(batch, before: state.counts, after: newCounts, validation: batchValidation)
        } catch {
            recorder.end(.batchPlan)
            throw error
        }
        recorder.end(.batchPlan)
        let layout = self.layout
        let oldOffset = state.bounds.origin, oldSize = layout.contentSize
        let vertical = Self.scrollsVertically(contentSize: oldSize, bounds: state.bounds)
        let atEnd = vertical ? state.bounds.maxY >= oldSize.height : state.bounds.maxX >= oldSize.width

        recorder.begin(.invalidation)
        // The anchor is found in the same walk that carries the visible set: one new path a visible element.
        let (recycled, anchor) = carryVisibleSet(through: plan, vertical: vertical)
        state.counts.apply(plan, after: newCounts)
        invalidate(with: InvalidationContext(invalidateDataSourceCounts: true), batchUpdates: plan)
        recorder.end(.invalidation)
        recorder.begin(.prepare)
        prepareIfNeeded()
        recorder.end(.prepare)
        recorder.begin(.batchUpdate)
        layout.prepare(forCollectionViewUpdates: plan)
        recorder.end(.batchUpdate)

        recorder.begin(.anchoring)
        var offset = layout.targetContentOffset(forProposedContentOffset: state.bounds.origin, in: state)
        let newSize = layout.contentSize
        let anchorFrame = anchor.flatMap { layout.attributesForItem(at: $0.newPath)?.frame }
        var keepsEnd = false
        switch scrollAnchoring {
        case .none: break
        case .bottom where atEnd:
            keepsEnd = true
            if vertical {
                offset.y = Swift.max(0, newSize.height - state.bounds.height)
            } else {
                offset.x = Swift.max(0, newSize.width - state.bounds.width)
            }
        case .top, .bottom:
            if let anchor, let anchorFrame {
                if vertical {
                    offset.y = anchorFrame.origin.y - anchor.onScreen.y
                } else {
                    offset.x = anchorFrame.origin.x - anchor.onScreen.x
                }
            }
        }
        setContentOffset(offset)
        recorder.end(.anchoring)
        var report = BatchUpdateReport()
        report.frame = Recorder.isRecording ? layoutIfNeeded(recording: recorder) : layoutIfNeeded()
        report.frame.disappeared += recycled
        recorder.begin(.finalize)
        layout.finalizeCollectionViewUpdates()
        recorder.end(.finalize)

        let finalOffset = state.bounds.origin
        report.offsetChange = Point(x: finalOffset.x - oldOffset.x, y: finalOffset.y - oldOffset.y)
        report.contentSizeChange = Size(width: newSize.width - oldSize.width, height: newSize.height - oldSize.height)
        if keepsEnd {
            // The gap between the end of the bounds and the end of the content, before and after.
            let before = vertical ? oldSize.height - (oldOffset.y + state.bounds.height)
                : oldSize.width - (oldOffset.x + state.bounds.width)
            let after = vertical ? newSize.height - (finalOffset.y + state.bounds.height)
                : newSize.width - (finalOffset.x + state.bounds.width)
            report.visibleJump = Swift.abs(Swift.max(0, after) - Swift.max(0, before))
        } else if let anchor, let anchorFrame {
            report.anchor = anchor.oldPath
            let position = vertical ? anchorFrame.origin.y : anchorFrame.origin.x
            let jump = vertical ? Swift.abs(position - finalOffset.y - anchor.onScreen.y)
                : Swift.abs(position - finalOffset.x - anchor.onScreen.x)
            // An offset computed as `position - onScreen` gives back `onScreen` only up to rounding at large
            // offsets: a difference below 10^-9 of the position (10^-3 pt at 10^6 pt, a third of a pixel is 0.33)
            // is rounding, not a jump.
            report.visibleJump = jump <= 1e-9 * Swift.max(1, Swift.abs(position)) ? 0 : jump
        }
        return report
    }

    /// Whether the content scrolls vertically: unless only its width exceeds the bounds.
    static func scrollsVertically(contentSize: Size, bounds: Rect) -> Bool {
        !(contentSize.width > bounds.width && contentSize.height <= bounds.height)
    }
}
