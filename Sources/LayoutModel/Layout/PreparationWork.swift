/// What one ``CollectionLayout/prepare(in:)`` computed: the deterministic measure of an invalidation's cost.
public struct PreparationWork: Hashable, Sendable {
    /// Elements whose attributes were computed again.
    public var recomputedElements: Int
    /// Calls made to the size provider (the delegate's `sizeForItemAt`).
    public var sizeQueries: Int

    /// Creates a record of work.
    @inlinable
    public init(recomputedElements: Int = 0, sizeQueries: Int = 0) {
        self.recomputedElements = recomputedElements
        self.sizeQueries = sizeQueries
    }

    /// No work.
    @inlinable
    public static var none: PreparationWork { PreparationWork() }
}
