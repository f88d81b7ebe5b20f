#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Measurement
import Testing

/// Exact jemalloc figures for regions whose allocations are known from the code alone.
///
/// Bytes (`thread.allocated`, `thread.deallocated`, `thread.peak`) are this thread's own counters, so they are
/// asserted exactly on every attempt. Calls (`nrequests`) are process-wide, and Swift Testing runs other suites on
/// other threads at the same time: whenever one of them refills or flushes its thread cache during a measured
/// region, its requests land in the same counters. That noise only ever adds. So each call-count assertion measures
/// the region repeatedly, checks that no attempt saw fewer calls than expected, and requires the minimum to equal
/// the expected count exactly. Attempts continue until one is exact (and a minimum number have run), within
/// `AttemptBudget`: with another thread allocating flat out, about a third of attempts were exact on this 2-core
/// machine. `.serialized` keeps this suite's own tests from being that noise for each other.
@Suite("Allocation counting (jemalloc)", .serialized)
struct AllocationTests {
    /// A class with a known layout: a 16-byte object header (isa, refcount) and four `Int` fields.
    final class FourInts {
        var a: Int, b: Int, c: Int, d: Int
        init(_ value: Int) { (a, b, c, d) = (value, value, value, value) }
        /// 16 + 4 x 8 = 48 bytes, what `swift_allocObject` asks `malloc` for.
        static let requestedBytes = 16 + 4 * MemoryLayout<Int>.size
    }

    /// How long an exact call count may be retried while other suites add noise.
    enum AttemptBudget {
        static let maximumAttempts = 2_000
        /// Between noisy attempts, sleep this long so that attempts spread over time and find a quiet moment.
        static let pauseMicroseconds: UInt32 = 2_000
    }

    static let objectCount = 1_000

    @Test("jemalloc 5 serves this test process's allocations")
    func jemallocIsActive() throws {
        guard case .jemalloc(let version) = Jemalloc.status else {
            Issue.record("jemalloc is not the allocator: \(Jemalloc.status)")
            return
        }
        #expect(version.hasPrefix("5."))
        #expect(Jemalloc.isActive)
    }

    @Test("jemalloc's size classes as derived here: 48 is a class, 49 rounds to 64, 1 MiB + 32 to 1.25 MiB")
    func sizeClasses() {
        #expect(Self.sizeClass(1) == 8)
        #expect(Self.sizeClass(17) == 32)
        #expect(Self.sizeClass(48) == 48)
        #expect(Self.sizeClass(49) == 64)
        #expect(Self.sizeClass(80) == 80)
        #expect(Self.sizeClass(129) == 160)
        #expect(Self.sizeClass(1 << 20) == 1 << 20)
        #expect(Self.sizeClass((1 << 20) + 32) == (1 << 20) + (1 << 18))
    }

    @Test("an empty region measures exactly 0 calls and 0 bytes, every time")
    func emptyRegionIsZero() throws {
        let calls = try exactCalls(expected: 0, minimumAttempts: 200) {
            let delta = try AllocationCounter.measure {}.allocations.get()
            #expect(delta.allocatedBytes == 0)
            #expect(delta.freedBytes == 0)
            #expect(delta.peakBytes == 0)
            return delta.calls
        }
        #expect(calls.minimum == 0)
        #expect(calls.belowExpected == 0)
    }

    @Test("1000 small objects: exactly 1000 calls and 1000 x 48 bytes; releasing them frees exactly as much")
    func smallObjects() throws {
        let count = Self.objectCount
        let classBytes = UInt64(Self.sizeClass(FourInts.requestedBytes))
        #expect(classBytes == 48)
        var objects: [FourInts] = []
        objects.reserveCapacity(count)

        let allocation = try exactCalls(expected: UInt64(count), minimumAttempts: 10) {
            let delta = try AllocationCounter.measure {
                for i in 0..<count { objects.append(FourInts(i)) }
            }.allocations.get()
            #expect(delta.allocatedBytes == UInt64(count) * classBytes)
            #expect(delta.freedBytes == 0)
            #expect(delta.peakBytes >= UInt64(count) * classBytes)
            objects.removeAll(keepingCapacity: true)
            return delta.calls
        }
        #expect(allocation.minimum == UInt64(count))
        #expect(allocation.belowExpected == 0)

        let release = try exactCalls(expected: 0, minimumAttempts: 10) {
            for i in 0..<count { objects.append(FourInts(i)) }
            let delta = try AllocationCounter.measure { objects.removeAll(keepingCapacity: true) }.allocations.get()
            #expect(delta.allocatedBytes == 0)
            #expect(delta.freedBytes == UInt64(count) * classBytes)
            return delta.calls
        }
        #expect(release.minimum == 0)
        #expect(release.belowExpected == 0)
    }

    @Test("a single 1 MiB allocation is 1 large call of exactly 1 MiB, and its peak is at least 1 MiB")
    func oneMebibyte() throws {
        let size = 1 << 20
        #expect(Self.sizeClass(size) == size)
        let calls = try exactCalls(expected: 1) {
            // swift_slowAlloc calls malloc(size) for alignments up to 16. 1 MiB is far above jemalloc's largest small
            // class (14 KiB), so the one call is a large request.
            let (pointer, allocations) = AllocationCounter.measure {
                UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            }
            let delta = try allocations.get()
            #expect(delta.allocatedBytes == UInt64(size))
            #expect(delta.peakBytes >= UInt64(size))
            let freed = try AllocationCounter.measure { pointer.deallocate() }.allocations.get()
            #expect(freed.freedBytes == UInt64(size))
            #expect(freed.allocatedBytes == 0)
            return delta.calls
        }
        #expect(calls.minimum == 1)
        #expect(calls.belowExpected == 0)
    }

    @Test("a region that allocates 1 MiB and frees it again still peaks at 1 MiB or more")
    func transientPeak() throws {
        let size = 1 << 20
        // jemalloc samples the peak every 64 KiB of allocation traffic; a 1 MiB request always triggers a sample.
        let delta = try AllocationCounter.measure {
            UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16).deallocate()
        }.allocations.get()
        #expect(delta.allocatedBytes == UInt64(size))
        #expect(delta.freedBytes == UInt64(size))
        #expect(delta.peakBytes >= UInt64(size))
    }

    @Test("a region's peak does not depend on what the thread allocated before it")
    func peakIndependentOfHistory() throws {
        // The region keeps five blocks of 20,000 bytes alive (100,000 bytes), then frees them. jemalloc updates the
        // peak only at its events (every 64 KiB allocated or freed, counted from the last) and at the read, after the
        // frees: so the peak it reports is the live total at whichever allocation crossed an event, which depended on
        // how far the thread's earlier traffic had taken the counts. The counter restarts both counts before the
        // region, so every history below gives the same figure.
        func region() throws -> UInt64 {
            try AllocationCounter.measure {
                let blocks = (0..<5).map { _ in UnsafeMutableRawPointer.allocate(byteCount: 20_000, alignment: 16) }
                for block in blocks { block.deallocate() }
            }.allocations.get().peakBytes
        }
        _ = try region()  // the first use of the code above (its metadata) is not what this checks
        var peaks: [UInt64] = []
        for before in [0, 5_000, 20_000, 40_000, 60_000, 100_000] {
            if before > 0 { UnsafeMutableRawPointer.allocate(byteCount: before, alignment: 16).deallocate() }
            peaks.append(try region())
        }
        #expect(Set(peaks).count == 1, "peaks \(peaks)")
        // The five blocks and the array holding them are live at some event: at least one block, at most all five
        // (20,480 bytes each in jemalloc's size classes) and the array.
        #expect(peaks[0] >= 20_000 && peaks[0] <= 5 * 20_480 + 4_096)
    }

    @Test("the result of the body is returned, and its errors are rethrown")
    func resultAndErrors() throws {
        struct Failure: Error {}
        #expect(AllocationCounter.measure { 42 }.result == 42)
        #expect(throws: Failure.self) { try AllocationCounter.measure { throw Failure() } }
        #expect(!AllocationError.jemallocInactive(reason: "glibc").description.contains("\n"))
    }

    @Test("the body runs exactly once when the counters fail, before it or after it, and its value comes back")
    func bodyRunsOnce() throws {
        var runs = 0
        let unresolved = AllocationCounter.measure(controls: .failure(.jemallocInactive(reason: "test"))) {
            runs += 1
            return "applied"
        }
        #expect(runs == 1 && unresolved.result == "applied")
        #expect(throws: AllocationError.self) { try unresolved.allocations.get() }
        // Controls that work at the start of the region and fail at its end, after the body ran.
        guard Jemalloc.isActive, let broken = try? JemallocControls.failingAtTheEnd() else { return }
        let failing = AllocationCounter.measure(controls: .success(broken)) {
            runs += 1
            return "applied"
        }
        #expect(runs == 2 && failing.result == "applied")
        #expect(throws: AllocationError.self) { try failing.allocations.get() }
    }

    // MARK: Helpers

    /// Runs `attempt` (which returns a measured call count) once to warm up (first uses of generic code fill the
    /// runtime's metadata caches), then at least `minimumAttempts` times and until it returns `expected`, within
    /// the budget. Returns the smallest count seen and how many attempts saw fewer than `expected`, which would be
    /// a bug: concurrent noise only adds.
    private func exactCalls(
        expected: UInt64,
        minimumAttempts: Int = 1,
        _ attempt: () throws -> UInt64
    ) throws -> (minimum: UInt64, belowExpected: Int) {
        _ = try attempt()
        var minimum = UInt64.max
        var belowExpected = 0
        for attempts in 1...AttemptBudget.maximumAttempts {
            let calls = try attempt()
            minimum = min(minimum, calls)
            if calls < expected { belowExpected += 1 }
            if minimum == expected && attempts >= minimumAttempts { break }
            if calls != expected { usleep(AttemptBudget.pauseMicroseconds) }
        }
        return (minimum, belowExpected)
    }

    /// jemalloc's size class for a request of `bytes`, on x86-64 Linux (16-byte quantum, 4 KiB pages): 8, then
    /// multiples of 16 up to 64, then four classes per doubling (80, 96, 112, 128, 160, 192, 224, 256, 320, ...).
    /// The same rule holds for large classes, up to the 4 EiB limit.
    static func sizeClass(_ bytes: Int) -> Int {
        if bytes <= 8 { return 8 }
        if bytes <= 64 { return (bytes + 15) & ~15 }
        let ceilingLog2 = Int.bitWidth - (bytes - 1).leadingZeroBitCount
        let spacing = 1 << (ceilingLog2 - 3)
        return (bytes + spacing - 1) & ~(spacing - 1)
    }
}
