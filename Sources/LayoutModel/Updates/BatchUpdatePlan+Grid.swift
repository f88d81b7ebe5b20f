// The grid form of a plan: a batch whose item calls are the same in every section (a grid's column operations: a
// column deleted, inserted or moved is one item call per row at the same index) is checked and planned as one
// section's pattern, in O(paths) with a few instructions a path and no per-path list, sort or step:
// - every `deleteItems` and `insertItems` call names, section by section from 0 to the last, the same items in the
//   same order; every `moveItem` stays in its section, and each distinct (source item, destination item) pair is
//   named exactly once in every section (a bit per section and pair, in the plan's bucket scratch);
// - the batch names no section and no reload, and the section count does not change;
// - the pattern's removed items (deletes and move sources) are distinct and within every section's old count, its
//   added items (inserts and move destinations) distinct and within every section's new count, and every section's
//   new count is its old one plus the added minus the removed.
// Those are exactly the checks of the general path for such a batch (ranges, duplicates, counts: every section is
// touched, so `touched` and `complete` check the same sections), so a batch the grid form accepts is one the general
// path accepts, and anything else (a section missing a call, a duplicate, a count off by one) is left to the general
// path, which refuses it with UIKit's words. The answers (`newPath(forOld:)`, the survivor map, the counts) are the
// general path's, from the pattern; `steps` and `items` build the general path's lists on their first read
// (`BatchUpdatePlanGridTests` checks all of it against a plan that never takes the grid form).

/// An item of a grid-form plan's one-section pattern: a removed item (old space) with the item a move takes it to,
/// or an added item (new space) with the item a move brings it from; `partner` is -1 for a delete or an insert.
package struct GridPatternEntry: Hashable, Sendable {
    /// The item index.
    package var item: Int
    /// The other end of a move, or -1.
    package var partner: Int
}

/// A distinct item move of a grid-form batch and how many sections named it.
struct GridPatternMove {
    var from: Int
    var to: Int
    var sections: Int
}

extension BatchUpdatePlan {
    /// The most pattern entries of a kind (removed, added, distinct moves) the grid form takes; a batch with more is
    /// planned by the general path. The lists are reserved for it at the first batch that may be in the grid form,
    /// so the grid form allocates for them once.
    static let gridPatternLimit = 16

    /// The same item steps in every section: the planned batch in the grid form, or `nil`.
    ///
    /// `removed` is ascending (the steps delete them in descending order, in every section), `added` ascending, as
    /// ``steps`` inserts them. Valid until the plan is planned again; a layout reads it during the update only.
    ///
    /// - Complexity: O(1).
    package var repeatedItemSteps: (sections: Int, removed: [GridPatternEntry], added: [GridPatternEntry])? {
        gridSections > 0 ? (gridSections, gridRemoved, gridAdded) : nil
    }

    /// Plans `batch` in the grid form when it has that form and passes every check, and answers whether it did; on
    /// `false` nothing of the general path's state was touched and the grid's lists are empty.
    ///
    /// - Complexity: O(paths + sections), no allocation once the lists are reserved (sections x distinct moves bits
    ///   in the bucket scratch: 8192 of them without growing it).
    @inline(never)
    func planGrid(_ batch: BatchUpdate, before: ItemCounts, after: ItemCounts) -> Bool {
        if collectGrid(batch, before: before, after: after) { return true }
        resetGrid()
        return false
    }

    /// Whether `batch` may be in the grid form, answered from its first call before any list is touched (most
    /// batches name a section or a few paths): the section count unchanged, and an item call that names every
    /// section (a delete or an insert names a multiple of the section count; moves are at least one a section).
    @inline(never)
    func mayBeGrid(_ batch: BatchUpdate) -> Bool {
        let sections = sectionsBefore, operations = batch.operations
        guard sections >= Swift.max(1, gridFormMinimumSections), sectionsAfter == sections,
              let first = operations.first else { return false }
        switch first {
        case let .deleteItems(paths), let .insertItems(paths):
            return paths.count >= sections && paths.count % sections == 0
        case .moveItem: return operations.count >= sections
        default: return false
        }
    }

    /// An empty ``gridMemoItems``: slot `i` holds `i + 1`, an item whose slot is another (`(i + 1) & 15`), so that
    /// no item is found in it.
    static let emptyGridMemo: InlineArray<16, Int> = InlineArray { $0 + 1 }

    /// Leaves the grid form: empties its lists, keeping their capacity.
    func resetGrid() {
        gridSections = 0
        if !gridRemoved.isEmpty { gridRemoved.removeAll(keepingCapacity: true) }
        if !gridAdded.isEmpty { gridAdded.removeAll(keepingCapacity: true) }
        if !gridMoves.isEmpty { gridMoves.removeAll(keepingCapacity: true) }
    }

    private func collectGrid(_ batch: BatchUpdate, before: ItemCounts, after: ItemCounts) -> Bool {
        let sections = sectionsBefore
        if gridRemoved.capacity == 0 {
            // Reserved by the first batch that may be in the grid form, not by every plan: a host that never sees
            // one (a feed's) holds nothing more.
            gridRemoved.reserveCapacity(Self.gridPatternLimit)
            gridAdded.reserveCapacity(Self.gridPatternLimit)
            gridMoves.reserveCapacity(Self.gridPatternLimit)
        }
        let words = (sections + 63) >> 6
        bucketScratch.removeAll(keepingCapacity: true)
        // The calls are scanned with the moves' bits seen through a pointer; a move not seen before stops the scan,
        // gets its words (the scratch may grow, so the pointer is taken again) and the scan resumes at its call.
        let operations = batch.operations
        var next = 0, moveCalls = 0
        while next < operations.count {
            let stop = operations.withUnsafeBufferPointer { operations in
                bucketScratch.withUnsafeMutableBufferPointer { bits in
                    gridMoves.withUnsafeBufferPointer { moves in
                        scanGrid(operations, from: next, sections: sections, words: words, moves: moves,
                                 bits: bits.baseAddress, moveCalls: &moveCalls)
                    }
                }
            }
            switch stop {
            case .end:
                next = operations.count
            case .notGrid:
                return false
            case let .newMove(at, from, to):
                guard gridMoves.count < Self.gridPatternLimit else { return false }
                gridMoves.append(GridPatternMove(from: from, to: to, sections: 0))
                bucketScratch.append(contentsOf: repeatElement(0, count: words))
                next = at
            }
        }
        // A move call sets its section's bit: a move whose bits are every section was named in every section, and
        // when the calls are exactly one a section and move, none was named twice in a section.
        guard moveCalls == gridMoves.count * sections else { return false }
        let named = bucketScratch.withUnsafeBufferPointer { bits in
            gridMoves.indices.allSatisfy { move in
                var count = 0
                for word in (move * words)..<((move + 1) * words) { count += bits[word].nonzeroBitCount }
                return count == sections
            }
        }
        guard named else { return false }
        for move in gridMoves.indices { gridMoves[move].sections = sections }
        for move in gridMoves {
            guard gridRemoved.count < Self.gridPatternLimit, gridAdded.count < Self.gridPatternLimit else {
                return false
            }
            gridRemoved.append(GridPatternEntry(item: move.from, partner: move.to))
            gridAdded.append(GridPatternEntry(item: move.to, partner: move.from))
        }
        guard !gridRemoved.isEmpty || !gridAdded.isEmpty, Self.sortDistinct(&gridRemoved),
              Self.sortDistinct(&gridAdded) else { return false }
        // Every section: the removed items within its old count, the added within its new one, and the new count
        // the old plus the added minus the removed (a move within a section counts on both sides).
        let removedEnd = (gridRemoved.last?.item ?? -1) + 1, addedEnd = (gridAdded.last?.item ?? -1) + 1
        let change = gridAdded.count - gridRemoved.count
        @inline(__always) func fits(_ was: Int, _ now: Int) -> Bool {
            was >= removedEnd && now >= addedEnd && now == was + change
        }
        switch (before, after) {
        case let (.uniform(_, was), .uniform(_, now)):
            guard fits(was, now) else { return false }
        case let (.perSection(was), .perSection(now)):
            let valid = was.withUnsafeBufferPointer { was in
                now.withUnsafeBufferPointer { now in
                    // Every section's three tests as wrapping integer arithmetic or-ed into two words, with no
                    // branch and no compare, so that the loop vectorizes: a negative count, or one below its end
                    // (`was - removedEnd`, `now - addedEnd`: neither wraps once both counts are at least 0, and
                    // the ends are at most the pattern's limit), sets the sign bit of `negative`; a new count that
                    // is not the old one changed by the pattern leaves a bit in `mismatch`. (With a compare a test,
                    // or-ed as bits, the loop stayed scalar: about 16 instructions a section, 16k a column batch at
                    // 1000 rows; issue 39q. With a branch a test it was 17k; issue 39o.)
                    //
                    // Once every new count is its old one plus `change` (`mismatch`), the tests of the new counts
                    // follow from one test of the old: at least `lower`, the most of `removedEnd`, `addedEnd - change`
                    // and 0, makes the new count at least `addedEnd` (the old count plus `change`, unless that
                    // wraps, which leaves a new count with the sign bit set). An old count below `lower` makes
                    // `w - lower` negative, unless it wraps, which only a negative count does. So the signs of `w`,
                    // `n` and `w - lower` say it all. (Each count tested on its own took about 7 instructions a
                    // section; issue 39.)
                    guard let was = was.baseAddress, let now = now.baseAddress else { return sections == 0 }
                    let lower = Swift.max(removedEnd, addedEnd - change, 0)
                    var negative = 0, mismatch = 0
                    for section in 0..<sections {
                        let w = was[section], n = now[section]
                        negative |= w | n | (w &- lower)
                        mismatch |= n ^ (w &+ change)
                    }
                    return negative >= 0 && mismatch == 0
                }
            }
            guard valid else { return false }
        default:
            for section in 0..<sections {
                guard fits(before.numberOfItems(inSection: section), after.numberOfItems(inSection: section)) else {
                    return false
                }
            }
        }
        gridMemoItems = Self.emptyGridMemo
        gridSections = sections
        return true
    }

    /// Where ``scanGrid(_:from:sections:words:moves:bits:moveCalls:)`` stopped.
    private enum GridScanStop {
        /// Every call was read and is in the form so far.
        case end
        /// A call that is not in the grid form.
        case notGrid
        /// The call at `at` is a move not seen before, from item `from` to item `to`.
        case newMove(at: Int, from: Int, to: Int)
    }

    /// Reads the calls from `first` on: a delete or insert call's items go to the pattern (``appendRepeated``), a
    /// move call sets its section's bit among its move's `words` words of `bits` (the moves of `gridMoves`, in
    /// order) and counts in `moveCalls`. Stops at the end, at a call out of the form, or at a move not in `moves`.
    ///
    /// A move call costs a few instructions: the move is most often the one before it (an app names a column move
    /// row by row), so it is compared with that one first, and the bit is set with no test (the caller checks the
    /// counts once: every move's bits are every section, and there are as many calls as moves times sections).
    ///
    /// - Complexity: O(calls from `first` + paths named), O(moves) for a move call that is not the one before it.
    @inline(__always)
    private func scanGrid(_ operations: UnsafeBufferPointer<UpdateOperation>, from first: Int, sections: Int,
                          words: Int, moves: UnsafeBufferPointer<GridPatternMove>, bits: UnsafeMutablePointer<Int>?,
                          moveCalls: inout Int) -> GridScanStop {
        var lastFrom = Int.min, lastTo = Int.min, lastBase = 0, calls = 0
        defer { moveCalls += calls }
        var index = first
        while index < operations.count {
            switch operations[index] {
            case let .deleteItems(paths):
                guard appendRepeated(paths, sections: sections, to: &gridRemoved) else { return .notGrid }
            case let .insertItems(paths):
                guard appendRepeated(paths, sections: sections, to: &gridAdded) else { return .notGrid }
            case let .moveItem(from, to):
                let section = from.section
                guard section == to.section, UInt(bitPattern: section) < UInt(bitPattern: sections) else {
                    return .notGrid
                }
                if from.item != lastFrom || to.item != lastTo {
                    guard let move = moves.firstIndex(where: { $0.from == from.item && $0.to == to.item }) else {
                        return .newMove(at: index, from: from.item, to: to.item)
                    }
                    (lastFrom, lastTo, lastBase) = (from.item, to.item, move * words)
                }
                // `bits` has `words` words for every move in `moves`, so it exists here.
                let moveBits = bits.unsafelyUnwrapped + lastBase
                moveBits[section >> 6] |= 1 << (section & 63)
                // The calls after it that name the same move (the rest of the column, row by row) in a loop of their
                // own, whose few values stay in registers: about 60 instructions a call in this loop, a dozen there.
                let end = Self.scanMoveRun(operations, from: index + 1, fromItem: lastFrom, toItem: lastTo,
                                           sections: sections, bits: moveBits)
                calls += end - index
                index = end - 1
            default:
                return .notGrid
            }
            index += 1
        }
        return .end
    }

    /// The end of the run of move calls from `first` on that name the move from item `fromItem` to item `toItem` in one
    /// section each, below `sections`: each sets its section's bit in `bits` (the move's words), as
    /// ``scanGrid(_:from:sections:words:moves:bits:moveCalls:)`` does for a call of a move it has met. The first call
    /// that is not such a move (another move, another kind, a section out of range) ends the run and is left to the
    /// scan.
    ///
    /// - Complexity: O(calls in the run).
    @inline(never)
    private static func scanMoveRun(_ operations: UnsafeBufferPointer<UpdateOperation>, from first: Int, fromItem: Int,
                                    toItem: Int, sections: Int, bits: UnsafeMutablePointer<Int>) -> Int {
        var index = first
        let count = operations.count
        while index < count {
            guard case let .moveItem(from, to) = operations[index], from.item == fromItem, to.item == toItem,
                  from.section == to.section, UInt(bitPattern: from.section) < UInt(bitPattern: sections)
            else { break }
            bits[from.section &>> 6] |= 1 &<< (from.section & 63)
            index &+= 1
        }
        return index
    }

    /// Appends the items of `paths` to `pattern` when `paths` names the same items in every section, section 0's
    /// first, then section 1's in the same order, and so on; answers `false` otherwise (or when the pattern would
    /// outgrow ``gridPatternLimit``).
    ///
    /// Every path is compared with no branch (its differences from the path one section before it are or-ed into one
    /// word, read once at the end): a few instructions a path, the cost of a column's call of one path a row (issue
    /// 39o).
    /// Not inlined into the scan of the calls, whose move calls then keep their state in registers.
    @inline(never)
    private func appendRepeated(_ paths: [ElementPath], sections: Int, to pattern: inout [GridPatternEntry]) -> Bool {
        let count = paths.count
        guard count > 0 else { return true }
        let perSection = count / sections
        guard perSection * sections == count, pattern.count + perSection <= Self.gridPatternLimit else { return false }
        return paths.withUnsafeBufferPointer { paths in
            var differences = 0
            for index in 0..<perSection {
                differences |= paths[index].section
                pattern.append(GridPatternEntry(item: paths[index].item, partner: -1))
            }
            let base = paths.baseAddress.unsafelyUnwrapped
            if perSection == 1 && Self.pathsAreTwoWords {
                // One path a section (a column's call): path `j` is `(j, item)`, each read as one 16-byte vector and
                // compared with the expected one, which steps by one section: four instructions a path (the general
                // loop below, which pairs each path with the one before it, took eight; issue 39).
                let raw = UnsafeRawPointer(base)
                let step = SIMD2<Int>(1, 0)
                var expected = SIMD2<Int>(0, base[0].item), mismatch = SIMD2<Int>(repeating: 0)
                for j in 1..<count {
                    expected &+= step
                    mismatch |= raw.loadUnaligned(fromByteOffset: j &* 16, as: SIMD2<Int>.self) ^ expected
                }
                return differences | mismatch[0] | mismatch[1] == 0
            }
            // Path `j` past section 0's is path `j - perSection` one section on: by induction every section names
            // section 0's items, in order. One flat loop with no branch (it vectorizes).
            for j in perSection..<count {
                let path = base[j], earlier = base[j &- perSection]
                differences |= (path.section ^ (earlier.section &+ 1)) | (path.item ^ earlier.item)
            }
            return differences == 0
        }
    }

    /// Whether an ``ElementPath`` is its section then its item, two words with nothing between them, so that
    /// ``appendRepeated(_:sections:to:)`` may read one as a `SIMD2<Int>`.
    private static let pathsAreTwoWords = MemoryLayout<ElementPath>.size == 16 && MemoryLayout<ElementPath>.stride == 16
        && MemoryLayout<ElementPath>.offset(of: \.section) == 0 && MemoryLayout<ElementPath>.offset(of: \.item) == 8

    /// Sorts a pattern (at most ``gridPatternLimit`` entries) by item and answers whether its items are distinct and
    /// not negative.
    private static func sortDistinct(_ pattern: inout [GridPatternEntry]) -> Bool {
        pattern.withUnsafeMutableBufferPointer { pattern in
            for i in pattern.indices.dropFirst() {
                let entry = pattern[i]
                var j = i
                while j > 0 && entry.item < pattern[j - 1].item {
                    pattern[j] = pattern[j - 1]
                    j -= 1
                }
                pattern[j] = entry
            }
            guard let first = pattern.first else { return true }
            guard first.item >= 0 else { return false }
            for i in pattern.indices.dropFirst() where pattern[i].item == pattern[i - 1].item { return false }
            return true
        }
    }

    /// ``newPath(forOld:)`` in the grid form: the section keeps its index; the item goes where a move takes it, or
    /// down by the removed items below it, then up by each added item at or below its place, ascending.
    ///
    /// - Complexity: O(pattern).
    @inline(never)
    func gridNewPath(forOld path: ElementPath) -> ElementPath? {
        guard path.item != ElementPath.sectionItem, path.section >= 0, path.section < gridSections else { return path }
        var item = path.item
        for entry in gridRemoved {
            if entry.item > path.item { break }
            if entry.item == path.item {
                return entry.partner >= 0 ? ElementPath(section: path.section, item: entry.partner) : nil
            }
            item -= 1
        }
        for entry in gridAdded {
            if entry.item > item { break }
            item += 1
        }
        return ElementPath(section: path.section, item: item)
    }

    /// The destination of the item move from old `path` in the grid form, or `nil`.
    @inline(never)
    func gridMoveDestination(from path: ElementPath) -> ElementPath? {
        guard path.section >= 0, path.section < gridSections else { return nil }
        for entry in gridRemoved where entry.item == path.item && entry.partner >= 0 {
            return ElementPath(section: path.section, item: entry.partner)
        }
        return nil
    }

    /// The address and capacity of every list the grid form fills (a test hook: a steady stream
    /// of batches that allocates nothing leaves them all as they were).
    package var bufferIdentity: [Int] {
        func identity<T>(_ array: [T]) -> [Int] {
            [array.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }, array.capacity]
        }
        return identity(gridRemoved) + identity(gridAdded) + identity(gridMoves) + identity(bucketScratch)
    }
}
