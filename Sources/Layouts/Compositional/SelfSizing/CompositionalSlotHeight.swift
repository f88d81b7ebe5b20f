import LayoutModel

/// How one slot of a self-sizing group takes its height (the scroll axis) once the group's height is known: the
/// rules E1-E5 of `Guides/CompositionalLayout.md`, "Self-sizing".
public enum CompositionalSlotHeight: Hashable, Sendable {
    /// An estimated height: the cell's fitted height, the estimate until its cell is fitted; placed at the group's
    /// top inset, the item's own insets ignored on this axis (R4). It counts in its group's height.
    case estimated(Double)
    /// A fraction of the group's height after the group's insets (`fractionalHeight` inside an estimated group), less
    /// the item's top and bottom insets. It does not count in its group's height.
    case fractionOfGroup(Double, insetTop: Double, insetBottom: Double)
    /// A resolved height (absolute, or a fraction of a width): the slot as resolved. Its extent with the item's
    /// insets (`outer`) counts in its group's height.
    case fixed(outer: Double)
    /// An estimated height uniform across its siblings (E7): the tallest of its group's estimated and uniform
    /// slots' current heights (its own fitted height, or the estimate until its cell is fitted, among them), placed
    /// as an estimated slot. It counts in its group's height with its own current height, as an estimated slot.
    case uniform(Double)
}

/// How a resolved template self-sizes: whether its group's height follows its items, and what that needs.
///
/// A template self-sizes when its group's height is `.estimated`, the group is horizontal, it places its items by
/// its own rules (no ``CompositionalGroup/fixedSlots``) and the section scrolls with the layout (not orthogonally);
/// any other template keeps its estimates as final extents (R4) and its closed-form arithmetic.
public struct CompositionalTemplateSizing: Hashable, Sendable {
    /// Whether the template's groups take their heights from their items.
    public var selfSizes: Bool
    /// The group's top and bottom content insets.
    public var groupInsetTop: Double, groupInsetBottom: Double
    /// The group's estimated height less its insets: the height of a group none of whose items counts (E3).
    public var estimatedInner: Double
    /// The spacing between consecutive groups.
    public var interGroupSpacing: Double

    /// A template that keeps its closed-form arithmetic.
    public static let fixed = CompositionalTemplateSizing(selfSizes: false, groupInsetTop: 0, groupInsetBottom: 0,
                                                          estimatedInner: 0, interGroupSpacing: 0)

    /// How `section`'s template (resolved as `template`) self-sizes; for a self-sizing one, appends one
    /// ``CompositionalSlotHeight`` a slot to `heights` (parallel to the layout's slots), else appends nothing.
    ///
    /// - Complexity: O(slots of the group).
    static func of(_ section: CompositionalSection, template: CompositionalSectionTemplate,
                   slots: [Rect], heights: inout [CompositionalSlotHeight]) -> CompositionalTemplateSizing {
        let group = section.group
        guard case let .estimated(estimate) = group.size.height, group.axis == .horizontal, group.fixedSlots == nil,
              section.orthogonalScrollingBehavior == .none, template.itemsPerGroup > 0, !group.subitems.isEmpty
        else { return .fixed }
        let counted = group.count != nil
        for index in 0..<template.itemsPerGroup {
            let item = counted ? group.subitems[0] : group.subitems[index % group.subitems.count]
            let slot = slots[template.firstSlot + index]
            let insets = item.contentInsets
            switch item.size.height {
            case let .estimated(value):
                heights.append(.estimated(value))
            case let .uniformAcrossSiblings(value):
                heights.append(.uniform(value))
            case let .fractionalHeight(fraction):
                heights.append(.fractionOfGroup(fraction, insetTop: insets.top, insetBottom: insets.bottom))
            case .absolute, .fractionalWidth:
                heights.append(.fixed(outer: slot.size.height + insets.top + insets.bottom))
            }
        }
        let g = group.contentInsets
        return CompositionalTemplateSizing(selfSizes: true, groupInsetTop: g.top, groupInsetBottom: g.bottom,
                                           estimatedInner: estimate - g.top - g.bottom,
                                           interGroupSpacing: section.interGroupSpacing)
    }
}

extension CompositionalSlotHeight {
    /// The estimate of a slot whose cell is fitted (`estimated` or `uniform`), or `nil` for one that is never fitted.
    @inline(__always)
    var fittedEstimate: Double? {
        switch self {
        case let .estimated(estimate), let .uniform(estimate): estimate
        case .fractionOfGroup, .fixed: nil
        }
    }

    /// The height of a `uniform` slot among `slots` (a group's slots from the first): the tallest current height of
    /// the group's fitted slots (E7). `fitted(k)` is the `k`th item's fitted height, NaN while it is estimated.
    ///
    /// - Complexity: O(slots).
    @inline(__always)
    static func uniformHeight(_ heights: [CompositionalSlotHeight], slots: Range<Int>,
                              fitted: (Int) -> Double) -> Double {
        var tallest = -Double.infinity
        for (k, slot) in slots.enumerated() {
            guard let estimate = heights[slot].fittedEstimate else { continue }
            let height = fitted(k)
            tallest = Swift.max(tallest, height.isNaN ? estimate : height)
        }
        return tallest
    }
}
