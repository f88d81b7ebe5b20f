/// The resolved extents of a self-sizing flow layout's lines and items, by section, so that a resolution costs
/// O(log lines) and a line's offset is a sum in O(log lines).
///
/// Every section has its own perfect binary tree over its lines (leaves padded with zeros), as ``OffsetTree`` has
/// over sections: a leaf is the line's extent minus the estimate's (0 while the line is estimated), and a node is
/// always `left + right`, recomputed up the path on a change. A line's offset in its section is a function of the
/// current leaves alone, so a layout that resolved its lines one at a time while scrolling places every line
/// exactly where a layout built knowing the same sizes does. All trees live in one ``ZeroedPages`` region, so a
/// section's tree costs nothing until one of its lines resolves, and no resolution allocates.
///
/// With more than one item a line, each item's fitted extent is kept too (a line's extent is its tallest item's),
/// in a second region, by item; an unresolved item reads as the bit pattern 0 (a resolved extent of 0 is stored as
/// -0.0).
struct FlowLineTrees {
    /// The trees: section `s`'s node `k` (1 the root, `capacity + j` line j's leaf) is at `treeBase[s] + k`.
    private(set) var nodes: ZeroedPages
    /// Where each section's tree starts, and (in the next entry) ends; each spans `2 * capacity` slots.
    private(set) var treeBase: [Int]
    /// The items' fitted extents, by `itemBase[s] + item`, with more than one item a line; else `nil`.
    private(set) var items: ZeroedPages?
    /// Where each section's items start.
    private(set) var itemBase: [Int]

    /// Empty trees for sections with `lineCounts` lines and `itemCounts` items, keeping items' extents when
    /// `keepsItems`.
    ///
    /// - Complexity: O(sections); the regions are mapped, not written.
    init(lineCounts: [Int], itemCounts: [Int], keepsItems: Bool) {
        var bases = [Int](), base = 0
        bases.reserveCapacity(lineCounts.count + 1)
        for lines in lineCounts {
            bases.append(base)
            base += 2 * Self.capacity(forLines: lines)
        }
        bases.append(base)
        treeBase = bases
        nodes = ZeroedPages(count: base)
        var itemBases = [Int](), itemTotal = 0
        if keepsItems {
            itemBases.reserveCapacity(itemCounts.count + 1)
            for count in itemCounts {
                itemBases.append(itemTotal)
                itemTotal += count
            }
            itemBases.append(itemTotal)
            items = ZeroedPages(count: itemTotal)
        } else {
            items = nil
        }
        itemBase = itemBases
    }

    /// The leaves of a tree over `lines` lines: a power of two, at least 1.
    @inline(__always)
    static func capacity(forLines lines: Int) -> Int {
        var capacity = 1
        while capacity < lines { capacity <<= 1 }
        return capacity
    }

    /// The number of leaves of section `section`'s tree.
    @inline(__always)
    func capacity(_ section: Int) -> Int { (treeBase[section + 1] - treeBase[section]) >> 1 }

    /// Line `line`'s extent minus the estimate's, in section `section`.
    @inline(__always)
    func delta(_ section: Int, line: Int) -> Double {
        nodes.base[treeBase[section] + capacity(section) + line]
    }

    /// The sum of every line's delta in section `section`.
    @inline(__always)
    func total(_ section: Int) -> Double { nodes.base[treeBase[section] + 1] }

    /// The sum of the deltas of lines `0..<line` of section `section` (the total for `line` at or past the capacity).
    ///
    /// - Complexity: O(log lines).
    @inline(__always)
    func prefix(_ section: Int, line: Int) -> Double {
        let capacity = capacity(section)
        let tree = nodes.base + treeBase[section]
        if line >= capacity { return tree[1] }
        var node = 1, low = 0, span = capacity, sum = 0.0
        while node < capacity {
            span >>= 1
            if line >= low + span {
                sum = sum + tree[2 * node]
                low += span
                node = 2 * node + 1
            } else {
                node = 2 * node
            }
        }
        return sum
    }

    /// Sets line `line`'s delta in section `section` and recomputes its ancestors.
    ///
    /// - Complexity: O(log lines).
    mutating func setDelta(_ delta: Double, section: Int, line: Int) {
        let capacity = capacity(section)
        let tree = nodes.base + treeBase[section]
        var node = capacity + line
        tree[node] = delta
        node >>= 1
        while node >= 1 {
            tree[node] = tree[2 * node] + tree[2 * node + 1]
            node >>= 1
        }
    }

    /// The first line `j` of section `section` with `(j + 1) * pitch + prefix(j + 1) >= target`: with lines
    /// `pitch` apart before resolution, the first line ending at or after `target - lineSpacing` relative to the
    /// first line's start. `capacity` or more when none does.
    ///
    /// - Complexity: O(log lines).
    @inline(__always)
    func firstLine(_ section: Int, reaching target: Double, pitch: Double) -> Int {
        if !(target > 0) { return 0 }
        let capacity = capacity(section)
        let tree = nodes.base + treeBase[section]
        if !(Double(capacity) * pitch + tree[1] >= target) { return capacity }
        var node = 1, low = 0, span = capacity, sum = 0.0
        while node < capacity {
            span >>= 1
            let candidate = sum + tree[2 * node]
            if Double(low + span) * pitch + candidate < target {
                sum = candidate
                low += span
                node = 2 * node + 1
            } else {
                node = 2 * node
            }
        }
        return low
    }

    /// Item `item`'s fitted extent in section `section`, or `nil` while it is estimated (or when items are not kept).
    @inline(__always)
    func itemExtent(_ section: Int, item: Int) -> Double? {
        guard let items else { return nil }
        let value = items.base[itemBase[section] + item]
        return value.bitPattern == 0 ? nil : Swift.abs(value)
    }

    /// Records item `item`'s fitted extent in section `section` (items must be kept).
    @inline(__always)
    mutating func setItemExtent(_ extent: Double, section: Int, item: Int) {
        guard let items else { return }
        items.base[itemBase[section] + item] = extent == 0 ? -0.0 : extent
    }

    /// The bytes the two regions map.
    var bytes: Int {
        nodes.bytes + (items?.bytes ?? 0) + (treeBase.capacity + itemBase.capacity) * MemoryLayout<Int>.stride
    }
}
