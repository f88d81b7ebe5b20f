import CCountingArena
import CJemalloc
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import Measurement

/// The instruction pass's counting thread: another thread, whose allocations go to a fresh arena at a fixed address.
@Suite("CountingThread")
struct CountingThreadTests {
    /// This thread's jemalloc arena.
    static func arena() -> UInt32 {
        var index: UInt32 = 0
        var size = MemoryLayout<UInt32>.size
        _ = mallctl("thread.arena", &index, &size, nil, 0)
        return index
    }

    @Test("the body runs on a new thread and its value comes back")
    func value() {
        let caller = pthread_self()
        let (sameThread, answer) = CountingThread.run { (pthread_equal(pthread_self(), caller) != 0, 42) }
        #expect(!sameThread)
        #expect(answer == 42)
    }

    @Test("its allocations go to a new arena whose memory lies in the range reserved at a fixed address",
          .enabled(if: Jemalloc.isActive))
    func arena() {
        let callerArena = Self.arena()
        let (arena, address) = CountingThread.run { () -> (UInt32, UInt) in
            let block = malloc(4096)
            defer { free(block) }
            return (Self.arena(), UInt(bitPattern: block))
        }
        #expect(arena != callerArena)
        let base = UInt(lb_counting_arena_base())
        #expect(base != 0 && base % (1 << 30) == 0)
        #expect(address >= base && address < base + (64 << 30))
    }
}
