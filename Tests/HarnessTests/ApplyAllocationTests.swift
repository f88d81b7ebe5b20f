import Diffing
import LayoutModel
import Measurement
import Testing

@testable import Harness
@testable import Scenarios

/// An unchanged snapshot re-applied allocates nothing (issue 39p): the difference's counts and its sections' identity
/// map, two arrays of one `Int` a section that every apply made (2 allocations, 96 bytes at 1 x 10,000 and 16,384
/// bytes at 1000 x 1000), are written into the storage the last apply left (`Snapshot.difference(to:into:)`, the
/// apply player's `ApplyScratch`).
///
/// Bytes are this thread's own jemalloc counters (`thread.allocated`, `thread.deallocated`), exact whatever other
/// suites do; allocation calls are process-wide, so they are not asserted here.
@Suite("An unchanged apply allocates nothing")
struct ApplyAllocationTests {
    /// 10 sections of 100 items, identifiers 0..<1000 in order, every content 0.
    static func snapshot() -> Snapshot<Int, Int, Int> {
        Snapshot((0..<10).map { section in
            SnapshotSection(section, items: Array(section * 100..<(section + 1) * 100))
        })
    }

    /// The reused difference allocates exactly the fresh one's bytes less its two arrays, in any build (a
    /// debug build's unspecialised diff allocates and frees temporaries of its own in both), and nothing at all in
    /// an optimised one.
    @Test("a difference written into the last one's storage: the fresh one's two arrays' bytes fewer, and the same difference")
    func differenceIntoReusedStorage() throws {
        guard Jemalloc.isActive else { return }
        let shown = Self.snapshot()
        // The whole sequence runs twice and the second is checked: the first does the runtime's first-use work (the
        // typed-throws `Result`'s metadata), which lands on whichever thread meets it first, so run alone this test
        // measured it in the first reused difference (1,904 bytes against 960 in a debug build).
        func trial() throws -> (reused: SnapshotDifference, deltas: [AllocationDelta],
                                fresh: Result<SnapshotDifference, SnapshotError>, freshDelta: AllocationDelta) {
            var reused = SnapshotDifference()
            try shown.difference(to: shown, into: &reused)  // the first apply gives the arrays their room
            var deltas: [AllocationDelta] = []
            for _ in 0..<2 {
                let (outcome, allocations) = AllocationCounter.measure {
                    Result { () throws(SnapshotError) in try shown.difference(to: shown, into: &reused) }
                }
                try outcome.get()
                deltas.append(try allocations.get())
            }
            let (fresh, freshAllocations) = AllocationCounter.measure {
                Result { () throws(SnapshotError) in try shown.difference(to: shown) }
            }
            return (reused, deltas, fresh, try freshAllocations.get())
        }
        _ = try trial()
        let (reused, deltas, fresh, freshDelta) = try trial()
        // 10 sections of 100: the counts [100 x 10], shared by the new counts; the identity map 0...9, shared by its
        // inverse; nothing inserted, deleted, moved or reloaded.
        #expect(try reused == fresh.get())
        #expect(reused.oldCounts == [Int](repeating: 100, count: 10) && reused.newSectionOfOld == Array(0..<10))
        #expect(reused.isEmpty && reused.staged().isEmpty)
        // The fresh difference's two arrays of 10 Ints: a 32-byte array header and 80 bytes each, 112 (a jemalloc
        // size class), 224 bytes in all; the reused one keeps nothing (all it allocates, it frees).
        #expect(deltas[0].allocatedBytes == deltas[1].allocatedBytes, "\(deltas)")
        #expect(freshDelta.allocatedBytes == deltas[0].allocatedBytes + 224, "fresh \(freshDelta), reused \(deltas[0])")
        #expect(deltas[0].allocatedBytes == deltas[0].freedBytes, "\(deltas[0])")
        #if !DEBUG
        #expect(deltas[0].allocatedBytes == 0, "\(deltas[0])")
        #endif
    }

    @Test("a changed snapshot after an unchanged one: the reused difference is the fresh one")
    func reuseAfterSharing() throws {
        let shown = Self.snapshot()
        var next = shown
        next.sections[3].items.remove(at: 7)  // item 307 deleted: section 3 has 99 items
        next.sections[3].contents.remove(at: 7)
        next.sections.swapAt(0, 1)  // section 0 moved after section 1
        var reused = SnapshotDifference()
        try shown.difference(to: shown, into: &reused)
        try shown.difference(to: next, into: &reused)
        let fresh = try shown.difference(to: next)
        #expect(reused == fresh)
        #expect(reused.itemDeletes == [ElementPath(section: 3, item: 7)] && reused.newCounts[3] == 99)
        try next.difference(to: next, into: &reused)
        #expect(reused == (try next.difference(to: next)) && reused.isEmpty)
    }

    /// Every counted apply allocates the same bytes (the warm-up's two applies gave the scratch its room and took the
    /// reused storage's path once: run alone, the first counted apply counted 1936 bytes and the next 960 when the
    /// warm-up applied once), and in an optimised build nothing (a debug build's unspecialised diff allocates
    /// temporaries of its own).
    @Test("the apply player's unchanged apply at 10 x 100: the same bytes in every counted apply, 0 optimised")
    func unchangedApplyAllocatesNothing() throws {
        guard Jemalloc.isActive else { return }
        let result = try ApplyRunnerTests.run(ApplyRunnerTests.flow(10, 100, .applyUnchanged))
        let bytes = try #require(result.metrics[.applyAllocatedBytes])
        #expect(bytes.count == 4 && bytes.max == bytes.min, "\(bytes.samples ?? [])")
        #if !DEBUG
        #expect(bytes.max == 0, "\(bytes.samples ?? [])")
        #endif
    }
}
