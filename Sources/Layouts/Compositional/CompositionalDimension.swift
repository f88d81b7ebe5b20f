import LayoutModel

/// One dimension of a compositional element, as `NSCollectionLayoutDimension`.
///
/// A fraction resolves against its container's effective size: the container's size after the container's content
/// insets (the section's for a group or a boundary item, the group's for an item).
public enum CompositionalDimension: Hashable, Sendable {
    /// A fraction of the container's effective width.
    case fractionalWidth(Double)
    /// A fraction of the container's effective height.
    case fractionalHeight(Double)
    /// A fixed extent in points.
    case absolute(Double)
    /// An estimated extent in points. Without self-sizing cells the estimate is the extent, and content insets on
    /// this axis are ignored, as UIKit documents.
    case estimated(Double)

    /// The extent in a container whose effective size is `container`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func resolved(in container: Size) -> Double {
        switch self {
        case let .fractionalWidth(fraction): fraction * container.width
        case let .fractionalHeight(fraction): fraction * container.height
        case let .absolute(value), let .estimated(value): value
        }
    }

    /// Whether the dimension is estimated.
    @inlinable
    public var isEstimated: Bool {
        if case .estimated = self { return true }
        return false
    }

    /// The number the dimension carries, to validate it.
    public var value: Double {
        switch self {
        case let .fractionalWidth(v), let .fractionalHeight(v), let .absolute(v), let .estimated(v): v
        }
    }
}

/// The width and height of a compositional element, as `NSCollectionLayoutSize`.
public struct CompositionalSize: Hashable, Sendable {
    /// The width.
    public var width: CompositionalDimension
    /// The height.
    public var height: CompositionalDimension

    /// Creates a size.
    public init(width: CompositionalDimension, height: CompositionalDimension) {
        self.width = width
        self.height = height
    }

    /// The size in a container whose effective size is `container`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func resolved(in container: Size) -> Size {
        Size(width: width.resolved(in: container), height: height.resolved(in: container))
    }
}
