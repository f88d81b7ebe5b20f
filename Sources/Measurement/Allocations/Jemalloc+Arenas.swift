import CCountingArena
import CJemalloc

extension Jemalloc {
    /// Sends this thread's allocations to a new, empty jemalloc arena whose memory comes from one address range
    /// reserved at a fixed address, with a new thread cache; returns the arena's index, or `nil` when jemalloc is
    /// not the allocator or refuses (then nothing changed).
    ///
    /// The instruction pass calls it before it builds each scenario, so that what the counted regions find in the
    /// heap (which size classes have free regions in which slabs, when a bin must be refilled, at which addresses
    /// extents lie) follows from the scenario's own allocations only, not from what the process allocated or mapped
    /// before: start-up work that differs between machines (files of other lengths, another environment) then cannot
    /// move a count. Memory freed later goes back to the arena it came from, whichever arena the thread uses by then.
    /// When the range cannot be reserved, the arena maps memory as jemalloc usually does.
    ///
    /// - Complexity: O(1), plus emptying the thread cache.
    @discardableResult
    public static func enterFreshArena() -> UInt32? {
        guard isActive else { return nil }
        var index: UInt32 = 0
        var size = MemoryLayout<UInt32>.size
        var hooks = lb_counting_arena_hooks()
        let created = hooks == nil
            ? mallctl("arenas.create", &index, &size, nil, 0)
            : mallctl("arenas.create", &index, &size, &hooks, MemoryLayout<UnsafeMutableRawPointer?>.size)
        guard created == 0 else { return nil }
        var chosen = index
        guard mallctl("thread.arena", nil, nil, &chosen, MemoryLayout<UInt32>.size) == 0 else { return nil }
        // A new thread cache, not only an empty one: the cache adapts how many objects it fetches per size class to
        // what the thread allocated before (2000 start-up allocations changed the refills of a later prepare from
        // 7 to 5 per size class), and switching it off and on again starts it from its defaults.
        var off = false, on = true
        guard mallctl("thread.tcache.enabled", nil, nil, &off, MemoryLayout<Bool>.size) == 0,
              mallctl("thread.tcache.enabled", nil, nil, &on, MemoryLayout<Bool>.size) == 0
        else { return nil }
        return index
    }
}
