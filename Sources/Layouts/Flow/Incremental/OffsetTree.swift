/// The sections' extents along the scroll axis in a perfect binary tree (leaves padded with zeros), with the widest
/// element of each section in a second tree of maxima: a section's offset is a prefix sum in O(log sections), and a
/// changed extent costs O(log sections). A tree made with `tracksWidest: false` keeps no maxima (the compositional's
/// leaves have no width): its ``widest`` is 0 and its steps and refreshes pay for the sums alone.
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
    /// The same shape, with `max` for `+`; `[0, 0]` when the tree does not track the widest leaf.
    private var maxima: [Double] = [0, 0]
    /// Whether ``maxima`` is kept (``widest`` is 0 otherwise).
    let tracksWidest: Bool
    /// The leaves `dirtyFrom..<dirtyEnd` that ``insertLeaf(at:extent:widest:)``, ``removeLeaf(at:)`` or
    /// ``update(_:extent:widest:)`` changed without recomputing their ancestors (none when `dirtyFrom >= dirtyEnd`);
    /// ``refresh()`` recomputes them.
    private var dirtyFrom = Int.max, dirtyEnd = 0

    /// An empty tree; with `tracksWidest: false` the leaves' `widest` is ignored and ``widest`` is 0.
    init(tracksWidest: Bool = true) { self.tracksWidest = tracksWidest }

    /// Whether leaves changed since the last ``refresh()`` (the sums above them are stale until then).
    var needsRefresh: Bool { dirtyFrom < dirtyEnd }

    /// Rebuilds the tree over `count` leaves whose values `leaf(i)` gives.
    ///
    /// - Complexity: O(count), allocating only when the capacity must grow.
    mutating func rebuild(count: Int, _ leaf: (Int) -> (extent: Double, widest: Double)) {
        var newCapacity = 1
        while newCapacity < count { newCapacity <<= 1 }
        if newCapacity != capacity || sums.count != 2 * newCapacity {
            capacity = newCapacity
            sums = [Double](repeating: 0, count: 2 * newCapacity)
            if tracksWidest { maxima = [Double](repeating: 0, count: 2 * newCapacity) }
        }
        self.count = count
        (dirtyFrom, dirtyEnd) = (Int.max, 0)
        guard tracksWidest else {
            let capacity = self.capacity
            return sums.withUnsafeMutableBufferPointer { sums in
                for i in 0..<capacity { sums[capacity + i] = i < count ? leaf(i).extent : 0 }
                var node = capacity - 1
                while node >= 1 {
                    sums[node] = sums[2 * node] + sums[2 * node + 1]
                    node -= 1
                }
            }
        }
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
        // Leaves a section step changed without a refresh are read again too.
        let first = Swift.max(0, Swift.min(first, dirtyFrom))
        guard first > 0, newCapacity == capacity, sums.count == 2 * newCapacity else {
            return rebuild(count: count, leaf)
        }
        let end = Swift.max(count, self.count, Swift.min(dirtyEnd, capacity))  // leaves first..<end may change
        self.count = count
        (dirtyFrom, dirtyEnd) = (Int.max, 0)
        guard first < end else { return }
        let capacity = self.capacity
        guard tracksWidest else {
            return sums.withUnsafeMutableBufferPointer { sums in
                for i in first..<end { sums[capacity + i] = i < count ? leaf(i).extent : 0 }
                Self.sumLevels(sums, capacity: capacity, first: first, end: end)
            }
        }
        sums.withUnsafeMutableBufferPointer { sums in
            maxima.withUnsafeMutableBufferPointer { maxima in
                for i in first..<end {
                    let value: (extent: Double, widest: Double) = i < count ? leaf(i) : (0, 0)
                    sums[capacity + i] = value.extent
                    maxima[capacity + i] = value.widest
                }
                Self.combineLevels(sums, maxima, capacity: capacity, first: first, end: end)
            }
        }
    }

    // MARK: Section steps

    /// Inserts a leaf at `index` (`0...count`), shifting the leaves from `index` on by one place: a `memmove` of
    /// 16 bytes a shifted leaf, the section records left where they are. Its ancestors, and those of every shifted
    /// leaf, are recomputed by the next ``refresh()``; no query may run before it.
    ///
    /// - Complexity: O(count - index), allocating only when the capacity must double.
    mutating func insertLeaf(at index: Int, extent: Double, widest: Double) {
        if count == capacity {
            // Double the capacity: the leaves move to the new leaf level, and every node is recomputed.
            grow(to: 2 * capacity)
        }
        let capacity = self.capacity, moved = count - index
        sums.withUnsafeMutableBufferPointer { sums in
            let leaf = sums.baseAddress! + capacity + index
            (leaf + 1).update(from: leaf, count: moved)
            leaf.pointee = extent
        }
        if tracksWidest { maxima.withUnsafeMutableBufferPointer { maxima in
            let leaf = maxima.baseAddress! + capacity + index
            (leaf + 1).update(from: leaf, count: moved)
            leaf.pointee = widest
        } }
        count += 1
        dirtyFrom = Swift.min(dirtyFrom, index)
        dirtyEnd = Swift.max(dirtyEnd, count)
    }

    /// Removes leaf `index` (`0..<count`), shifting the leaves after it back by one place and zeroing the leaf no
    /// longer used. The ancestors are recomputed by the next ``refresh()``; no query may run before it.
    ///
    /// - Complexity: O(count - index).
    mutating func removeLeaf(at index: Int) {
        let capacity = self.capacity, moved = count - index - 1
        sums.withUnsafeMutableBufferPointer { sums in
            let leaf = sums.baseAddress! + capacity + index
            leaf.update(from: leaf + 1, count: moved)
            (leaf + moved).pointee = 0
        }
        if tracksWidest { maxima.withUnsafeMutableBufferPointer { maxima in
            let leaf = maxima.baseAddress! + capacity + index
            leaf.update(from: leaf + 1, count: moved)
            (leaf + moved).pointee = 0
        } }
        dirtyFrom = Swift.min(dirtyFrom, index)
        dirtyEnd = Swift.max(dirtyEnd, count)
        count -= 1
    }

    /// Sets leaf `index`: among the leaves changed since the last refresh (from the first leaf a section step
    /// shifted to the last), only the leaf (its ancestors are recomputed by the next ``refresh()``); elsewhere as
    /// ``set(_:extent:widest:)``, ancestors now (so that an item step far after a batch's section steps does not
    /// stretch the refresh to it).
    ///
    /// - Complexity: O(1) or O(log capacity).
    mutating func update(_ index: Int, extent: Double, widest: Double) {
        guard index >= dirtyFrom && index < dirtyEnd else { return set(index, extent: extent, widest: widest) }
        sums[capacity + index] = extent
        if tracksWidest { maxima[capacity + index] = widest }
        dirtyEnd = Swift.max(dirtyEnd, index + 1)
    }

    /// Recomputes the ancestors of the leaves changed since the last refresh, level by level, each node as
    /// `left + right` of its current children: the tree is then exactly the one ``rebuild(count:_:)`` gives over
    /// the same leaves (a node over unchanged leaves is unchanged). A batch's section steps pay this once.
    ///
    /// - Complexity: O(changed range + log capacity): O(count - i) after steps at or after leaf i.
    mutating func refresh() {
        guard dirtyFrom < dirtyEnd else { return }
        let capacity = self.capacity, first = dirtyFrom, end = Swift.min(dirtyEnd, capacity)
        (dirtyFrom, dirtyEnd) = (Int.max, 0)
        guard capacity > 1 else { return }
        guard tracksWidest else {
            return sums.withUnsafeMutableBufferPointer { sums in
                Self.sumLevels(sums, capacity: capacity, first: first, end: end)
            }
        }
        sums.withUnsafeMutableBufferPointer { sums in
            maxima.withUnsafeMutableBufferPointer { maxima in
                Self.combineLevels(sums, maxima, capacity: capacity, first: first, end: end)
            }
        }
    }

    /// Sets leaf `index` and recomputes its ancestors; a leaf set to the value it holds (bit for bit) recomputes
    /// nothing: its ancestors are those of the same leaves (an item step that adds no line, most of a batch's; issue
    /// 39k). Ancestors shared with leaves changed since the last refresh are recomputed by that refresh either way.
    ///
    /// - Complexity: O(log capacity), O(1) for the value the leaf holds.
    mutating func set(_ index: Int, extent: Double, widest: Double) {
        var node = capacity + index
        if sums[node].bitPattern == extent.bitPattern
            && (!tracksWidest || maxima[node].bitPattern == widest.bitPattern) { return }
        sums[node] = extent
        guard tracksWidest else {
            node >>= 1
            while node >= 1 {
                sums[node] = sums[2 * node] + sums[2 * node + 1]
                node >>= 1
            }
            return
        }
        maxima[node] = widest
        node >>= 1
        while node >= 1 {
            sums[node] = sums[2 * node] + sums[2 * node + 1]
            maxima[node] = Swift.max(maxima[2 * node], maxima[2 * node + 1])
            node >>= 1
        }
    }

    /// Recomputes the sums and the maxima of the ancestors of leaves `first..<end`, level by level.
    ///
    /// - Complexity: O(end - first + log capacity).
    @inline(__always)
    private static func combineLevels(_ sums: UnsafeMutableBufferPointer<Double>,
                                      _ maxima: UnsafeMutableBufferPointer<Double>,
                                      capacity: Int, first: Int, end: Int) {
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

    /// Recomputes the sums over leaves `first..<end`, level by level (a tree without maxima).
    ///
    /// Two nodes at a time: their four children are adjacent, and one vector addition of the even children to the
    /// odd ones gives both sums, each the same `left + right` (the same rounding) as one at a time. A batch's refresh
    /// over the leaves its section steps moved is then about 5 instructions a node instead of 9 (issue 39).
    @inline(__always)
    private static func sumLevels(_ sums: UnsafeMutableBufferPointer<Double>, capacity: Int, first: Int, end: Int) {
        guard let base = sums.baseAddress else { return }
        var low = (capacity + first) >> 1, high = (capacity + end - 1) >> 1
        while low >= 1 {
            var node = low
            while node < high {
                let children = UnsafeRawPointer(base + 2 &* node).loadUnaligned(as: SIMD4<Double>.self)
                UnsafeMutableRawPointer(base + node).storeBytes(of: children.evenHalf + children.oddHalf,
                                                                as: SIMD2<Double>.self)
                node &+= 2
            }
            if node == high { base[node] = base[2 &* node] + base[2 &* node &+ 1] }
            low >>= 1
            high >>= 1
        }
    }

    /// Moves the leaves to a tree of `newCapacity` leaves (a power of two, larger), every node to be recomputed.
    private mutating func grow(to newCapacity: Int) {
        var newSums = [Double](repeating: 0, count: 2 * newCapacity)
        for i in 0..<count { newSums[newCapacity + i] = sums[capacity + i] }
        if tracksWidest {
            var newMaxima = [Double](repeating: 0, count: 2 * newCapacity)
            for i in 0..<count { newMaxima[newCapacity + i] = maxima[capacity + i] }
            maxima = newMaxima
        }
        (sums, capacity) = (newSums, newCapacity)
        dirtyFrom = 0
        dirtyEnd = Swift.max(dirtyEnd, count)
    }

    // MARK: A batch's leaf moves

    /// Makes room for `leaves` leaves (doubling the capacity as ``insertLeaf(at:extent:widest:)`` does), before a
    /// batch's ``moveLeaves(from:to:count:)``.
    ///
    /// - Complexity: O(1), or O(count) when the capacity must grow (allocating).
    mutating func reserveLeaves(_ leaves: Int) {
        var newCapacity = capacity
        while newCapacity < leaves { newCapacity <<= 1 }
        if newCapacity != capacity { grow(to: newCapacity) }
    }

    /// Moves leaves `from..<from + moved` to `to..<to + moved` (the ranges may overlap; within the capacity), as a
    /// batch's section steps move the records (`SectionShifts.forEachMove(move:place:)`). Their ancestors are
    /// recomputed by the next ``refresh()``; ``setCount(_:)`` ends the moves.
    ///
    /// - Complexity: O(moved).
    mutating func moveLeaves(from: Int, to: Int, count moved: Int) {
        guard moved > 0, from != to else { return }
        let capacity = self.capacity
        sums.withUnsafeMutableBufferPointer { sums in
            (sums.baseAddress! + capacity + to).update(from: sums.baseAddress! + capacity + from, count: moved)
        }
        if tracksWidest { maxima.withUnsafeMutableBufferPointer { maxima in
            (maxima.baseAddress! + capacity + to).update(from: maxima.baseAddress! + capacity + from, count: moved)
        } }
        dirtyFrom = Swift.min(dirtyFrom, to)
        dirtyEnd = Swift.max(dirtyEnd, to + moved)
    }

    /// Sets leaf `index` (within the capacity) to zero, its ancestors recomputed by the next ``refresh()``: an
    /// inserted section's leaf, set when it is laid out.
    mutating func clearLeaf(_ index: Int) {
        sums[capacity + index] = 0
        if tracksWidest { maxima[capacity + index] = 0 }
        dirtyFrom = Swift.min(dirtyFrom, index)
        dirtyEnd = Swift.max(dirtyEnd, index + 1)
    }

    /// Ends a batch's leaf moves: the tree has `newCount` leaves, those from `newCount` to the old count zeroed.
    ///
    /// - Complexity: O(old count - newCount).
    mutating func setCount(_ newCount: Int) {
        if newCount < count {
            for i in newCount..<count {
                sums[capacity + i] = 0
                if tracksWidest { maxima[capacity + i] = 0 }
            }
            dirtyFrom = Swift.min(dirtyFrom, newCount)
            dirtyEnd = Swift.max(dirtyEnd, count)
        }
        count = newCount
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
