/// Counts the elements that appear and disappear between two consecutive visible sets, as a collection view does to
/// dequeue and recycle cells, without allocating in steady state.
///
/// Each element becomes a 64-bit key, and a frame's keys go into an open-addressing hash table (linear probing)
/// while each is looked up in the last frame's table: O(1) expected work an element, with no sort. (A sort of the
/// keys and a merge walk, the first design, spent about 100 instructions an element: most of a context frame's
/// diff.) The tables keep their capacity from frame to frame and grow only when a frame has more elements than any
/// before, and each is emptied through the list of the slots it filled, so a frame costs O(its elements).
///
/// An element listed twice in one frame counts once: the visible set is a set.
struct VisibleSetDiff {
    /// One frame's keys, in a table whose capacity is a power of two at least twice their count.
    private struct Table {
        /// The slots: a key, or ``VisibleSetDiff/empty``.
        var slots: [UInt64] = []
        /// The slots in use, in its first ``count`` entries, to empty them in O(count). It has one entry a slot,
        /// so filling it needs no capacity check.
        var filled: [Int] = []
        /// The number of keys held.
        var count = 0
        /// `64 - log2(slots.count)`: a key's home slot is the top bits of its product with a Fibonacci constant.
        var shift: UInt64 = 64

        /// Empties the table and makes room for `elements` keys at a load of at most one half.
        mutating func reset(forElements elements: Int) {
            let count = self.count
            slots.withUnsafeMutableBufferPointer { slots in
                filled.withUnsafeBufferPointer { filled in
                    for i in 0..<count { slots[filled[i]] = VisibleSetDiff.empty }
                }
            }
            self.count = 0
            var capacity = Swift.max(VisibleSetDiff.minimumSlots, slots.count)
            while capacity < 2 * elements { capacity *= 2 }
            if capacity != slots.count {
                slots = Array(repeating: VisibleSetDiff.empty, count: capacity)
                filled = Array(repeating: 0, count: capacity)
                shift = UInt64(64 - capacity.trailingZeroBitCount)
            }
        }

        /// Grows the table to `capacity` slots (a power of two above its own), keeping its keys: they are placed
        /// again under the new shift.
        mutating func grow(to capacity: Int) {
            let keys = (0..<count).map { slots[filled[$0]] }
            slots = Array(repeating: VisibleSetDiff.empty, count: capacity)
            filled = Array(repeating: 0, count: capacity)
            shift = UInt64(64 - capacity.trailingZeroBitCount)
            let mask = capacity - 1
            for (index, key) in keys.enumerated() {
                var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> (shift & 63))
                while slots[slot] != VisibleSetDiff.empty { slot = (slot &+ 1) & mask }
                slots[slot] = key
                filled[index] = slot
            }
        }
    }

    /// The fewest slots a table has: room for 32 elements at a load of one half, more than a phone's list or grid
    /// shows (a list of 44-point rows on an 844-point screen shows 21 rows and a header), so that a frame with more
    /// elements than any before (the jump of a self-sizing list to rows never sized, at the estimate) does not
    /// grow the tables in the middle of a trace.
    static let minimumSlots = 64

    /// No key: local kind index 255 is never handed out (see ``KindIndices``).
    fileprivate static let empty = UInt64.max

    private var previous = Table()
    private var current = Table()

    /// The local indices of the kinds this diff has met.
    private var kindIndices = KindIndices()

    /// The kinds a diff has met, by local index: the ``ElementKind/id`` of index `i` is `ids[i]`. Index 0 is the
    /// cell, so the common case takes no search. Inline storage, so that a kind met for the first time in the middle
    /// of a trace allocates nothing.
    private struct KindIndices {
        /// The kind ids, by local index; the first ``count`` are in use.
        var ids = InlineArray<255, UInt32>(repeating: 0)
        /// The number of entries of ``ids`` in use (the cell's included).
        var count = 1

        /// The local index of `kind`: 0 for a cell, else its position in ``ids``, appended when new. Distinct kinds
        /// get distinct indices, so two kinds never share a key; a diff that meets more than 254 kinds other than
        /// the cell stops.
        @inline(__always)
        mutating func index(of kind: ElementKind) -> UInt64 {
            if kind == .cell { return 0 }
            return index(ofOther: kind.id)
        }

        private mutating func index(ofOther id: UInt32) -> UInt64 {
            for index in 1..<count where ids[index] == id { return UInt64(index) }
            precondition(count < 255, "more than 254 element kinds besides the cell in one visible-set diff")
            ids[count] = id
            count += 1
            return UInt64(count - 1)
        }
    }

    /// The key of an element whose kind has local index `kindIndex` (8 bits, below 255; see ``KindIndices``):
    /// then section (28 bits), item (28 bits). Paths beyond 2^28 - 1 are refused.
    @inline(__always)
    private static func key(_ attributes: LayoutAttributes, kindIndex: UInt64) -> UInt64 {
        let path = attributes.path
        precondition(
            path.section >= 0 && path.section < 1 << 28 && path.item >= 0 && path.item < 1 << 28,
            "element path \(path) is outside the range the visible-set diff supports")
        return kindIndex << 56 | UInt64(path.section) << 28 | UInt64(path.item)
    }

    /// Replaces the remembered set with `visible`, returning how many of its elements were not in the last one
    /// (appeared) and how many of the last one's are not in it (disappeared).
    ///
    /// - Complexity: O(k) expected for k elements, plus O(k) to empty the older table.
    mutating func update(with visible: [LayoutAttributes]) -> (appeared: Int, disappeared: Int) {
        current.reset(forElements: visible.count)
        var matched = 0, count = 0
        // Shifts below 64, so that the shift needs no range check: a table has at least 64 slots, an empty
        // previous table is never probed.
        let currentShift = current.shift & 63, previousShift = previous.shift & 63
        let previousIsEmpty = previous.slots.isEmpty
        current.slots.withUnsafeMutableBufferPointer { slots in
            current.filled.withUnsafeMutableBufferPointer { filled in
                previous.slots.withUnsafeBufferPointer { old in
                    let mask = slots.count - 1, oldMask = old.count &- 1
                    for attributes in visible {
                        let key = Self.key(attributes, kindIndex: kindIndices.index(of: attributes.kind))
                        let hash = key &* 0x9E37_79B9_7F4A_7C15
                        var slot = Int(truncatingIfNeeded: hash >> currentShift)
                        var duplicate = false
                        while true {
                            let held = slots[slot]
                            if held == Self.empty { break }
                            if held == key {
                                duplicate = true
                                break
                            }
                            slot = (slot &+ 1) & mask
                        }
                        if duplicate { continue }
                        slots[slot] = key
                        filled[count] = slot
                        count &+= 1
                        if previousIsEmpty { continue }
                        var probe = Int(truncatingIfNeeded: hash >> previousShift)
                        while true {
                            let held = old[probe]
                            if held == key {
                                matched &+= 1
                                break
                            }
                            if held == Self.empty { break }
                            probe = (probe &+ 1) & oldMask
                        }
                    }
                }
            }
        }
        current.count = count
        let appeared = current.count - matched, disappeared = previous.count - matched
        swap(&previous, &current)
        // The tables alternate: when one grows, the other grows with it, keeping the set it holds, so that a frame
        // with more elements than any before allocates once, not again on the next frame (a self-sizing list grows
        // them on its first frame, at the estimate, rather than at the jump to content never sized).
        if current.slots.count < previous.slots.count { current.grow(to: previous.slots.count) }
        return (appeared, disappeared)
    }

    /// Whether `attributes`' element was in the set before the last ``update(with:)``: right after an update, the
    /// older table still holds that set (it is emptied at the start of the next update), so this asks it.
    ///
    /// - Complexity: O(1) expected.
    mutating func wasVisibleBeforeLastUpdate(_ attributes: LayoutAttributes) -> Bool {
        let old = current
        guard old.count > 0 else { return false }
        let key = Self.key(attributes, kindIndex: kindIndices.index(of: attributes.kind))
        let hash = key &* 0x9E37_79B9_7F4A_7C15
        let mask = old.slots.count - 1
        var probe = Int(truncatingIfNeeded: hash >> (old.shift & 63))
        while true {
            let held = old.slots[probe]
            if held == key { return true }
            if held == Self.empty { return false }
            probe = (probe &+ 1) & mask
        }
    }

    /// Forgets the remembered set.
    mutating func reset() { previous.reset(forElements: 0) }
}
