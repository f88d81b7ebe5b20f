/// A batch's section steps on a list of records by position, deferred so that the records move once a batch: each
/// record that survives moves at most once, to its final position, instead of once for every section step before it
/// (an incremental flow's section record is 144 bytes, and a `memmove` of every record after each step was most of a
/// batch's cost at 1000 sections; issue 39). The records stay in their array, contiguous and by position, for the
/// queries; only the batch's bookkeeping is here.
///
/// The list after the steps so far is kept as pieces in order: runs of the records before the batch (old positions
/// `old..<old + count`) and records the batch inserted (numbered in insertion order, held by the caller). A step
/// splits at most one run, so a batch of k section steps has at most 2k + 1 pieces; a caller that has more than it
/// wants (``pieces``) applies them (``forEachMove(_:)``) and starts again from the result.
struct SectionShifts: Sendable {
    /// A run of old records (`old >= 0`, `count` of them), or the inserted record `~old` (`old < 0`, count 1).
    struct Piece: Sendable, Equatable {
        var old: Int
        var count: Int
    }

    /// The pieces, in order; empty while no step is pending (the list is then the records as they are).
    private(set) var pieces: [Piece] = []
    /// The number of records before the pending steps.
    private(set) var oldCount = 0
    /// The number of records after the pending steps.
    private(set) var count = 0
    /// The number of records inserted by the pending steps, live or removed again.
    private(set) var inserted = 0

    /// The bytes the pieces hold.
    var bytes: Int { pieces.capacity * MemoryLayout<Piece>.stride }

    /// Whether steps are pending.
    @inline(__always) var isPending: Bool { inserted > 0 || count != oldCount }

    /// Starts a batch over a list of `count` records; keeps the pieces' capacity.
    ///
    /// - Complexity: O(1).
    mutating func start(count: Int) {
        pieces.removeAll(keepingCapacity: true)
        oldCount = count
        self.count = count
        inserted = 0
        if pieces.capacity == 0 { pieces.reserveCapacity(64) }
        if count > 0 { pieces.append(Piece(old: 0, count: count)) }
    }

    /// Where the record at `position` (`0..<count`) is now: its old position (`>= 0`), or `~k` for the k-th
    /// inserted record.
    ///
    /// - Complexity: O(pieces).
    func location(of position: Int) -> Int {
        let (piece, offset) = find(position)
        let old = pieces[piece].old
        return old < 0 ? old : old + offset
    }

    /// Removes the record at `position` (`0..<count`) from the list, and answers its location (``location(of:)``).
    ///
    /// - Complexity: O(pieces).
    mutating func remove(at position: Int) -> Int {
        let (piece, offset) = find(position)
        let run = pieces[piece]
        count -= 1
        if run.old < 0 || run.count == 1 {
            pieces.remove(at: piece)
            return run.old
        }
        if offset == 0 {
            pieces[piece] = Piece(old: run.old + 1, count: run.count - 1)
        } else if offset == run.count - 1 {
            pieces[piece].count -= 1
        } else {
            pieces[piece].count = offset
            pieces.insert(Piece(old: run.old + offset + 1, count: run.count - offset - 1), at: piece + 1)
        }
        return run.old + offset
    }

    /// Inserts a new record at `position` (`0...count`), and answers its number among the inserted records (its
    /// location is the complement of it).
    ///
    /// - Complexity: O(pieces).
    @discardableResult
    mutating func insert(at position: Int) -> Int {
        let number = inserted
        inserted += 1
        let new = Piece(old: ~number, count: 1)
        if position == count {
            pieces.append(new)
        } else {
            let (piece, offset) = find(position)
            if offset == 0 {
                pieces.insert(new, at: piece)
            } else {
                let run = pieces[piece]
                pieces[piece].count = offset
                pieces.insert(contentsOf: [new, Piece(old: run.old + offset, count: run.count - offset)],
                              at: piece + 1)
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
        for piece in pieces {
            if piece.old >= 0 && piece.old > position { move(piece.old, position, piece.count) }
            position += piece.count
        }
        for piece in pieces.reversed() {
            position -= piece.count
            if piece.old >= 0 && piece.old < position { move(piece.old, position, piece.count) }
        }
        for piece in pieces {
            if piece.old < 0 { place(~piece.old, position) }
            position += piece.count
        }
    }

    /// The piece holding `position`, and the offset in it.
    @inline(__always)
    private func find(_ position: Int) -> (piece: Int, offset: Int) {
        var start = 0
        for piece in pieces.indices {
            let end = start + pieces[piece].count
            if position < end { return (piece, position - start) }
            start = end
        }
        preconditionFailure("section \(position) of \(count)")
    }
}
