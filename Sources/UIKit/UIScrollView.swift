/// A scroll view, as UIKit's `UIScrollView`: the content offset is the bounds' origin.
open class UIScrollView: UIView {
    /// How fast a fling slows, as UIKit's `UIScrollView.DecelerationRate`.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        /// The fraction of velocity kept per millisecond.
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// UIKit's 0.998.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// UIKit's 0.99.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// How the safe area adjusts the content inset, as UIKit's `UIScrollView.ContentInsetAdjustmentBehavior`.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        case automatic, scrollableAxes, never, always
    }

    /// The point of the content at the top-left of the bounds: the bounds' origin.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }
    /// The size of the content.
    open var contentSize: CGSize = .zero
    /// Space around the content.
    open var contentInset: UIEdgeInsets = .zero
    /// The content inset plus the safe area's: there is no safe area here, so the content inset.
    open var adjustedContentInset: UIEdgeInsets { contentInset }
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
    open var decelerationRate: DecelerationRate = .normal
    open var isPagingEnabled = false
    open var isScrollEnabled = true
    open var bounces = true
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    /// There is no touch here: never dragging.
    open var isDragging: Bool { false }
    /// Never tracking.
    open var isTracking: Bool { false }
    /// Never decelerating.
    open var isDecelerating: Bool { false }

    /// Moves the bounds' origin; there is no animation.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        bounds.origin = contentOffset
    }
}
