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
        case .prefixSums: return PrefixSumsQuery.query(rect, in: region, reader: reader, into: &buffer)
        }
    }
}
