import RectIndex

extension AttributeStorageKind {
    /// The sticky grid's store for this storage (RectIndex is the sticky grid's storage engine).
    public var gridStoreKind: GridStoreKind {
        switch self {
        case .objects: .objects
        case .compact: .compact
        case .prefixSums: .prefixSums
        case .tiles: .tiles
        }
    }

    /// Makes an empty sticky-grid store of this kind.
    public func makeStore() -> any GridFrameStore { gridStoreKind.makeStore() }

    /// A conservative estimate of the bytes a prepared sticky grid of this kind holds, for the memory guard
    /// (``RectIndex/GridStoreKind/estimatedBytes(rows:columns:)``).
    public func estimatedBytes(rows: Int, columns: Int) -> Int {
        gridStoreKind.estimatedBytes(rows: rows, columns: columns)
    }
}
