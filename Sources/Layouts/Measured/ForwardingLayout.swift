import LayoutModel

/// A measured layout that wraps another and answers as it does, except where it says otherwise: the one forwarding
/// base of the wrapping layouts (``FullInvalidationLayout``, which changes the invalidation questions, and
/// ``SelfSizingFlowLayout``, which changes preparation and the self-sizing questions). A wrapper declares what it
/// changes; everything below comes from `base`.
///
/// Internal: the public answers are the default implementations below. Each is `@inline(__always)`, so a wrapper's
/// witness reads `base` directly, as the hand-written forwarding did.
protocol ForwardingLayout: MeasuredLayout {
    /// The wrapped layout's type.
    associatedtype Base: MeasuredLayout
    /// The wrapped layout.
    var base: Base { get }
}

extension ForwardingLayout {
    /// The base layout's.
    ///
    /// - Complexity: the base's.
    @inline(__always)
    public func prepare(in state: CollectionViewState) -> PreparationWork { base.prepare(in: state) }

    /// The base layout's.
    @inline(__always)
    public var contentSize: Size { base.contentSize }

    /// The base layout's.
    ///
    /// - Complexity: the base's.
    @inline(__always)
    public func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        base.attributesForElements(in: rect, into: &buffer)
    }

    /// The base layout's.
    ///
    /// - Complexity: the base's.
    @inline(__always)
    public func attributesForItem(at path: ElementPath) -> LayoutAttributes? { base.attributesForItem(at: path) }

    /// The base layout's.
    ///
    /// - Complexity: the base's.
    @inline(__always)
    public func attributesForSupplementaryElement(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
        base.attributesForSupplementaryElement(ofKind: kind, at: path)
    }

    /// The base layout's.
    ///
    /// - Complexity: the base's.
    @inline(__always)
    public func attributesForDecorationView(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
        base.attributesForDecorationView(ofKind: kind, at: path)
    }

    /// The base layout's.
    ///
    /// - Complexity: the base's.
    @inline(__always)
    public func shouldInvalidate(forBoundsChange newBounds: Rect, in state: CollectionViewState) -> Bool {
        base.shouldInvalidate(forBoundsChange: newBounds, in: state)
    }

    /// The base layout's.
    ///
    /// - Complexity: the base's.
    @inline(__always)
    public func invalidationContext(forBoundsChange newBounds: Rect, in state: CollectionViewState)
        -> InvalidationContext
    {
        base.invalidationContext(forBoundsChange: newBounds, in: state)
    }

    /// The base layout's.
    @inline(__always)
    public var queryVariants: [QueryVariant] { base.queryVariants }

    /// The base layout's.
    @inline(__always)
    public var referenceVariant: QueryVariant { base.referenceVariant }

    /// The base layout's: setting it sets the base's.
    @inline(__always)
    public var activeVariant: QueryVariant {
        get { base.activeVariant }
        set { base.activeVariant = newValue }
    }

    /// The base layout's.
    ///
    /// - Complexity: the base's.
    @discardableResult
    @inline(__always)
    public func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes],
                                      using variant: QueryVariant) -> Int {
        base.attributesForElements(in: rect, into: &buffer, using: variant)
    }

    /// The base layout's.
    @inline(__always)
    public var attributeBytes: Int { base.attributeBytes }

    /// The base layout's.
    @inline(__always)
    public func isPinned(_ attributes: LayoutAttributes) -> Bool { base.isPinned(attributes) }

    /// The base layout's.
    @inline(__always)
    public var rectContract: RectContract { base.rectContract }
}
