import LayoutModel

extension RectQueryStrategy {
    /// Runs this strategy over `reader`: the single switch between a store's query entry point and the specialised
    /// loops.
    @inline(__always)
    func run<Reader: _GridFrameReader>(
        _ rect: Rect,
        in region: GridRegion,
        reader: Reader,
        into buffer: inout [LayoutAttributes]
    ) -> Int {
        if region.isEmpty { return 0 }
        switch self {
        case .linearScan: return LinearScan.query(rect, in: region, reader: reader, into: &buffer)
        case .rowBuckets: return RowBucketQuery.query(rect, in: region, reader: reader, into: &buffer)
        case .binarySearch: return BinarySearchQuery.query(rect, in: region, reader: reader, into: &buffer)
        case .prefixSums:
            // ``PrefixSumsGridFrames`` answers prefix sums itself (``_SeparableAxes``' exact blocks) and never hands
            // the strategy to a reader; a store of per-cell frames has no axes to search, so this is a caller's
            // mistake.
            preconditionFailure("prefix-sums is unavailable for per-cell sizes: this storage holds per-cell frames; "
                + "use prefix-sums storage, or a layout whose sizes are uniform or separable")
        }
    }

    /// Runs this strategy over the regions of a pinned grid of `rows` x `columns`, in ``PinnedGrid``'s order: a
    /// binary search over a store with a column index takes the four regions in one query; every other strategy
    /// runs region by region.
    @inline(__always)
    func run<Reader: _GridFrameReader>(
        _ rect: Rect,
        in pinned: PinnedGrid,
        rows: Int,
        columns: Int,
        includingBody: Bool,
        reader: Reader,
        into buffer: inout [LayoutAttributes]
    ) -> Int {
        if self == .binarySearch, Reader.Row.framesAreInline, rows <= BinarySearchQuery.indexedRowLimit,
           let index = reader.columnIndex {
            return BinarySearchQuery.pinnedQuery(rect, in: pinned, rows: rows, columns: columns,
                                                 includingBody: includingBody, reader: reader, index: index,
                                                 into: &buffer)
        }
        var tested = 0
        pinned.forEachRegion(rows: rows, columns: columns, includingBody: includingBody) { region in
            tested &+= runRegion(rect, in: region, reader: reader, into: &buffer)
        }
        return tested
    }

    /// ``run(_:in:reader:into:)`` compiled on its own, as a store's one-region query compiles it: inlined into the
    /// regions' closure, the linear scan's loop was scheduled worse (3 to 4 % more instructions a query).
    @inline(never)
    func runRegion<Reader: _GridFrameReader>(
        _ rect: Rect,
        in region: GridRegion,
        reader: Reader,
        into buffer: inout [LayoutAttributes]
    ) -> Int {
        run(rect, in: region, reader: reader, into: &buffer)
    }
}
