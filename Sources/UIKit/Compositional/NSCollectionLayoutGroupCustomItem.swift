/// What a custom group's item provider answers, as UIKit's `NSCollectionLayoutGroupCustomItemProvider`: the frames
/// of the group's items, in the order they are numbered, relative to the group's origin. UIKit calls it for each
/// group it lays out, with an environment whose container is the group (Guides/UIKitCompositional.md, "Custom
/// groups", C1 to C6, for when it is called here).
public typealias NSCollectionLayoutGroupCustomItemProvider =
    (any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]

/// One item of a custom group, as UIKit's `NSCollectionLayoutGroupCustomItem`: its frame relative to the group's
/// origin, and its z-index.
open class NSCollectionLayoutGroupCustomItem: NSObject, NSCopying {
    /// The item's frame, relative to the group's origin.
    open private(set) var frame: CGRect
    /// The item's z-index (0 unless given).
    open private(set) var zIndex: Int

    /// An item at `frame`, at z-index 0.
    public convenience init(frame: CGRect) {
        self.init(frame: frame, zIndex: 0)
    }

    /// An item at `frame`, at `zIndex`.
    public init(frame: CGRect, zIndex: Int) {
        self.frame = frame
        self.zIndex = zIndex
        super.init()
    }

    /// A copy with the same frame and z-index.
    open func copy(with zone: NSZone? = nil) -> Any {
        NSCollectionLayoutGroupCustomItem(frame: frame, zIndex: zIndex)
    }
}
