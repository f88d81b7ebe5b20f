// UIKit's additions to `IndexPath` and `NSIndexPath`: a two-index path read as (section, item) or (section, row).

extension IndexPath {
    /// A path to `item` in `section`, as UIKit's `IndexPath(item:section:)`. Built index by index, so that the path
    /// is stored inline (Foundation keeps one or two indexes without an array) and making it allocates nothing.
    public init(item: Int, section: Int) {
        self.init(index: section)
        append(item)
    }

    /// A path to `row` in `section`, as UIKit's `IndexPath(row:section:)`.
    public init(row: Int, section: Int) { self.init(item: row, section: section) }

    /// The section: the first index. Reading it from a path with no index is a programming error, as in UIKit.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The item: the second index. Reading it from a path with fewer than two indexes is a programming error.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The row: the second index, as `item`.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}

extension NSIndexPath {
    /// A path to `item` in `section`, as UIKit's `NSIndexPath(item:section:)`.
    public convenience init(item: Int, section: Int) {
        self.init(indexes: [section, item], length: 2)
    }

    /// A path to `row` in `section`, as UIKit's `NSIndexPath(row:section:)`.
    public convenience init(row: Int, section: Int) {
        self.init(indexes: [section, row], length: 2)
    }

    /// The section: the first index.
    public var section: Int { index(atPosition: 0) }

    /// The item: the second index.
    public var item: Int { index(atPosition: 1) }

    /// The row: the second index.
    public var row: Int { index(atPosition: 1) }
}
