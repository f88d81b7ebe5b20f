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
    /// An estimated extent, uniform across siblings, as `uniformAcrossSiblings(estimate:)` (iOS 17): an item's height
    /// in a self-sizing group grows to its tallest self-sizing sibling's (rule E7); anywhere else it is an estimate.
    case uniformAcrossSiblings(Double)

    /// The extent in a container whose effective size is `container`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func resolved(in container: Size) -> Double {
        switch self {
        case let .fractionalWidth(fraction): fraction * container.width
        case let .fractionalHeight(fraction): fraction * container.height
        case let .absolute(value), let .estimated(value), let .uniformAcrossSiblings(value): value
        }
    }

    /// Whether the dimension is estimated (`uniformAcrossSiblings` too).
    @inlinable
    public var isEstimated: Bool {
        switch self {
        case .estimated, .uniformAcrossSiblings: true
        case .fractionalWidth, .fractionalHeight, .absolute: false
        }
    }

    /// Equal kinds carrying equal numbers. Written out (the same as the derived one) so that it stays inlined into a
    /// group's and a section's comparison, which `CompositionalLayout.template(for:after:…)` runs for every section
    /// a `prepare()`: the derived one for five cases was called out of line (+24 instructions a section, the gate).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.kind == rhs.kind && lhs.value == rhs.value
    }

    /// The case, as a number.
    @inlinable
    var kind: Int {
        switch self {
        case .fractionalWidth: 0
        case .fractionalHeight: 1
        case .absolute: 2
        case .estimated: 3
        case .uniformAcrossSiblings: 4
        }
    }

    /// The number the dimension carries, to validate it.
    @inlinable
    public var value: Double {
        switch self {
        case let .fractionalWidth(v), let .fractionalHeight(v), let .absolute(v), let .estimated(v),
             let .uniformAcrossSiblings(v): v
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
