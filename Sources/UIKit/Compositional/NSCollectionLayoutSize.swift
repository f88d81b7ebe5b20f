import Layouts

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

    /// Whether either dimension is `uniformAcrossSiblings(estimate:)`.
    package var isUniformAcrossSiblings: Bool {
        widthDimension.isUniformAcrossSiblings || heightDimension.isUniformAcrossSiblings
    }

    /// The engine's size.
    package var engineSize: CompositionalSize {
        CompositionalSize(width: widthDimension.engineDimension, height: heightDimension.engineDimension)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSCollectionLayoutSize else { return false }
        return other.widthDimension.isEqual(widthDimension) && other.heightDimension.isEqual(heightDimension)
    }

    open override var hash: Int { engineSize.hashValue }
}
