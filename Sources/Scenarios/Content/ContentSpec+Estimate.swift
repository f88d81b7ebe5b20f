extension ContentSpec {
    /// A memory estimate for a layout of this content that keeps `perItem` bytes an item (counting the largest
    /// section as ``CountDistribution/largestCount(mean:)`` does) and `perSection` bytes a section, plus a
    /// `1/headroom` share of both for allocator size classes, plus `extra` bytes: the arithmetic of
    /// ``LayoutFamily/estimatedBytes(for:storage:)``, checked for overflow. `Int.max` when it overflows.
    public func estimatedBytes(perItem: Int, perSection: Int, extra: Int = 0, headroom: Int = 4) -> Int {
        let (items, o1) = sections.multipliedReportingOverflow(by: counts.largestCount(mean: itemsPerSection))
        let (itemBytes, o2) = items.multipliedReportingOverflow(by: perItem)
        let (sectionBytes, o3) = sections.multipliedReportingOverflow(by: perSection)
        guard !(o1 || o2 || o3) else { return .max }
        var total = 0
        for part in [itemBytes, sectionBytes, extra, itemBytes / headroom, sectionBytes / headroom] {
            let (sum, overflow) = total.addingReportingOverflow(part)
            if overflow { return .max }
            total = sum
        }
        return total
    }
}
