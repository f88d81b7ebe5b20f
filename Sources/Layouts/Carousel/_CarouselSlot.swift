import LayoutModel

/// One role of the cached window: its item, the item's aspect ratio, its rest and destination frames (relative to
/// the viewport's centre) and its frame at the last interpolation (in content coordinates).
struct _CarouselSlot {
    /// The item's flat index; -1 when the role has no item (before the first or after the last).
    var item = -1
    /// The item's path.
    var path = ElementPath(section: 0, item: 0)
    /// The item's aspect ratio, as the provider gave it.
    var aspectRatio = 1.0
    /// The frame at rest in this role, relative to the viewport's centre.
    var rest = Rect.zero
    /// The frame at the destination role, relative to the viewport's centre.
    var destination = Rect.zero
    /// The interpolated frame, in content coordinates.
    var frame = Rect.zero
    /// The stacking order of the role.
    var zIndex = 0
}
