import LayoutModel
import Layouts

// A compositional layout that scrolls horizontally (`scrollDirection = .horizontal`) is the transpose of a vertical
// one (Guides/UIKitCompositional.md, "Horizontal scrolling", rules H1 to H10): the UIKit layer translates its sections
// as it translates a vertical layout's, in the layout's own coordinates, then hands the engine (which is vertical)
// their transpose, x and y swapped everywhere, and transposes back every frame, rect and size it answers. The engine
// is unchanged; a vertical layout never reaches this file.

extension Point {
    /// The point with x and y swapped.
    @inline(__always)
    var transposed: Point { Point(x: y, y: x) }
}

extension Size {
    /// The size with width and height swapped.
    @inline(__always)
    var transposed: Size { Size(width: height, height: width) }
}

extension Rect {
    /// The rect mirrored about the diagonal x = y: origin and size with x and y swapped (H1).
    @inline(__always)
    var transposed: Rect { Rect(x: origin.y, y: origin.x, width: size.height, height: size.width) }
}

extension EdgeInsets {
    /// The insets mirrored about the diagonal: top and leading swapped, bottom and trailing swapped (H3).
    var transposed: EdgeInsets { EdgeInsets(top: left, left: top, bottom: right, right: bottom) }
}

extension CompositionalDimension {
    /// The dimension along the other axis: a fraction of the container's width becomes one of its height and the
    /// reverse (the container is transposed too, so the extent is the same); points and estimates are kept (H2).
    var transposed: CompositionalDimension {
        switch self {
        case let .fractionalWidth(fraction): .fractionalHeight(fraction)
        case let .fractionalHeight(fraction): .fractionalWidth(fraction)
        case .absolute, .estimated, .uniformAcrossSiblings: self
        }
    }
}

extension CompositionalSize {
    /// The size with its dimensions swapped and each taken along the other axis (H2).
    var transposed: CompositionalSize { CompositionalSize(width: height.transposed, height: width.transposed) }
}

extension CompositionalItem {
    /// The item transposed: its size and content insets (H2, H3).
    var transposed: CompositionalItem {
        CompositionalItem(size: size.transposed, contentInsets: contentInsets.transposed)
    }
}

extension CompositionalGroup {
    /// The group transposed: a horizontal group becomes a vertical one and the reverse, its items, insets and fixed
    /// slots transposed, its count and spacing kept (H2, H3).
    var transposed: CompositionalGroup {
        var group = CompositionalGroup(axis: axis == .horizontal ? .vertical : .horizontal, size: size.transposed,
                                       subitems: subitems.map(\.transposed), count: count,
                                       interItemSpacing: interItemSpacing, contentInsets: contentInsets.transposed)
        group.fixedSlots = fixedSlots?.map(\.transposed)
        return group
    }
}

extension CompositionalBoundaryItem {
    /// The header or footer transposed: its size; a header stays the header (the section's leading edge becomes its
    /// top), a footer the footer (H4).
    var transposed: CompositionalBoundaryItem {
        var item = self
        item.size = size.transposed
        return item
    }
}

extension CompositionalSection {
    /// The section transposed: its group, insets, header and footer; the spacing between its groups kept (H1 to
    /// H4).
    var transposed: CompositionalSection {
        CompositionalSection(group: group.transposed, contentInsets: contentInsets.transposed,
                             interGroupSpacing: interGroupSpacing, header: header?.transposed,
                             footer: footer?.transposed, orthogonalScrollingBehavior: orthogonalScrollingBehavior)
    }
}

extension CompositionalRectEdges {
    /// The edges mirrored about the diagonal: top and leading swapped, bottom and trailing swapped (H5).
    var transposed: CompositionalRectEdges {
        var edges: CompositionalRectEdges = []
        if contains(.top) { edges.insert(.leading) }
        if contains(.leading) { edges.insert(.top) }
        if contains(.bottom) { edges.insert(.trailing) }
        if contains(.trailing) { edges.insert(.bottom) }
        return edges
    }
}

extension CompositionalAnchor {
    /// The anchor transposed: its edges, and its offset with x and y swapped (absolute or fractional) (H5).
    var transposed: CompositionalAnchor {
        isFractional ? CompositionalAnchor(edges: edges.transposed, fractionalOffset: offset.transposed)
            : CompositionalAnchor(edges: edges.transposed, absoluteOffset: offset.transposed)
    }
}

extension CompositionalSupplementaryItem {
    /// The badge transposed: its size and both anchors (H5).
    var transposed: CompositionalSupplementaryItem {
        var item = self
        item.size = size.transposed
        item.containerAnchor = containerAnchor.transposed
        item.itemAnchor = itemAnchor?.transposed
        return item
    }
}

extension CompositionalBadges {
    /// Every badge transposed (H5).
    var transposed: CompositionalBadges {
        CompositionalBadges(perSlot: perSlot.map { $0.map(\.transposed) }, group: group.map(\.transposed),
                            section: section.map(\.transposed))
    }
}

extension CompositionalDecorationItem {
    /// The background transposed: its content insets (H6).
    var transposed: CompositionalDecorationItem {
        var item = self
        item.contentInsets = contentInsets.transposed
        return item
    }
}
