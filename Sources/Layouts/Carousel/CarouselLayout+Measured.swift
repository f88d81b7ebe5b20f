import LayoutModel

extension CarouselLayout {
    /// `recompute` (the reference) and `cached`.
    public var queryVariants: [QueryVariant] { CarouselQueryVariants.all }

    /// `recompute`: the original's placement from the scroll position alone.
    public var referenceVariant: QueryVariant { CarouselQueryVariants.recompute }

    /// The variant the collection view's entry point and `prepare()` use.
    public var activeVariant: QueryVariant {
        get { activeTag == CarouselQueryVariants.cached.tag ? CarouselQueryVariants.cached : CarouselQueryVariants.recompute }
        set {
            precondition(CarouselQueryVariants.all.contains(newValue), "\(newValue) is not a carousel query variant")
            activeTag = newValue.tag
        }
    }

    /// The cached window and the context's path buffer, and the section starts with per-section counts: a few
    /// hundred bytes, whatever the item count.
    public var attributeBytes: Int {
        slots.capacity * MemoryLayout<_CarouselSlot>.stride + contextPaths.capacity * MemoryLayout<ElementPath>.stride
            + items.bytes
    }

    /// Every cell: each is placed around the viewport's centre, so it moves with the content offset and may lie
    /// outside the content size (before the first page, past the last).
    public func isPinned(_ attributes: LayoutAttributes) -> Bool { attributes.kind.category == .cell }
}
