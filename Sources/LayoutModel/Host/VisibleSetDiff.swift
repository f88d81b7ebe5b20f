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
        /// The number of keys waiting in ``filled`` (their bit patterns), not placed in ``slots`` yet: a carried set
        /// (``VisibleSetDiff/carry(_:)``), distinct keys, placed only if asked (``placePending()``). While keys
        /// wait, every slot is empty and ``count`` is 0.
        var pending = 0

        /// Empties the table and makes room for `elements` keys at a load of at most one half.
        mutating func reset(forElements elements: Int) {
            pending = 0
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

        /// Places the keys waiting in ``filled`` (distinct, so no duplicate check).
        @inline(never)
        mutating func placePending() {
            let n = pending, mask = slots.count - 1, shift = self.shift & 63
            pending = 0
            slots.withUnsafeMutableBufferPointer { slots in
                filled.withUnsafeMutableBufferPointer { filled in
                    for i in 0..<n {
                        let key = UInt64(bitPattern: Int64(filled[i]))
                        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
                        while slots[slot] != VisibleSetDiff.empty { slot = (slot &+ 1) & mask }
                        slots[slot] = key
                        filled[i] = slot
                    }
                }
            }
            count = n
        }

        /// Grows the table to `capacity` slots (a power of two above its own), keeping its keys (placed or waiting):
        /// they are placed again under the new shift.
        mutating func grow(to capacity: Int) {
            let keys = pending > 0 ? (0..<pending).map { UInt64(bitPattern: Int64(filled[$0])) }
                : (0..<count).map { slots[filled[$0]] }
            pending = 0
            count = keys.count
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
    /// Whether the last update's set listed an element twice: a set carried from it could then hold a key twice,
    /// which ``carry(_:)`` does not check, so it places the keys as an update does.
    private var lastHadDuplicates = false

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
        // previous table is never probed. Nor is one whose keys wait (a carried set): its keys are looked up in
        // this frame's table instead, once it is filled.
        let currentShift = current.shift & 63, previousShift = previous.shift & 63
        let previousIsEmpty = previous.count == 0
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
        // Fewer keys placed than listed: some element was listed twice (known here at no cost an element).
        lastHadDuplicates = count < visible.count
        var previousCount = previous.count
        if previous.pending > 0 {
            previousCount = previous.pending
            matched = Self.countFound(keysIn: previous.filled, count: previous.pending, in: current)
        }
        let appeared = current.count - matched, disappeared = previousCount - matched
        swap(&previous, &current)
        // The tables alternate: when one grows, the other grows with it, keeping the set it holds, so that a frame
        // with more elements than any before allocates once, not again on the next frame (a self-sizing list grows
        // them on its first frame, at the estimate, rather than at the jump to content never sized).
        if current.slots.count < previous.slots.count { current.grow(to: previous.slots.count) }
        return (appeared, disappeared)
    }

    /// How many of the `count` keys waiting in `keys` (their bit patterns; distinct) `table` holds.
    private static func countFound(keysIn keys: [Int], count: Int, in table: Table) -> Int {
        var found = 0
        let shift = table.shift & 63, mask = table.slots.count - 1
        table.slots.withUnsafeBufferPointer { slots in
            keys.withUnsafeBufferPointer { keys in
                for i in 0..<count {
                    let key = UInt64(bitPattern: Int64(keys[i]))
                    var probe = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
                    while true {
                        let held = slots[probe]
                        if held == key {
                            found &+= 1
                            break
                        }
                        if held == Self.empty { break }
                        probe = (probe &+ 1) & mask
                    }
                }
            }
        }
        return found
    }

    /// Replaces the remembered set with `visible`, the last update's set carried through a batch update (elements
    /// renumbered or dropped, none added), so that the next ``update(with:)`` counts against it.
    ///
    /// The keys are listed, not placed: the next update places its own set and looks the carried keys up in it,
    /// instead of placing the carried set only to look the next one up in it (placing a key is most of a diff's
    /// work; issue 39n). They are placed only if asked for after that update (``placeCarriedKeys()``, before a
    /// self-sizing pass's questions). The keys of a set carried from one with no element listed twice are distinct
    /// (a batch maps survivors one to one); otherwise they are placed now, as ``update(with:)`` would.
    ///
    /// - Complexity: O(k) for k elements, plus O(k) to empty the table that held the last set.
    mutating func carry(_ visible: [LayoutAttributes]) {
        guard !lastHadDuplicates else {
            reset()
            _ = update(with: visible)
            return
        }
        previous.reset(forElements: visible.count)
        // The keys as ``update(with:)`` makes them, in a loop of a few instructions a cell: a cell's kind index is 0
        // with no call, and the range check of every path is one test of all their sections and items or-ed. A path
        // out of range is keyed again as an update keys it, which stops naming it. (Each key made as an update makes
        // it cost about 20 instructions; issue 39.)
        var bits = 0
        previous.filled.withUnsafeMutableBufferPointer { filled in
            visible.withUnsafeBufferPointer { visible in
                for i in visible.indices {
                    let path = visible[i].path, kind = visible[i].kind
                    bits |= path.section | path.item
                    let kindIndex = kindIndices.index(of: kind)
                    let key = kindIndex << 56 | UInt64(truncatingIfNeeded: path.section) << 28
                        | UInt64(truncatingIfNeeded: path.item)
                    filled[i] = Int(Int64(bitPattern: key))
                }
            }
        }
        if bits < 0 || bits >= 1 << 28 {
            for attributes in visible { _ = Self.key(attributes, kindIndex: 0) }
        }
        previous.pending = visible.count
    }

    /// Places the keys of the set before the last ``update(with:)`` if they wait (a carried set,
    /// ``carry(_:)``), so that ``wasVisibleBeforeLastUpdate(_:)`` can ask the table: once a pass that asks, before its
    /// first question (the host's self-sizing).
    ///
    /// - Complexity: O(k) for k keys waiting, else O(1).
    mutating func placeCarriedKeys() {
        if current.pending > 0 { current.placePending() }
    }

    /// Whether `attributes`' element was in the set before the last ``update(with:)``: right after an update, the
    /// older table still holds that set (it is emptied at the start of the next update), so this asks it. Its keys
    /// must be placed (``placeCarriedKeys()``): a check here, in every question, cost a self-sizing pass up to 1k
    /// instructions (the gate, issue 39n).
    ///
    /// - Complexity: O(1) expected.
    mutating func wasVisibleBeforeLastUpdate(_ attributes: LayoutAttributes) -> Bool {
        assert(current.pending == 0, "the carried keys are not placed: placeCarriedKeys() first")
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
