import LayoutModel

/// Badges on the `incremental` strategy (B9): the table filled at each reset, a self-sizing section's groups found
/// in its group tree and placed at their prefix sums, so a fit moves its badges at no cost to the resolution.
extension IncrementalSelfSizingCompositionalLayout {
    /// The reset's part for backgrounds and badges: the provider's roles taken the first pass it decorates or
    /// badges (a layout made of a provider of a known type), then with extras the backgrounds filled when the
    /// provider decorates (D1-D4), the badge table refilled (``refillBadges(_:count:environment:)``) when it badges
    /// or the table holds any (B9); ``hasSideElements`` set after them and the layout-wide items. Out of line, so
    /// that the reset of a layout without them stays as it was (inlined, `reset` grew past what the optimizer
    /// inlines into it: its arrays' `init(repeating:count:)` became a call, +0.6 instructions a cell).
    ///
    /// - Returns: the background and badge elements of every section.
    /// - Complexity: O(1) without backgrounds and badges; otherwise O(S) provider calls.
    @inline(never)
    func resetSideTables(count: Int, environment: CompositionalEnvironment) -> Int {
        if let sideRoles, SelfSizingExtras.takeRoles(sideRoles, of: provider, into: &extras) { self.sideRoles = nil }
        guard let extras else {
            hasSideElements = layoutWide != nil
            return 0
        }
        var elements = 0
        // Asked through the optional, not bound (a bound copy retains the provider: the UIKit layer's holds its
        // layout unowned).
        if extras.decorating?.decoratesSections ?? false, let decorating = extras.decorating {
            elements += extras.backgrounds.fill(from: decorating, count: count, environment: environment,
                                                width: environment.containerSize.width)
        } else if !extras.backgrounds.isEmpty {
            extras.backgrounds.removeAll()
        }
        let badged = extras.badging?.badgesSections ?? false
        if badged || !extras.badges.isEmpty { elements += refillBadges(extras, count: count, environment: environment) }
        hasSideElements = !extras.backgrounds.isEmpty || !extras.badges.isEmpty || layoutWide != nil
        return elements
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
        let counts = itemCounts, templateOf = sectionTemplates, table = self.table
        let elements = extras.badges.fill(from: badging, count: count, environment: environment,
                                          templates: table.templates, slots: table.slots,
                                          templateOf: { Int(templateOf[$0]) }, itemsOf: { counts[$0] },
                                          recordOf: { record($0) })
        extras.badges.widenForFits(count: count, templates: table.templates, slots: table.slots,
                                   templateOf: { Int(templateOf[$0]) }, recordOf: { record($0) },
                                   fits: { table.sizings[$0].selfSizes || table.templates[$0].headerFits
                                           || table.templates[$0].footerFits })
        return elements
    }

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
