import LayoutModel

/// A ``LayoutModel/CollectionLayout`` that the harness can measure: what the runner, the verifiers and the
/// conformance checker need beyond UIKit's contract, so that none of them reaches into a concrete layout.
///
/// A measured layout offers one or more ``QueryVariant``s and names one its reference; the collection view's entry
/// point (``LayoutModel/CollectionLayout/attributesForElements(in:into:)``) uses ``activeVariant``, and
/// ``attributesForElements(in:into:using:)`` runs any variant directly, bypassing per-frame caches, for the query
/// benchmarks and the differential checks.
///
/// A layout's own invalidation contexts are its `context` mode; ``FullInvalidationLayout`` turns any measured layout
/// into the seeds' `full` baseline.
public protocol MeasuredLayout: CollectionLayout {
    /// The query variants this layout offers, its reference among them.
    ///
    /// - Complexity: O(1): the built-in layouts return a stored or constant list (the harness reads it at set-up).
    var queryVariants: [QueryVariant] { get }

    /// The variant whose answers every other variant must equal exactly.
    ///
    /// - Complexity: O(1).
    var referenceVariant: QueryVariant { get }

    /// The variant the collection view's entry point uses. Setting a variant that is not in ``queryVariants`` is a
    /// programming error.
    ///
    /// - Complexity: O(1) to read; setting it may drop per-frame caches, never rebuild the attributes.
    var activeVariant: QueryVariant { get set }

    /// Replaces the contents of `buffer` with the attributes of every element whose frame intersects `rect`, pinned
    /// elements where they are pinned at the last `prepare()`, found with `variant` and without per-frame caches.
    ///
    /// - Returns: the number of elements whose frames were tested: the deterministic measure of the query's work.
    /// - Complexity: that of `variant`; each variant documents its own.
    @discardableResult
    func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes], using variant: QueryVariant)
        -> Int

    /// The bytes the prepared attributes hold: the capacities of the buffers (and the sizes of the objects) that
    /// hold them. An array's capacity already includes whatever the allocator rounded its growth up to; allocator
    /// headers are not counted (`memory.residentBytesPerCell` sees those).
    ///
    /// - Complexity: O(1).
    var attributeBytes: Int { get }

    /// Whether `attributes`, as this layout returned them, are pinned to the bounds (sticky rows and columns, pinned
    /// headers): pinned elements move with the content offset and may lie outside ``LayoutModel/CollectionLayout/contentSize``.
    ///
    /// - Complexity: O(1).
    func isPinned(_ attributes: LayoutAttributes) -> Bool

    /// Which rects the layout may be asked and by which rule its answers are checked: ``RectContract/robust`` (any
    /// rect, closed edges; the native layouts) or ``RectContract/uikit`` (only rects UIKit sends, CoreGraphics' rule).
    /// ``RectContract/robust`` by default.
    ///
    /// - Complexity: O(1).
    var rectContract: RectContract { get }
}

extension MeasuredLayout {
    /// The variant named `name`, or `nil` when the layout does not offer it.
    public func queryVariant(named name: String) -> QueryVariant? {
        queryVariants.first { $0.name == name }
    }

    /// ``RectContract/robust``: any rect, closed edges.
    public var rectContract: RectContract { .robust }
}
