import LayoutModel
import Layouts

/// One dimension of a compositional element, as UIKit's `NSCollectionLayoutDimension`: a fraction of the
/// container's width or height, an absolute extent, or an estimate (taken as the extent: there are no self-sizing
/// cells here). Backed by ``Layouts/CompositionalDimension``.
open class NSCollectionLayoutDimension: NSObject {
    /// The engine's dimension.
    package let engineDimension: CompositionalDimension

    package init(_ dimension: CompositionalDimension) {
        engineDimension = dimension
        super.init()
    }

    /// A fraction of the container's effective width.
    open class func fractionalWidth(_ fractionalWidth: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.fractionalWidth(Double(fractionalWidth)))
    }

    /// A fraction of the container's effective height.
    open class func fractionalHeight(_ fractionalHeight: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.fractionalHeight(Double(fractionalHeight)))
    }

    /// An extent in points.
    open class func absolute(_ absoluteDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.absolute(Double(absoluteDimension)))
    }

    /// An estimated extent in points; without self-sizing cells it is the extent.
    open class func estimated(_ estimatedDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.estimated(Double(estimatedDimension)))
    }

    open var isFractionalWidth: Bool {
        if case .fractionalWidth = engineDimension { return true }
        return false
    }

    open var isFractionalHeight: Bool {
        if case .fractionalHeight = engineDimension { return true }
        return false
    }

    open var isAbsolute: Bool {
        if case .absolute = engineDimension { return true }
        return false
    }

    open var isEstimated: Bool { engineDimension.isEstimated }

    /// The fraction, the points or the estimate.
    open var dimension: CGFloat { CGFloat(engineDimension.value) }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? NSCollectionLayoutDimension)?.engineDimension == engineDimension
    }

    open override var hash: Int { engineDimension.hashValue }

    open override var description: String { "NSCollectionLayoutDimension(\(engineDimension))" }
}

/// A width and a height, as UIKit's `NSCollectionLayoutSize`.
open class NSCollectionLayoutSize: NSObject {
    open private(set) var widthDimension: NSCollectionLayoutDimension
    open private(set) var heightDimension: NSCollectionLayoutDimension

    /// Creates a size.
    public init(widthDimension width: NSCollectionLayoutDimension,
                heightDimension height: NSCollectionLayoutDimension) {
        widthDimension = width
        heightDimension = height
        super.init()
    }

    /// The engine's size.
    package var engineSize: CompositionalSize {
        CompositionalSize(width: widthDimension.engineDimension, height: heightDimension.engineDimension)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? NSCollectionLayoutSize)?.engineSize == engineSize
    }

    open override var hash: Int { engineSize.hashValue }
}

/// The spacing between a group's items, as UIKit's `NSCollectionLayoutSpacing`: exactly this many points, or at
/// least this many with the group's leftover space shared out.
open class NSCollectionLayoutSpacing: NSObject {
    /// The engine's spacing.
    package let engineSpacing: CompositionalSpacing

    package init(_ spacing: CompositionalSpacing) {
        engineSpacing = spacing
        super.init()
    }

    /// Exactly `fixedSpacing` points.
    open class func fixed(_ fixedSpacing: CGFloat) -> NSCollectionLayoutSpacing {
        NSCollectionLayoutSpacing(.fixed(Double(fixedSpacing)))
    }

    /// At least `flexibleSpacing` points.
    open class func flexible(_ flexibleSpacing: CGFloat) -> NSCollectionLayoutSpacing {
        NSCollectionLayoutSpacing(.flexible(Double(flexibleSpacing)))
    }

    open var spacing: CGFloat { CGFloat(engineSpacing.minimum) }

    open var isFixedSpacing: Bool {
        if case .fixed = engineSpacing { return true }
        return false
    }

    open var isFlexibleSpacing: Bool {
        if case .flexible = engineSpacing { return true }
        return false
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? NSCollectionLayoutSpacing)?.engineSpacing == engineSpacing
    }

    open override var hash: Int { engineSpacing.hashValue }
}

extension EdgeInsets {
    /// The insets of `NSDirectionalEdgeInsets` in a left-to-right layout.
    package init(_ insets: NSDirectionalEdgeInsets) {
        self.init(top: Double(insets.top), left: Double(insets.leading), bottom: Double(insets.bottom),
                  right: Double(insets.trailing))
    }
}
