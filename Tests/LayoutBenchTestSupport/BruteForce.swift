import Foundation
import LayoutModel

/// The brute-force reference every strategy is checked against: ask the layout for every item's attributes one by
/// one, and keep those whose frames intersect the rect according to Foundation's `CGRect.intersects`.
///
/// It shares no code with the rect-query strategies or with ``Rect/intersects(_:)``. Foundation traps on NaN
/// coordinates, so a rect with a NaN edge is answered as intersecting nothing (the documented behaviour of `Rect`).
package func bruteForceAttributes(
    in rect: Rect, layout: some CollectionLayout, sections: Int, itemsPerSection: Int
) -> [LayoutAttributes] {
    let edges = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
    if edges.contains(where: \.isNaN) { return [] }
    let query = cgRect(rect)
    var result: [LayoutAttributes] = []
    for section in 0..<sections {
        for item in 0..<itemsPerSection {
            guard let attributes = layout.attributesForItem(at: ElementPath(section: section, item: item)) else {
                continue
            }
            if cgRect(attributes.frame).intersects(query) { result.append(attributes) }
        }
    }
    return result.sorted()
}

/// The `CGRect` with the same origin and size.
public func cgRect(_ rect: Rect) -> CGRect {
    CGRect(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height)
}
