/// The layout of one element of a collection view, as UIKit's `UICollectionViewLayoutAttributes`: a class, one
/// object per element, created through the layout's `layoutAttributesClass` so that a layout's own subclass comes
/// back from `super`.
///
/// The frame is stored; `center` and `size` are derived from it (setting `size` keeps the centre, as in UIKit), so
/// a frame read back is bit-for-bit the frame set. `transform` and `transform3D` are one value, as in UIKit: setting
/// either sets the other. Neither changes `frame`.
open class UICollectionViewLayoutAttributes: NSObject, NSCopying {
    /// Every base property, in one value: a copy or a comparison is one access, not one per property (each access
    /// to a class's stored property pays a dynamic exclusivity check).
    struct State: Equatable {
        var frame: CGRect = .zero
        var transform3D = CATransform3D.identity
        var alpha: CGFloat = 1
        var zIndex = 0
        var isHidden = false
        var indexPath = IndexPath()
        var category: UICollectionView.ElementCategory = .cell
        var kind: String?
    }

    @exclusivity(unchecked) var state = State()

    /// What an engine-backed layout writes on an element's kept object at every answer: every base value but the
    /// element's identity (index path, category, kind), in one trivially copyable value.
    struct Values {
        var frame: CGRect
        var transform3D = CATransform3D.identity
        var alpha: CGFloat = 1
        var zIndex = 0
        var isHidden = false
    }

    /// Writes `values` in one access to the stored state (``Values``).
    @inline(__always)
    final func write(_ values: Values) { Self.write(values, into: &state) }

    @inline(__always)
    private static func write(_ values: Values, into state: inout State) {
        state.frame = values.frame
        state.transform3D = values.transform3D
        state.alpha = values.alpha
        state.zIndex = values.zIndex
        state.isHidden = values.isHidden
    }

    /// Makes the object the element at `indexPath` of `category` and `kind`, in one access to the stored state (an
    /// engine-backed layout's object taken by another element).
    @inline(__always)
    final func setIdentity(indexPath: IndexPath, category: UICollectionView.ElementCategory, kind: String?) {
        Self.setIdentity(indexPath, category, kind, into: &state)
    }

    @inline(__always)
    private static func setIdentity(_ indexPath: IndexPath, _ category: UICollectionView.ElementCategory,
                                    _ kind: String?, into state: inout State) {
        state.indexPath = indexPath
        state.category = category
        state.kind = kind
    }

    /// `body` over the stored state, read in one access and in place (the bridge's reading of a base-class object).
    @inline(__always)
    final func readingState<R>(_ body: (UnsafePointer<State>) -> R) -> R {
        withUnsafeMutablePointer(to: &state) { body(UnsafePointer($0)) }
    }

    /// The frame in content coordinates.
    open var frame: CGRect {
        get { state.frame }
        set { state.frame = newValue }
    }
    /// The centre of the frame.
    open var center: CGPoint {
        get { CGPoint(x: state.frame.midX, y: state.frame.midY) }
        set {
            state.frame.origin = CGPoint(x: newValue.x - state.frame.width / 2, y: newValue.y - state.frame.height / 2)
        }
    }
    /// The frame's size; setting it keeps the centre.
    open var size: CGSize {
        get { state.frame.size }
        set {
            let c = center
            frame = CGRect(x: c.x - newValue.width / 2, y: c.y - newValue.height / 2, width: newValue.width,
                           height: newValue.height)
        }
    }
    /// A rect of the frame's size at the origin; setting it sets the size.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: state.frame.size) }
        set { size = newValue.size }
    }
    /// The 3-D transform; setting ``transform`` sets it too.
    open var transform3D: CATransform3D {
        get { state.transform3D }
        set { state.transform3D = newValue }
    }
    /// The affine part of ``transform3D``.
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }
    /// The opacity, 0 to 1.
    open var alpha: CGFloat {
        get { state.alpha }
        set { state.alpha = newValue }
    }
    /// The stacking order; higher draws on top.
    open var zIndex: Int {
        get { state.zIndex }
        set { state.zIndex = newValue }
    }
    /// Whether the element is hidden.
    open var isHidden: Bool {
        get { state.isHidden }
        set { state.isHidden = newValue }
    }
    /// The element's index path; empty after a bare `init()` until set.
    open var indexPath: IndexPath {
        get { state.indexPath }
        set { state.indexPath = newValue }
    }
    /// Cell, supplementary view or decoration view.
    open var representedElementCategory: UICollectionView.ElementCategory { state.category }
    /// The supplementary or decoration kind; `nil` for a cell.
    open var representedElementKind: String? { state.kind }

    /// A new object of `type` (through its required `init()`, as `layoutAttributesClass` is used) for an element.
    static func make(_ type: UICollectionViewLayoutAttributes.Type, category: UICollectionView.ElementCategory,
                     kind: String?, indexPath: IndexPath) -> UICollectionViewLayoutAttributes {
        let object = type.init()
        object.state.indexPath = indexPath
        object.state.category = category
        object.state.kind = kind
        return object
    }

    /// Attributes of a cell with an empty index path and a zero frame.
    public required override init() {
        Self.createdOnThisThread.pointee &+= 1
        super.init()
    }

    /// The per-thread count behind ``objectsCreated``: a thread's own, so that layouts prepared on other threads at
    /// the same time (tests run in parallel) do not add to the `prepare()` being counted. Made on a thread's first
    /// object and freed with the thread.
    private static let createdKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { $0?.assumingMemoryBound(to: Int.self).deallocate() }
        precondition(status == 0, "pthread_key_create failed (\(status)): no thread-specific keys left")
        return key
    }()

    private static var createdOnThisThread: UnsafeMutablePointer<Int> {
        if let existing = pthread_getspecific(createdKey) { return existing.assumingMemoryBound(to: Int.self) }
        let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        counter.initialize(to: 0)
        pthread_setspecific(createdKey, counter)
        return counter
    }

    /// How many attributes objects this thread has created: the bridge reports the difference across a
    /// `prepare()` (which runs on one thread) as the elements it recomputed.
    package static var objectsCreated: Int { createdOnThisThread.pointee }

    /// Attributes of the cell at `indexPath`.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        state.indexPath = indexPath
    }

    /// Attributes of the supplementary view of `elementKind` at `indexPath`.
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        state.indexPath = indexPath
        state.category = .supplementaryView
        state.kind = elementKind
    }

    /// Attributes of the decoration view of `decorationViewKind` at `indexPath`.
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        state.indexPath = indexPath
        state.category = .decorationView
        state.kind = decorationViewKind
    }

    /// A copy of the same class, made with `type(of: self).init()` and every property set: subclasses override it,
    /// call `super` and copy their own properties into the result.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.state = state
        return copy
    }

    /// `copy(with: nil)`, without Foundation's dynamic cast to `NSCopying` (a protocol-conformance lookup on every
    /// call), since every attributes object copies itself.
    open override func copy() -> Any { copy(with: nil) }

    /// Equal when of the same class with every property equal; subclasses override it, compare their own
    /// properties and call `super`.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UICollectionViewLayoutAttributes, type(of: other) == type(of: self) else {
            return false
        }
        return state == other.state
    }

    /// Hashes the index path, the category and the kind.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(state.indexPath)
        hasher.combine(state.category)
        hasher.combine(state.kind)
        return hasher.finalize()
    }

    /// `<Class: index path (s, i); frame = (x y; w h); zIndex = z>`, close to UIKit's description.
    open override var description: String {
        let kindText = state.kind.map { "; kind = \($0)" } ?? ""
        let path = indexPath.count == 2 ? "(\(indexPath.section), \(indexPath.item))" : "\(indexPath)"
        return "<\(type(of: self)): index path: \(path); frame = (\(frame.minX) "
            + "\(frame.minY); \(frame.width) \(frame.height))\(kindText); zIndex = \(zIndex)>"
    }
}
