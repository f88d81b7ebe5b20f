/// The sections' extents along the scroll axis in a perfect binary tree (leaves padded with zeros), with the widest
/// element of each section in a second tree of maxima: a section's offset is a prefix sum in O(log sections), and a
/// changed extent costs O(log sections).
///
/// A node is always `left + right`, recomputed up the path on a change, never adjusted by a delta. So a prefix sum
/// is a function of the current extents alone (and not of the history of updates that led to them): a layout
/// updated by a thousand batches places every section at exactly the offset a freshly built one computes. Padding
/// leaves are zero, and `x + 0 == x` exactly, so the capacity does not change any sum either.
struct OffsetTree: Sendable {
    /// The number of leaves in use.
    private(set) var count = 0
    /// A power of two, at least `count` and 1.
    private var capacity = 1
    /// `sums[capacity + i]` is leaf i; `sums[k] == sums[2k] + sums[2k + 1]`.
    private var sums: [Double] = [0, 0]
    /// The same shape, with `max` for `+`.
    private var maxima: [Double] = [0, 0]

    /// Rebuilds the tree over `count` leaves whose values `leaf(i)` gives.
    ///
    /// - Complexity: O(count), allocating only when the capacity must grow.
    mutating func rebuild(count: Int, _ leaf: (Int) -> (extent: Double, widest: Double)) {
        var newCapacity = 1
        while newCapacity < count { newCapacity <<= 1 }
        if newCapacity != capacity || sums.count != 2 * newCapacity {
            capacity = newCapacity
            sums = [Double](repeating: 0, count: 2 * newCapacity)
            maxima = [Double](repeating: 0, count: 2 * newCapacity)
        }
        self.count = count
        sums.withUnsafeMutableBufferPointer { sums in
            maxima.withUnsafeMutableBufferPointer { maxima in
                for i in 0..<capacity {
                    let value: (extent: Double, widest: Double) = i < count ? leaf(i) : (0, 0)
                    sums[capacity + i] = value.extent
                    maxima[capacity + i] = value.widest
                }
                var node = capacity - 1
                while node >= 1 {
                    sums[node] = sums[2 * node] + sums[2 * node + 1]
                    maxima[node] = Swift.max(maxima[2 * node], maxima[2 * node + 1])
                    node -= 1
                }
            }
        }
    }

    /// Rebuilds the tree over `count` leaves of which only those from `first` on may differ from the tree's: leaves
    /// `first..<count` are read from `leaf(i)`, leaves the tree no longer uses are zeroed, and only the ancestors of
    /// those leaves are recomputed, level by level. A section step (an insert or delete at index i) shifts every leaf
    /// from i on, so this is the step's rebuild: leaves before i and the subtrees over them are kept as they are.
    ///
    /// Every node is still `left + right` of its current children, so the tree is exactly the one
    /// ``rebuild(count:_:)`` gives over the same leaves (the kept subtrees hold leaves that did not change): a
    /// partial rebuild cannot drift from a fresh build. When the capacity must change, or `first` is 0, it is the
    /// full rebuild.
    ///
    /// Why not a Fenwick tree or a gap buffer: a section step renumbers every section after it, so any structure
    /// indexed by section moves O(S - i) values; this one moves them with no `memmove` of records and keeps the
    /// queries (``prefix(_:)``, ``firstEnding(atOrAfter:)``) O(log S) and the sums canonical.
    ///
    /// - Complexity: O(max(count, old count) - first + log capacity), allocating only when the capacity must grow.
    mutating func rebuild(count: Int, from first: Int, _ leaf: (Int) -> (extent: Double, widest: Double)) {
        var newCapacity = 1
        while newCapacity < count { newCapacity <<= 1 }
        let first = Swift.max(0, first)
        guard first > 0, newCapacity == capacity, sums.count == 2 * newCapacity else {
            return rebuild(count: count, leaf)
        }
        let end = Swift.max(count, self.count)  // leaves first..<end may change
        self.count = count
        guard first < end else { return }
        let capacity = self.capacity
        sums.withUnsafeMutableBufferPointer { sums in
            maxima.withUnsafeMutableBufferPointer { maxima in
                for i in first..<end {
                    let value: (extent: Double, widest: Double) = i < count ? leaf(i) : (0, 0)
                    sums[capacity + i] = value.extent
                    maxima[capacity + i] = value.widest
                }
                var low = (capacity + first) >> 1, high = (capacity + end - 1) >> 1
                while low >= 1 {
                    for node in low...high {
                        sums[node] = sums[2 * node] + sums[2 * node + 1]
                        maxima[node] = Swift.max(maxima[2 * node], maxima[2 * node + 1])
                    }
                    low >>= 1
                    high >>= 1
                }
            }
        }
    }

    /// Sets leaf `index` and recomputes its ancestors.
    ///
    /// - Complexity: O(log capacity).
    mutating func set(_ index: Int, extent: Double, widest: Double) {
        var node = capacity + index
        sums[node] = extent
        maxima[node] = widest
        node >>= 1
        while node >= 1 {
            sums[node] = sums[2 * node] + sums[2 * node + 1]
            maxima[node] = Swift.max(maxima[2 * node], maxima[2 * node + 1])
            node >>= 1
        }
    }

    /// The extent of leaf `index`.
    @inline(__always)
    func extent(_ index: Int) -> Double { sums[capacity + index] }

    /// The sum of all extents.
    @inline(__always)
    var total: Double { sums[1] }

    /// The largest `widest` of all leaves.
    @inline(__always)
    var widest: Double { maxima[1] }

    /// The sum of the extents of leaves `0..<index`: the left siblings' sums met on the path from the root to leaf
    /// `index` (the total for `index == count`).
    ///
    /// - Complexity: O(log capacity).
    @inline(__always)
    func prefix(_ index: Int) -> Double {
        if index >= capacity { return sums[1] }
        return sums.withUnsafeBufferPointer { sums in
            var node = 1, low = 0, span = capacity, sum = 0.0
            while node < capacity {
                span >>= 1
                if index >= low + span {
                    sum = sum + sums[2 * node]
                    low += span
                    node = 2 * node + 1
                } else {
                    node = 2 * node
                }
            }
            return sum
        }
    }

    /// The first leaf whose end (``prefix(_:)`` of the next leaf) is at or after `position`, or ``count``. The sums
    /// it compares are exactly the prefix sums ``prefix(_:)`` gives.
    ///
    /// - Complexity: O(log capacity).
    @inline(__always)
    func firstEnding(atOrAfter position: Double) -> Int {
        if !(sums[1] >= position) { return count }
        return sums.withUnsafeBufferPointer { sums in
            var node = 1, sum = 0.0
            while node < capacity {
                let left = 2 * node
                let end = sum + sums[left]
                if end >= position {
                    node = left
                } else {
                    sum = end
                    node = left + 1
                }
            }
            return Swift.min(node - capacity, count)
        }
    }

    /// The bytes the two trees hold.
    var bytes: Int { (sums.capacity + maxima.capacity) * MemoryLayout<Double>.stride }
}
