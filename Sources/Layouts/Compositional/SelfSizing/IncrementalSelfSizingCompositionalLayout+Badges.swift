import LayoutModel

/// Badges on the `incremental` strategy (B9): the table filled at each reset, a self-sizing section's groups found
/// in its group tree and placed at their prefix sums, so a fit moves its badges at no cost to the resolution.
extension IncrementalSelfSizingCompositionalLayout {
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
        let counts = itemCounts, templateOf = sectionTemplates, table = self.table
        let elements = badges.fill(from: badging, count: count, environment: environment,
                                   templates: table.templates, slots: table.slots,
                                   templateOf: { Int(templateOf[$0]) }, itemsOf: { counts[$0] },
                                   recordOf: { record($0) })
        badges.widenForFits(count: count, templates: table.templates, slots: table.slots,
                            templateOf: { Int(templateOf[$0]) }, recordOf: { record($0) },
                            fits: { table.sizings[$0].selfSizes || table.templates[$0].headerFits
                                    || table.templates[$0].footerFits })
        return elements
    }

    /// Whether any section has badges: a read of the table's field, not a copy of the table.
    @inline(__always)
    var hasBadges: Bool { !badges.ofSection.isEmpty }

    /// The frame of group `group` of self-sizing section `index`: at its top (a prefix sum of its section's group
    /// tree), as tall as its items and insets make it now (E2), across the template's group width.
    ///
    /// - Complexity: O(log groups), O(items a group) more for a partial last group.
    func fittedGroupFrame(_ index: Int, group: Int, _ section: CompositionalSectionRecord) -> Rect {
        let template = table.templates[Int(section.template)]
        let sizing = table.sizings[Int(section.template)]
        let top = groupTop(index, group: group, contentStart: section.contentStart,
                           pitch: estimates[Int(section.template)].pitch)
        return Rect(x: template.groupX, y: top, width: template.groupWidth,
                    height: sizing.groupInsetTop + innerHeight(index, group: group, template, sizing)
                        + sizing.groupInsetBottom)
    }

    /// The first group whose bottom reaches `low` from the section's group tree (one group earlier, as the query's
    /// search), then the groups until one starts below `high`.
    ///
    /// - Complexity: O(log groups × (groups met + 1)).
    func fittedGroups(_ index: Int, _ section: CompositionalSectionRecord, low: Double, high: Double)
        -> (first: Int, last: Int)
    {
        let groupCount = Int(section.groupCount)
        let sizing = table.sizings[Int(section.template)]
        let pitch = estimates[Int(section.template)].pitch
        let found = groups.firstLine(index, reaching: low - section.contentStart + sizing.interGroupSpacing,
                                     pitch: pitch)
        let first = Swift.max(0, Swift.min(found, groupCount - 1) - 1)
        var last = first - 1
        while last + 1 < groupCount
            && groupTop(index, group: last + 1, contentStart: section.contentStart, pitch: pitch) <= high
        {
            last += 1
        }
        return (first, last)
    }
}
