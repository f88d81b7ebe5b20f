import LayoutModel

/// A measured layout whose queries come in through one front door: the collection view's entry point runs
/// ``activeVariant``, and ``attributesForElements(in:into:using:)`` empties the buffer (keeping its capacity) and
/// answers nothing for a null rect or one with a NaN component, before the layout's own ``appendElements(in:into:using:)``
/// sees the rect. The flow and compositional layouts, full and incremental, come in through it; the carousel
/// (at most five roles, no NaN rule of its own) and the sticky grid (its store's regions) keep doors of their own.
///
/// Internal: the public entry points are the default implementations below, so no layout writes the rule again.
protocol QueryFrontDoor: MeasuredLayout {
    /// Appends to `buffer` (empty) the elements in `rect` (neither null nor NaN), found with `variant`.
    ///
    /// - Returns: the number of elements whose frames were tested.
    /// - Complexity: that of `variant`; each layout documents its variants'.
    func appendElements(in rect: Rect, into buffer: inout [LayoutAttributes], using variant: QueryVariant) -> Int
}

extension QueryFrontDoor {
    /// Replaces `buffer` with the elements in `rect`, found with ``activeVariant``: the collection view's entry point.
    ///
    /// - Complexity: that of ``activeVariant``.
    @inline(__always)
    public func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        attributesForElements(in: rect, into: &buffer, using: activeVariant)
    }

    /// Replaces `buffer` with the elements in `rect`, pinned elements where they are pinned at the last `prepare()`,
    /// found with `variant`; nothing for a null rect or one with a NaN component.
    ///
    /// - Returns: the number of elements whose frames were tested.
    /// - Complexity: that of `variant` (the layout's type documents each variant's).
    @discardableResult
    @inline(__always)
    public func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes],
                                      using variant: QueryVariant) -> Int {
        buffer.removeAll(keepingCapacity: true)
        if rect.isNull || rect.origin.x.isNaN || rect.origin.y.isNaN || rect.size.width.isNaN
            || rect.size.height.isNaN
        {
            return 0
        }
        return appendElements(in: rect, into: &buffer, using: variant)
    }
}
