#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Measurement
import Testing

@Suite("MonotonicClock, ResidentMemory and BuildConfiguration")
struct MonotonicClockTests {
    @Test("now() never decreases over thousands of reads")
    func neverDecreases() {
        var previous = MonotonicClock.now()
        var decreases = 0
        let first = previous
        for _ in 0..<5_000 {
            let t = MonotonicClock.now()
            if t < previous { decreases += 1 }
            previous = t
        }
        #expect(decreases == 0)
        #expect(previous >= first)
        #expect(first > 0)
    }

    @Test("now() advances across a sleep by at least the time slept")
    func advancesAcrossSleep() {
        let start = MonotonicClock.now()
        usleep(2_000)
        let elapsed = MonotonicClock.now() - start
        #expect(elapsed >= 2_000_000)
        #expect(elapsed < 10_000_000_000, "a 2 ms sleep took \(elapsed) ns")
    }

    @Test("measure returns the body's result and the time it took")
    func measure() throws {
        let (result, nanoseconds) = MonotonicClock.measure { () -> Int in
            usleep(1_000)
            return 42
        }
        #expect(result == 42)
        #expect(nanoseconds >= 1_000_000)

        struct Boom: Error {}
        #expect(throws: Boom.self) {
            _ = try MonotonicClock.measure { () throws -> Int in throw Boom() }
        }
    }

    @Test("ResidentMemory.currentBytes() is positive and grows when memory is touched")
    func residentMemory() throws {
        #if os(Linux)
        let before = try #require(ResidentMemory.currentBytes())
        #expect(before > 0)
        // Touch 64 MiB so the resident set must include it.
        let count = 64 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 4096)
        defer { buffer.deallocate() }
        var offset = 0
        while offset < count {
            buffer[offset] = 1
            offset += 4096
        }
        let after = try #require(ResidentMemory.currentBytes())
        #expect(buffer[count - 4096] == 1)
        // The touched pages are resident now. (Other tests run concurrently and may free memory, so `after` is not
        // compared with `before`.)
        #expect(after >= count, "resident \(after) bytes after touching \(count)")
        #expect(after % Int(sysconf(Int32(_SC_PAGESIZE))) == 0)
        #else
        #expect(ResidentMemory.currentBytes() == nil)
        #endif
    }

    @Test("BuildConfiguration.current matches how the tests were built")
    func buildConfiguration() {
        #if DEBUG
        #expect(BuildConfiguration.current == .debug)
        #else
        #expect(BuildConfiguration.current == .release)
        #endif
        #expect(BuildConfiguration(rawValue: "debug") == .debug)
        #expect(BuildConfiguration(rawValue: "release") == .release)
    }
}
