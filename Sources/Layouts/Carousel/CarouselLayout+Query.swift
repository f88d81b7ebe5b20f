import LayoutModel

extension CarouselLayout {
    /// The items in `rect`, found with the active variant.
    ///
    /// - Complexity: O(1): at most five roles.
    public func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        _ = attributesForElements(in: rect, into: &buffer, tag: activeTag)
    }

    /// The items in `rect` at the last `prepare()`, found with `variant`.
    ///
    /// - Returns: the roles tested (at most five).
    /// - Complexity: O(1): at most five roles. `recompute` asks up to five aspect ratios and computes ten frames;
    ///   `cached` tests up to five cached frames (after bringing the window up to date if the last `prepare()` ran
    ///   in the other variant).
    @discardableResult
    public func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes],
                                      using variant: QueryVariant) -> Int {
        attributesForElements(in: rect, into: &buffer, tag: variant.tag)
    }

    /// The items in `rect`, found with the variant tagged `tag`; the number of roles tested.
    @inline(__always)
    func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes], tag: Int) -> Int {
        buffer.removeAll(keepingCapacity: true)
        switch tag {
        case CarouselQueryVariants.recompute.tag: return recomputedQuery(rect, into: &buffer)
        case CarouselQueryVariants.cached.tag: return cachedQuery(rect, into: &buffer)
        default: preconditionFailure("variant tag \(tag) is not a carousel query variant")
        }
    }

    /// The original's query: each role placed from scratch.
    private func recomputedQuery(_ rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        guard let position else { return 0 }
        let first = Swift.max(position.current - 2, 0), last = Swift.min(position.current + 2, items.count - 1)
        guard first <= last else { return 0 }
        var path = items.path(ofItem: first)
        for item in first...last {
            if item > first { path = items.path(after: path) }
            let attributes = placedFromScratch(item: item, path: path, role: item - position.current, at: position)
            if attributes.frame.intersects(rect) { buffer.append(attributes) }
        }
        return last - first + 1
    }

    /// The cached window's interpolated frames, filtered.
    private func cachedQuery(_ rect: Rect, into buffer: inout [LayoutAttributes]) -> Int {
        refreshWindow()
        var tested = 0
        slots.withUnsafeBufferPointer { slots in
            for slot in slots where slot.item >= 0 {
                tested += 1
                if slot.frame.intersects(rect) {
                    buffer.append(LayoutAttributes(frame: slot.frame, path: slot.path, zIndex: slot.zIndex))
                }
            }
        }
        return tested
    }
}
