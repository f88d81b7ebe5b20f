import LayoutModel

/// For every row, the first column whose `maxX` reaches each point of a lattice of x positions: where a row's column
/// search starts, so that a cold query of per-cell frames knows every row's columns before it reads any cell.
///
/// Why: in a grid of per-cell widths a row's `x` is a random walk, so one row's answer is a poor hint for the next
/// (at column 5000 of 30...200 pt cells two rows differ by about 40 columns), and each row's search became a chain
/// of dependent cache misses. With this index a query reads the entries of all its rows first (they are contiguous:
/// see the layout below), then loads every row's few candidate lines at once, so their misses overlap, and only then
/// searches and walks, in cache.
///
/// Layout: rows are grouped in blocks of ``blockRows``; within a block entries are key-major, so the entries of one
/// key for a block's 32 rows are 64 contiguous bytes, one cache line. A viewport's 20 rows read two or four lines of
/// index (the keys of its left and right edges, one or two blocks), not one line a row.
///
/// Size: the lattice spacing is four mean cell widths of the first row, so a row has about one entry per four cells
/// (per cache line of 16-byte compact cells) and the index holds about 0.5 bytes a cell as `UInt16`. A grid of more
/// than `UInt16.max` columns, or whose first row has no width, gets no index, and its searches gallop from
/// ``ColumnEstimate`` as before. Neither does a grid whose rows all have the first row's entries (uniform and
/// separable sizes, or rows that differ by less than the lattice resolves): every row's answer is then within one
/// lattice step of the first row's, where the plain search starts each row; the memory is freed when the last row
/// shows it.
///
/// The memory is allocated by hand and owned by one object, so a copy of ``GridRows`` retains one reference, not
/// three arrays, and a query's reader is a stored value: no `withUnsafeBufferPointer` closures a region.
///
/// The entries are hints only: a search that starts from a wrong one still finds the right column (it gallops), so
/// no answer depends on the index, only the number of cache lines a query waits on.
struct ColumnIndex {
    /// Rows per block, as a shift: 32 `UInt16` entries of one key fill one 64-byte cache line.
    static let blockShift = 5
    static let blockRows = 1 << blockShift
    /// The lattice spacing in mean cell widths: one entry per cache line of compact cells.
    static let cellsPerEntry = 4

    private var storage = ColumnIndexStorage()

    /// Bytes held by the index.
    var requestedBytes: Int { storage.requestedBytes }

    /// A reader over the index, valid until the next rebuild; `nil` when the grid has no index.
    @inline(__always)
    var reader: ColumnIndexReader? { storage.reader }

    /// Starts a new grid of `rows` x `columns`, dropping the previous index (its memory is reused).
    mutating func begin(rows: Int, columns: Int) {
        // A copy made for a query may still share the storage: never rebuild under it.
        if !isKnownUniquelyReferenced(&storage) { storage = ColumnIndexStorage() }
        storage.begin(rows: rows, columns: columns)
    }

    /// Adds row `row` (rows arrive in order, from 0), whose `frames` have non-decreasing `minX` and `maxX`.
    ///
    /// - Complexity: O(columns), one pass over the row while it is in cache.
    mutating func append(row: Int, of rows: Int, frames: UnsafeBufferPointer<Rect>) {
        storage.append(row: row, of: rows, frames: frames)
    }

    /// Adds row `row` (rows arrive in order, from 0) from its first cell's `minX` and every cell's `maxX`
    /// (non-decreasing), followed by two `+infinity`: `maxX.count` is the row's cells plus two. The same entries as
    /// ``append(row:of:frames:)`` gives for the same row, from 8 bytes a cell instead of 32.
    ///
    /// - Complexity: O(columns), one pass over `maxX`.
    mutating func append(row: Int, of rows: Int, minX: Double, maxX: UnsafeBufferPointer<Double>) {
        storage.append(row: row, of: rows, minX: minX, maxX: maxX)
    }
}

/// The memory of a ``ColumnIndex`` and its build.
final class ColumnIndexStorage {
    /// The entries, block after block; `count` of `capacity` in use.
    private var entries: UnsafeMutablePointer<UInt16>?
    private var count = 0
    private var capacity = 0
    /// Per block: the offset of its first entry, then its number of keys (keys at or above it lie beyond every row
    /// of the block). Interleaved, so a row's lookup reads one line of it.
    private var blocks: UnsafeMutablePointer<Int>?
    private var blockCapacity = 0
    private var blockCount = 0
    private var originX = 0.0
    private var spacing = 0.0
    private var columns = 0
    /// The block being built, key-major like the finished blocks (entry of key `k`, row `i` of the block at
    /// `k * blockRows + i`), every entry not yet written being "no column"; `stagedKeys` keys are in use.
    private var staged: [UInt16] = []
    private var stagedKeys = 0
    /// The first row's entries, and whether every row so far has the same: then every row's answer is within one
    /// lattice step of the first row's, and the plain search (which starts each row there) needs no index.
    private var firstRow: [UInt16] = []
    private var aligned = true
    /// Complete blocks not written while every row had the first row's entries: written from ``firstRow`` when a
    /// row differs, never for a grid that stays aligned (it allocates nothing).
    private var deferredBlocks = 0
    /// The entries the first row's width predicts, reserved when the first block is written.
    private var plannedCapacity = 0
    /// Set when the last row is in.
    private(set) var reader: ColumnIndexReader?

    var requestedBytes: Int {
        capacity * MemoryLayout<UInt16>.stride + blockCapacity * MemoryLayout<Int>.stride
    }

    deinit {
        HeapBuffer.deallocate(entries)
        HeapBuffer.deallocate(blocks)
    }

    func begin(rows: Int, columns: Int) {
        count = 0
        blockCount = 0
        self.columns = columns
        spacing = 0
        reader = nil
        firstRow.removeAll(keepingCapacity: true)
        aligned = true
        deferredBlocks = 0
        plannedCapacity = 0
        staged.removeAll(keepingCapacity: true)
        stagedKeys = 0
        let blocksNeeded = 2 * ((rows + ColumnIndex.blockRows - 1) >> ColumnIndex.blockShift)
        if blockCapacity < blocksNeeded {
            HeapBuffer.deallocate(blocks)
            blocks = HeapBuffer.allocate(capacity: blocksNeeded)
            blockCapacity = blocksNeeded
        }
    }

    func append(row: Int, of rows: Int, frames: UnsafeBufferPointer<Rect>) {
        guard !frames.isEmpty, let base = frames.baseAddress else { return }
        let end = frames.count
        // Past the row's end reads as `+infinity`, as the other entry point's sentinel.
        append(row: row, of: rows, end: end, firstMinX: base[0].origin.x) { c in
            c < end ? base[c].origin.x + base[c].size.width : .infinity
        }
    }

    func append(row: Int, of rows: Int, minX firstMinX: Double, maxX: UnsafeBufferPointer<Double>) {
        precondition(maxX.count > 1 && maxX[maxX.count - 2] == .infinity && maxX[maxX.count - 1] == .infinity,
                     "a row's maxX must end with two +infinity")
        guard let base = maxX.baseAddress else { return }
        append(row: row, of: rows, end: maxX.count - 2, firstMinX: firstMinX) { base[$0] }
    }

    /// Adds a row of `end` cells whose first starts at `firstMinX`; `maxX(c)` is cell `c`'s `maxX` for `c < end`,
    /// and `+infinity` for `c == end` and `c == end + 1`.
    @inline(__always)
    private func append(row: Int, of rows: Int, end: Int, firstMinX: Double, maxX: (Int) -> Double) {
        if row == 0 {
            guard end > 0, end <= Int(UInt16.max) else { return }
            let width = maxX(end - 1) - firstMinX
            let spacing = width / Double(end) * Double(ColumnIndex.cellsPerEntry)
            guard spacing.isFinite && spacing > 0 && firstMinX.isFinite else { return }
            originX = firstMinX
            self.spacing = spacing
            // Rows differ in width (a block takes its widest row's keys): a sixteenth more than the first row's.
            let keys = Int((width / spacing).rounded(.up)) + 1
            let blocks = (rows + ColumnIndex.blockRows - 1) >> ColumnIndex.blockShift
            plannedCapacity = blocks * ColumnIndex.blockRows * (keys + keys / 16)
        }
        guard spacing > 0 else { return }
        // The first column reaching each lattice point up to the row's end: one merge of the row with the lattice.
        // A row far wider than the first stops at one key a column, so the index stays within 2 bytes a cell; keys
        // beyond its last read as "past the row's end", a poor hint that costs a longer gallop, never a wrong answer.
        // Frames are finite and standardised (``RowBands`` checked them). The count of keys is estimated by a
        // division, then made exact by the same threshold the merge uses.
        let rowMaxX = end > 0 ? maxX(end - 1) : originX
        let span = (rowMaxX - originX) / spacing
        var keys = span >= 0 ? Int(Swift.min(span, Double(end))) + 1 : 0
        while keys <= end && threshold(keys) <= rowMaxX { keys += 1 }
        while keys > 0 && !(threshold(keys - 1) <= rowMaxX) { keys -= 1 }
        let none = UInt16(columns)
        if staged.count < keys * ColumnIndex.blockRows {
            staged.append(contentsOf: repeatElement(none, count: keys * ColumnIndex.blockRows - staged.count))
        }
        stagedKeys = Swift.max(stagedKeys, keys)
        let slot = row & (ColumnIndex.blockRows - 1)
        staged.withUnsafeMutableBufferPointer { staged in
            guard let out = staged.baseAddress else { return }
            // `maxX(end)` is `+infinity`, which no lattice point exceeds: the walk stops there.
            var c = 0
            for k in 0..<keys {
                let t = threshold(k)
                // Two cells a step: every cell before `c` ends left of `t`, and `maxX(end)` is `+infinity`, so
                // `c + 1 <= end + 1` here. The last step is one cell or none, without a branch.
                while maxX(c &+ 1) < t { c &+= 2 }
                c &+= maxX(c) < t ? 1 : 0
                out[k &* ColumnIndex.blockRows &+ slot] = UInt16(truncatingIfNeeded: c)
            }
        }
        if aligned { compareWithFirstRow(slot: slot, keys: keys, row: row) }
        if slot == ColumnIndex.blockRows - 1 || row == rows - 1 { flushBlock() }
        guard row == rows - 1 else { return }
        if aligned {
            // Every row has the first row's entries (columns line up to within a lattice step): hold nothing.
            release()
        } else if let entries, let blocks {
            reader = ColumnIndexReader(entries: entries, blocks: blocks, originX: originX, spacing: spacing,
                                       columns: columns)
        }
    }

    /// Records the first row's entries, or, when a later row's differ, clears ``aligned`` and writes the blocks
    /// deferred until then.
    private func compareWithFirstRow(slot: Int, keys: Int, row: Int) {
        let same = staged.withUnsafeBufferPointer { staged -> Bool in
            guard let out = staged.baseAddress else { return false }
            if row == 0 {
                // A plain loop: appending a lazy map boxed its closure on the heap, one allocation a rebuild.
                firstRow.reserveCapacity(keys)
                for k in 0..<keys { firstRow.append(out[k &* ColumnIndex.blockRows]) }
                return true
            }
            guard keys == firstRow.count else { return false }
            for k in 0..<keys where out[k &* ColumnIndex.blockRows &+ slot] != firstRow[k] { return false }
            return true
        }
        if !same {
            aligned = false
            writeDeferredBlocks()
        }
    }

    /// Writes each deferred block as the finished blocks are written: every row has the first row's entries.
    private func writeDeferredBlocks() {
        let keys = firstRow.count
        reserve(Swift.max(count + deferredBlocks * keys * ColumnIndex.blockRows, plannedCapacity))
        guard let entries, let blocks else { return }
        for _ in 0..<deferredBlocks {
            blocks[2 * blockCount] = count
            blocks[2 * blockCount + 1] = keys
            blockCount += 1
            for k in 0..<keys {
                (entries + count + k * ColumnIndex.blockRows).update(repeating: firstRow[k],
                                                                     count: ColumnIndex.blockRows)
            }
            count += keys * ColumnIndex.blockRows
        }
        deferredBlocks = 0
    }

    /// Frees the entries and the block table.
    private func release() {
        HeapBuffer.deallocate(entries)
        HeapBuffer.deallocate(blocks)
        entries = nil
        blocks = nil
        count = 0
        capacity = 0
        blockCount = 0
        blockCapacity = 0
        spacing = 0
    }

    /// The lattice point of key `k`, the same expression at build and at query.
    @inline(__always)
    private func threshold(_ k: Int) -> Double { originX + Double(k) * spacing }

    /// Grows the entries to hold at least `needed`, keeping those written.
    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        let grown = Swift.max(needed, capacity + capacity / 8)
        let memory = HeapBuffer.allocate(UInt16.self, capacity: grown)
        _adviseHugePages(memory, bytes: grown * MemoryLayout<UInt16>.stride)
        if let entries {
            memory.update(from: entries, count: count)
            HeapBuffer.deallocate(entries)
        }
        entries = memory
        capacity = grown
    }

    /// Appends the staged block to the entries (one copy), or defers it while every row has the first row's
    /// entries, and clears the staged entries it used.
    private func flushBlock() {
        let used = stagedKeys * ColumnIndex.blockRows
        if aligned {
            deferredBlocks += 1
        } else {
            reserve(Swift.max(count + used, plannedCapacity))
            if let entries, let blocks {
                blocks[2 * blockCount] = count
                blocks[2 * blockCount + 1] = stagedKeys
                blockCount += 1
                staged.withUnsafeBufferPointer { staged in
                    guard let base = staged.baseAddress else { return }
                    (entries + count).update(from: base, count: used)
                }
                count += used
            }
        }
        staged.withUnsafeMutableBufferPointer { staged in
            staged.baseAddress?.update(repeating: UInt16(columns), count: used)
        }
        stagedKeys = 0
    }
}

/// A ``ColumnIndex`` over unsafe pointers, for one query: no reference counting in the strategies' loops.
struct ColumnIndexReader {
    let entries: UnsafePointer<UInt16>
    let blocks: UnsafePointer<Int>
    let originX: Double
    let spacing: Double
    let keysPerPoint: Double
    let columns: Int

    init(entries: UnsafeMutablePointer<UInt16>, blocks: UnsafeMutablePointer<Int>, originX: Double, spacing: Double,
         columns: Int) {
        self.entries = UnsafePointer(entries)
        self.blocks = UnsafePointer(blocks)
        self.originX = originX
        self.spacing = spacing
        keysPerPoint = 1 / spacing
        self.columns = columns
    }

    /// The lattice point of key `k`, as the build computed it.
    @inline(__always)
    func threshold(_ k: Int) -> Double { originX + Double(k) * spacing }

    /// A key whose lattice point is at or left of `x` (`-1` left of the first, clamped above): ``key(forX:)``, one
    /// less when rounding in its product put that key's point right of `x`. Every entry of such a key is at or left
    /// of the row's first column whose `maxX` reaches `x`, which lies at or past the point; except a row's keys past
    /// its last (``ColumnIndexReader/column(row:key:)`` gives the row's end there), which a search must still check.
    @inline(__always)
    func key(atOrLeftOf x: Double) -> Int {
        let k = key(forX: x)
        return k >= 0 && k < Int(Int32.max) && !(threshold(k) <= x) ? k &- 1 : k
    }

    /// The key whose lattice point is at or just left of `x` (`-1` left of the first, clamped above).
    @inline(__always)
    func key(forX x: Double) -> Int {
        let k = (x - originX) * keysPerPoint
        if !(k >= 0) { return -1 }
        if k >= Double(Int32.max) { return Int(Int32.max) }
        return Int(k)
    }

    /// The first column of row `row` whose `maxX` reaches the lattice point of `key`: 0 left of the lattice,
    /// `columns` beyond the row's end.
    @inline(__always)
    func column(row: Int, key: Int) -> Int {
        if key < 0 { return 0 }
        let block = (row &>> ColumnIndex.blockShift) &<< 1
        if key >= blocks[block &+ 1] { return columns }
        return Int(entries[blocks[block] &+ key &<< ColumnIndex.blockShift &+ (row & (ColumnIndex.blockRows - 1))])
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Asks the kernel to back the whole 2 MB pages inside `bytes` at `base` with transparent huge pages, before they
/// are touched (as `Array._adviseHugePages()` does for an array's capacity): a cold query's few index lines then
/// cost no TLB miss each. Nothing changes but the speed where the call is unavailable or refused.
private func _adviseHugePages(_ base: UnsafeMutableRawPointer, bytes: Int) {
    #if canImport(Glibc)
    let huge = 2 << 20
    guard bytes >= 2 * huge else { return }
    let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
    let end = (Int(bitPattern: base) + bytes) & ~(huge - 1)
    guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
    _ = madvise(pointer, end - start, MADV_HUGEPAGE)
    #endif
}
