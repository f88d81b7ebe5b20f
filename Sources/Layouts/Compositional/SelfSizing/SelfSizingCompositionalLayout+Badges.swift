import LayoutModel

/// Badges on the `full` strategy (B9): the table filled at each reset, a self-sizing section's groups found and
/// placed from the groups' tops the last pass laid out.
extension SelfSizingCompositionalLayout {
    /// The reset's part for badges: the table refilled (``refillBadges(count:environment:)``) when the provider badges
    /// or the table holds any, and ``hasSideElements`` set after the backgrounds, badges and layout-wide items. Out of line, so that the
    /// reset of a layout without badges stays as it was (inlined, `reset` grew past what the optimizer inlines into
    /// it: its arrays' `init(repeating:count:)` became a call, +0.6 instructions a cell, the gate's self-sizing list).
    ///
    /// - Returns: the badge elements of every section.
    /// - Complexity: O(1) without badges; otherwise ``refillBadges(count:environment:)``'s.
    @inline(never)
    func resetBadges(count: Int, environment: CompositionalEnvironment) -> Int {
        // Asked through the optional, not bound (a bound copy retains the provider: the UIKit layer's holds its
        // layout unowned).
        let badged = badging?.badgesSections ?? false
        let elements = badged || !badges.isEmpty ? refillBadges(count: count, environment: environment) : 0
        hasSideElements = !backgrounds.isEmpty || !badges.isEmpty || layoutWide != nil
        return elements
    }

    /// Asks the badging provider, if any, for every section's badges; empties the table otherwise. A template that
    /// self-sizes or fits its header or footer widens the reach as its frames' heights may become (B9).
    ///
    /// - Returns: the badge elements of every section (the elements recomputed).
    /// - Complexity: O(S) provider calls with a badging provider; O(1) otherwise.
    func refillBadges(count: Int, environment: CompositionalEnvironment) -> Int {
        guard let badging, badging.badgesSections else {
            if !badges.isEmpty { badges.removeAll() }
            return 0
        }
        let sections = self.sections, table = self.table
        let elements = badges.fill(from: badging, count: count, environment: environment,
                                   templates: table.templates, slots: table.slots,
                                   templateOf: { Int(sections[$0].template) }, itemsOf: { sections[$0].itemCount },
                                   recordOf: { sections[$0] })
        badges.widenForFits(count: count, templates: table.templates, slots: table.slots,
                            templateOf: { Int(sections[$0].template) }, recordOf: { sections[$0] },
                            fits: { table.sizings[$0].selfSizes || table.templates[$0].headerFits
                                    || table.templates[$0].footerFits })
        return elements
    }

    /// Whether any section has badges: a read of the table's field, not a copy of the table.
    @inline(__always)
    var hasBadges: Bool { !badges.ofSection.isEmpty }

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
