import LayoutModel

/// Badges on the `full` strategy (B9): the table filled at each reset, a self-sizing section's groups found and
/// placed from the groups' tops the last pass laid out.
extension SelfSizingCompositionalLayout {
    /// The reset's part for backgrounds and badges, for a layout with extras: the backgrounds filled when the
    /// provider decorates (D1-D4), the badge table refilled (``refillBadges(_:count:environment:)``) when it badges
    /// or the table holds any (B9), and ``hasSideElements`` set after them and the layout-wide items. Out of line, so
    /// that the reset of a layout without them stays as it was (inlined, `reset` grew past what the optimizer
    /// inlines into it: its arrays' `init(repeating:count:)` became a call, +0.6 instructions a cell).
    ///
    /// - Complexity: O(1) without backgrounds and badges; otherwise O(S) provider calls.
    @inline(never)
    func resetSideTables(_ extras: SelfSizingExtras, count: Int, environment: CompositionalEnvironment) {
        // Asked through the optional, not bound (a bound copy retains the provider: the UIKit layer's holds its
        // layout unowned).
        if extras.decorating?.decoratesSections ?? false, let decorating = extras.decorating {
            extras.decoratedSections = extras.backgrounds.fill(from: decorating, count: count,
                                                               environment: environment,
                                                               width: environment.containerSize.width)
        } else if !extras.backgrounds.isEmpty {
            extras.backgrounds.removeAll()
            extras.decoratedSections = 0
        }
        let badged = extras.badging?.badgesSections ?? false
        extras.badgeElements = badged || !extras.badges.isEmpty
            ? refillBadges(extras, count: count, environment: environment) : 0
        hasSideElements = !extras.backgrounds.isEmpty || !extras.badges.isEmpty || layoutWide != nil
    }

    /// Asks the badging provider, if any, for every section's badges; empties the table otherwise. A template that
    /// self-sizes or fits its header or footer widens the reach as its frames' heights may become (B9).
    ///
    /// - Returns: the badge elements of every section (the elements recomputed).
    /// - Complexity: O(S) provider calls with a badging provider; O(1) otherwise.
    func refillBadges(_ extras: SelfSizingExtras, count: Int, environment: CompositionalEnvironment) -> Int {
        guard let badging = extras.badging, badging.badgesSections else {
            if !extras.badges.isEmpty { extras.badges.removeAll() }
            return 0
        }
        let sections = self.sections, table = self.table
        let elements = extras.badges.fill(from: badging, count: count, environment: environment,
                                          templates: table.templates, slots: table.slots,
                                          templateOf: { Int(sections[$0].template) },
                                          itemsOf: { sections[$0].itemCount }, recordOf: { sections[$0] })
        extras.badges.widenForFits(count: count, templates: table.templates, slots: table.slots,
                                   templateOf: { Int(sections[$0].template) }, recordOf: { sections[$0] },
                                   fits: { table.sizings[$0].selfSizes || table.templates[$0].headerFits
                                           || table.templates[$0].footerFits })
        return elements
    }

    /// The frame of group `group` of self-sizing section `index`: from its top, as tall as its items and insets make
    /// it now (E2), across the template's group width.
    ///
    /// - Complexity: O(items a group).
    func fittedGroupFrame(_ index: Int, group: Int, _ section: CompositionalSectionRecord) -> Rect {
        let template = table.templates[Int(section.template)]
        return Rect(x: template.groupX, y: groupTops[firstGroup[index] + group], width: template.groupWidth,
                    height: groupHeight(index, group: group, template, table.sizings[Int(section.template)]))
    }

    /// Binary search over the groups' tops for the first group whose bottom reaches `low`, then the groups until
    /// one starts below `high`.
    ///
    /// - Complexity: O(log groups + groups met).
    func fittedGroups(_ index: Int, _ section: CompositionalSectionRecord, low: Double, high: Double)
        -> (first: Int, last: Int)
    {
        let groups = Int(section.groupCount), base = firstGroup[index]
        let spacing = table.sizings[Int(section.template)].interGroupSpacing
        var first = 0, end = groups
        while first < end {
            let mid = (first + end) >> 1
            if groupTops[base + mid + 1] - spacing < low { first = mid + 1 } else { end = mid }
        }
        var last = first - 1
        while last + 1 < groups && groupTops[base + last + 1] <= high { last += 1 }
        return (first, last)
    }
}
