import Layouts

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
