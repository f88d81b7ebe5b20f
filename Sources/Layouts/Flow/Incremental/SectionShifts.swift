/// A batch's section steps on a list of records by position, deferred so that the records move once a batch: each
/// record that survives moves at most once, to its final position, instead of once for every section step before it
/// (a `memmove` of every later record after each step was most of a batch's cost at 1000 sections; issue 39, when an
/// incremental flow's section record was 144 bytes: it now moves 16, `IncrementalFlowSections`). The records stay in their array, contiguous and by position, for the
/// queries; only the batch's bookkeeping is here.
///
/// The list after the steps so far is kept as pieces in order: runs of the records before the batch (old positions
/// `old..<old + count`) and records the batch inserted (numbered in insertion order, held by the caller). A step
/// splits at most one run, so a batch of k section steps has at most 2k + 1 pieces; a caller that has more than it
/// wants (``pieceCount``) applies them (``forEachMove(move:place:)``) and starts again from the result.
struct SectionShifts: Sendable {
    /// The pieces, in order, two integers each: `old` and `count`, a run of old records (`old >= 0`, `count` of
    /// them) or the inserted record `~old` (`old < 0`, count 1). Empty while no batch is recorded. (Flat, so that
    /// the array's type is one every process has already made: a new element type cost a runtime metadata lookup
    /// in a layout's first batch.)
    private var runs: [Int] = []
    /// The number of records before the pending steps.
    private(set) var oldCount = 0
    /// The number of records after the pending steps.
    private(set) var count = 0
    /// The number of records inserted by the pending steps, live or removed again.
    private(set) var inserted = 0

    /// The number of pieces.
    @inline(__always) var pieceCount: Int { runs.count >> 1 }

    /// The bytes the pieces hold.
    var bytes: Int { runs.capacity * MemoryLayout<Int>.stride }

    /// Whether steps are pending.
    @inline(__always) var isPending: Bool { inserted > 0 || count != oldCount }

    /// Starts a batch over a list of `count` records; keeps the pieces' capacity (32 pieces reserved the first time).
    ///
    /// - Complexity: O(1).
    mutating func start(count: Int) {
        runs.removeAll(keepingCapacity: true)
        if runs.capacity == 0 { runs.reserveCapacity(64) }
        oldCount = count
        self.count = count
        inserted = 0
        if count > 0 { runs.append(0); runs.append(count) }
    }

    /// Where the record at `position` (`0..<count`) is now: its old position (`>= 0`), or `~k` for the k-th
    /// inserted record.
    ///
    /// - Complexity: O(pieces).
    func location(of position: Int) -> Int {
        let (piece, offset) = find(position)
        let old = runs[2 * piece]
        return old < 0 ? old : old + offset
    }

    /// Removes the record at `position` (`0..<count`) from the list, and answers its location (``location(of:)``).
    ///
    /// - Complexity: O(pieces).
    mutating func remove(at position: Int) -> Int {
        let (piece, offset) = find(position)
        let old = runs[2 * piece], length = runs[2 * piece + 1]
        count -= 1
        if old < 0 || length == 1 {
            removePiece(piece)
            return old
        }
        if offset == 0 {
            runs[2 * piece] = old + 1
            runs[2 * piece + 1] = length - 1
        } else if offset == length - 1 {
            runs[2 * piece + 1] = length - 1
        } else {
            runs[2 * piece + 1] = offset
            insertPiece(old: old + offset + 1, count: length - offset - 1, at: piece + 1)
        }
        return old + offset
    }

    /// Inserts a new record at `position` (`0...count`), and answers its number among the inserted records (its
    /// location is the complement of it).
    ///
    /// - Complexity: O(pieces).
    @discardableResult
    mutating func insert(at position: Int) -> Int {
        let number = inserted
        inserted += 1
        if position == count {
            runs.append(~number)
            runs.append(1)
        } else {
            let (piece, offset) = find(position)
            if offset == 0 {
                insertPiece(old: ~number, count: 1, at: piece)
            } else {
                let old = runs[2 * piece], length = runs[2 * piece + 1]
                runs[2 * piece + 1] = offset
                insertPiece(old: old + offset, count: length - offset, at: piece + 1)
                insertPiece(old: ~number, count: 1, at: piece + 1)
            }
        }
        count += 1
        return number
    }

    /// The moves that turn the list before the steps into the list after them, in an order that is safe in place
    /// in one array of `max(oldCount, count)` records: `move(from, to, count)` for a run of old records whose
    /// position changes (the runs moving towards the start first, front to back, then those moving towards the end,
    /// back to front, so no run overwrites a record another run still has to read; a run may overlap its own
    /// destination, as `UnsafeMutablePointer.update(from:count:)` allows), and `place(k, to)` for each inserted
    /// record after every move. Records of the old list that are not moved or overwritten are left where they are:
    /// those at or after ``count`` are the caller's to drop.
    ///
    /// - Complexity: O(pieces).
    func forEachMove(move: (_ from: Int, _ to: Int, _ count: Int) -> Void, place: (_ inserted: Int, _ to: Int) -> Void) {
        var position = 0
        for piece in 0..<pieceCount {
            let old = runs[2 * piece], length = runs[2 * piece + 1]
            if old >= 0 && old > position { move(old, position, length) }
            position += length
        }
        for piece in (0..<pieceCount).reversed() {
            let old = runs[2 * piece], length = runs[2 * piece + 1]
            position -= length
            if old >= 0 && old < position { move(old, position, length) }
        }
        for piece in 0..<pieceCount {
            let old = runs[2 * piece]
            if old < 0 { place(~old, position) }
            position += runs[2 * piece + 1]
        }
    }

    /// Inserts the piece (`old`, `count`) before piece `piece`: the pieces after it move by hand (a batch has a few
    /// dozen at most), since two `Array.insert` calls went through the generic `replaceSubrange`, about 400
    /// instructions a section step (issue 39k).
    @inline(__always)
    private mutating func insertPiece(old: Int, count: Int, at piece: Int) {
        runs.append(0)
        runs.append(0)
        runs.withUnsafeMutableBufferPointer { runs in
            var index = runs.count &- 1
            while index >= 2 &* piece &+ 2 {
                runs[index] = runs[index &- 2]
                index &-= 1
            }
            runs[2 &* piece] = old
            runs[2 &* piece &+ 1] = count
        }
    }

    /// Removes piece `piece`, the pieces after it moved by hand as in ``insertPiece(old:count:at:)``.
    @inline(__always)
    private mutating func removePiece(_ piece: Int) {
        runs.withUnsafeMutableBufferPointer { runs in
            var index = 2 &* piece
            while index &+ 2 < runs.count {
                runs[index] = runs[index &+ 2]
                index &+= 1
            }
        }
        runs.removeLast()
        runs.removeLast()
    }

    /// The piece holding `position`, and the offset in it.
    @inline(__always)
    private func find(_ position: Int) -> (piece: Int, offset: Int) {
        var start = 0
        for piece in 0..<pieceCount {
            let end = start + runs[2 * piece + 1]
            if position < end { return (piece, position - start) }
            start = end
        }
        preconditionFailure("section \(position) of \(count)")
    }
}
