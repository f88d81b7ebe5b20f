import Synchronization

/// The layout of one element of a collection view, as UIKit's `UICollectionViewLayoutAttributes`: a class, one
/// object per element, created through the layout's `layoutAttributesClass` so that a layout's own subclass comes
/// back from `super`.
///
/// The frame is stored; `center` and `size` are derived from it (setting `size` keeps the centre, as in UIKit), so
/// a frame read back is bit-for-bit the frame set. `transform` and `transform3D` are one value, as in UIKit: setting
/// either sets the other. Neither changes `frame`.
open class UICollectionViewLayoutAttributes: NSObject, NSCopying {
    /// The frame in content coordinates.
    open var frame: CGRect = .zero
    /// The centre of the frame.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    /// The frame's size; setting it keeps the centre.
    open var size: CGSize {
        get { frame.size }
        set {
            let c = center
            frame = CGRect(x: c.x - newValue.width / 2, y: c.y - newValue.height / 2, width: newValue.width,
                           height: newValue.height)
        }
    }
    /// A rect of the frame's size at the origin; setting it sets the size.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { size = newValue.size }
    }
    /// The 3-D transform; setting ``transform`` sets it too.
    open var transform3D: CATransform3D = CATransform3DIdentity
    /// The affine part of ``transform3D``.
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }
    open var alpha: CGFloat = 1
    open var zIndex = 0
    open var isHidden = false
    /// The element's index path.
    open var indexPath = IndexPath(item: 0, section: 0)
    /// Cell, supplementary view or decoration view.
    open var representedElementCategory: UICollectionView.ElementCategory { category }
    /// The supplementary or decoration kind; `nil` for a cell.
    open var representedElementKind: String? { kind }

    var category: UICollectionView.ElementCategory = .cell
    var kind: String?

    /// A new object of `type` (through its required `init()`, as `layoutAttributesClass` is used) for an element.
    static func make(_ type: UICollectionViewLayoutAttributes.Type, category: UICollectionView.ElementCategory,
                     kind: String?, indexPath: IndexPath) -> UICollectionViewLayoutAttributes {
        let object = type.init()
        object.indexPath = indexPath
        object.category = category
        object.kind = kind
        return object
    }

    /// Attributes of a cell at [0, 0] with a zero frame.
    public required override init() {
        Self.created.add(1, ordering: .relaxed)
        super.init()
    }

    private static let created = Atomic<Int>(0)

    /// How many attributes objects this process has created: the bridge reports the difference across a
    /// `prepare()` as the elements it recomputed.
    package static var objectsCreated: Int { created.load(ordering: .relaxed) }

    /// Attributes of the cell at `indexPath`.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }

    /// Attributes of the supplementary view of `elementKind` at `indexPath`.
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        category = .supplementaryView
        kind = elementKind
    }

    /// Attributes of the decoration view of `decorationViewKind` at `indexPath`.
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        category = .decorationView
        kind = decorationViewKind
    }

    /// A copy of the same class, made with `type(of: self).init()` and every property set: subclasses override it,
    /// call `super` and copy their own properties into the result.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.frame = frame
        copy.transform3D = transform3D
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        copy.indexPath = indexPath
        copy.category = category
        copy.kind = kind
        return copy
    }

    /// Equal when of the same class with every property equal; subclasses override it, compare their own
    /// properties and call `super`.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UICollectionViewLayoutAttributes, type(of: other) == type(of: self) else {
            return false
        }
        return frame == other.frame && transform3D == other.transform3D && alpha == other.alpha
            && zIndex == other.zIndex && isHidden == other.isHidden && indexPath == other.indexPath
            && category == other.category && kind == other.kind
    }

    /// Hashes the index path, the category and the kind.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(indexPath)
        hasher.combine(category)
        hasher.combine(kind)
        return hasher.finalize()
    }

    /// `<Class: index path (s, i); frame = (x y; w h); zIndex = z>`, close to UIKit's description.
    open override var description: String {
        let kindText = kind.map { "; kind = \($0)" } ?? ""
        return "<\(type(of: self)): index path: (\(indexPath.section), \(indexPath.item)); frame = (\(frame.minX) "
            + "\(frame.minY); \(frame.width) \(frame.height))\(kindText); zIndex = \(zIndex)>"
    }
}
