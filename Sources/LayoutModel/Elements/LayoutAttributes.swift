/// The layout of one element, as a value: what `UICollectionViewLayoutAttributes` carries that a rect query returns.
///
/// It is trivially copyable, so a caller-owned `[LayoutAttributes]` buffer can be refilled on every frame without
/// allocating or reference counting.
@frozen
public struct LayoutAttributes: Hashable, Sendable {
    /// The frame in content coordinates (for pinned elements, where they are pinned now).
    public var frame: Rect
    /// The element's path.
    public var path: ElementPath
    /// Whether it is a cell, a supplementary view or a decoration view.
    public var kind: ElementKind
    /// The stacking order; higher draws on top.
    public var zIndex: Int

    /// Creates attributes for one element.
    @inlinable @inline(__always)
    public init(frame: Rect, path: ElementPath, kind: ElementKind = .cell, zIndex: Int = 0) {
        self.frame = frame
        self.path = path
        self.kind = kind
        self.zIndex = zIndex
    }
}

extension LayoutAttributes: Comparable {
    /// Orders by kind, then path, then zIndex, then frame: a canonical order for comparing result sets.
    public static func < (lhs: LayoutAttributes, rhs: LayoutAttributes) -> Bool {
        if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
        if lhs.path != rhs.path { return lhs.path < rhs.path }
        if lhs.zIndex != rhs.zIndex { return lhs.zIndex < rhs.zIndex }
        let l = lhs.frame, r = rhs.frame
        return (l.origin.x, l.origin.y, l.size.width, l.size.height) < (r.origin.x, r.origin.y, r.size.width, r.size.height)
    }
}

extension LayoutAttributes: CustomStringConvertible {
    /// `kind path frame z=zIndex`.
    public var description: String { "\(kind) \(path) \(frame) z=\(zIndex)" }
}
