import LayoutModel
import Layouts

/// Seeded sizes asked through the app's item identities: the size at (`row`, `column`) is ``GridSizes``' size of the
/// key ``ItemIdentities/key(section:item:)`` gives, so an item keeps its size wherever a batch moves it.
///
/// A type of its own, not a flag in ``GridSizes``: a branch there, even never taken, cost every size a per-item flow
/// asks while preparing 13 to 26 instructions (the out-of-line call gave the size function a frame), and only update
/// traces need keys. ``ContentSpec/makeSizeProvider()`` picks this type when the content has identities.
public struct KeyedGridSizes: GridSizeProvider {
    /// The sizes of the keys.
    public let base: GridSizes
    /// The app's identities.
    public let identities: ItemIdentities

    /// Sizes of `base` through `identities`.
    public init(_ base: GridSizes, identities: ItemIdentities) {
        self.base = base
        self.identities = identities
    }

    /// The size of the item whose key is that of (`row`, `column`).
    ///
    /// - Complexity: O(runs in the section) (``ItemIdentities/key(section:item:)``).
    @inline(__always)
    public func size(row: Int, column: Int) -> Size {
        let key = identities.key(section: row, item: column)
        return base.size(row: key.section, column: key.item)
    }
}
