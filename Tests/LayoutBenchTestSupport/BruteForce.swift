import Foundation
import LayoutModel
import Layouts

// The brute-force reference every strategy is checked against, in two steps: `allAttributes(of:counts:)` asks the
// layout for every element one by one, and `bruteForceFilter(_:in:contract:)` keeps those whose frames intersect
// the rect by Foundation's `CGRect.intersects` (or CoreGraphics' rule for UIKit code), sorted. It shares no code with
// the rect-query strategies or with `Rect.intersects(_:)`.

/// Every element of `layout` at its last `prepare()`: each item through `attributesForItem`, and each supplementary
/// element that an infinite query of the reference variant names, asked again through
/// `attributesForSupplementaryElement`.
public func allAttributes(of layout: any MeasuredLayout, counts: ItemCounts) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    for section in 0..<counts.numberOfSections {
        for item in 0..<counts.numberOfItems(inSection: section) {
            if let attributes = layout.attributesForItem(at: ElementPath(section: section, item: item)) {
                result.append(attributes)
            }
        }
    }
    var everything: [LayoutAttributes] = []
    layout.attributesForElements(in: Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300), into: &everything,
                                 using: layout.referenceVariant)
    for element in everything where element.kind.category != .cell {
        // A decoration through its own per-element call where the layout answers it (UIKit's default answers nil:
        // then the rect query is the authority).
        if let again = element.kind.category == .supplementary
            ? layout.attributesForSupplementaryElement(ofKind: element.kind, at: element.path)
            : layout.attributesForDecorationView(ofKind: element.kind, at: element.path) ?? element
        {
            result.append(again)
        }
    }
    return result
}

/// The elements of `all` whose frames intersect `rect`, sorted: for a robust layout by swift-corelibs-foundation's
/// `CGRect.intersects` (closed edges), a rect with a NaN edge intersecting nothing; for UIKit code by CoreGraphics'
/// rule on Apple platforms, computed here from the rule itself (touching or zero-size rects do not intersect).
public func bruteForceFilter(_ all: [LayoutAttributes], in rect: Rect, contract: RectContract = .robust)
    -> [LayoutAttributes]
{
    let edges = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
    if edges.contains(where: \.isNaN) { return [] }
    switch contract {
    case .robust:
        let query = cgRect(rect)
        return all.filter { cgRect($0.frame).intersects(query) }.sorted()
    case .uikit:
        // Apple's rule, written out independently of `Rect.overlapsByCoreGraphicsRule`: the standardised spans
        // overlap by a positive length on both axes.
        let q = rect.standardized
        return all.filter { element in
            let f = element.frame.standardized
            return Swift.max(f.origin.x, q.origin.x) < Swift.min(f.origin.x + f.size.width, q.origin.x + q.size.width)
                && Swift.max(f.origin.y, q.origin.y) < Swift.min(f.origin.y + f.size.height, q.origin.y + q.size.height)
        }.sorted()
    }
}

/// The `CGRect` with the same origin and size.
public func cgRect(_ rect: Rect) -> CGRect {
    CGRect(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height)
}
