import LayoutModel
import Layouts

/// What a scroll trace is generated for: the content and viewport it scrolls, the grid's counts, the frame rate, the
/// seed and the length.
public struct TraceParameters: Hashable, Sendable {
    /// The content size of the grid at ``rows`` x ``columns``; negative or non-finite extents count as 0.
    public var contentSize: Size
    /// The initial bounds size; negative or non-finite extents count as 0.
    public var viewport: Size
    /// The initial number of rows (sections); counts below 1 count as 1.
    public var rows: Int
    /// The initial number of columns (items per section); counts below 1 count as 1.
    public var columns: Int
    /// The frame rate the trace is sampled at.
    public var frameRate: FrameRate
    /// The seed: the same parameters always give the same trace.
    public var seed: UInt64
    /// The number of frames (events) in the trace; 0 or less gives an empty trace.
    public var maximumFrames: Int
    /// The data source's item counts, for the traces that update it (``ScrollTraceKind/hasUpdates``): their batches
    /// are drawn over them. `nil`: ``rows`` sections of ``columns`` items.
    public var counts: ItemCounts?
    /// The batches the layout makes sense of: with ``UpdateShape/grid`` (the sticky grid) an update trace sends
    /// only whole rows and whole columns, so every section keeps the same count.
    public var updateShape: UpdateShape = .free
    /// The orthogonal sections of the prepared layout, top to bottom, for the `orthogonal` trace; empty by default.
    public var orthogonalSections: [OrthogonalSectionSpan] = []

    /// Creates parameters.
    public init(contentSize: Size, viewport: Size, rows: Int, columns: Int, frameRate: FrameRate, seed: UInt64,
                maximumFrames: Int, counts: ItemCounts? = nil) {
        self.counts = counts
        self.contentSize = contentSize
        self.viewport = viewport
        self.rows = rows
        self.columns = columns
        self.frameRate = frameRate
        self.seed = seed
        self.maximumFrames = maximumFrames
    }
}
