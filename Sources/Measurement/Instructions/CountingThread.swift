#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work on a new thread whose heap starts from nothing: the instruction pass counts each scenario there, so that
/// no count depends on what the process did before.
///
/// jemalloc keeps state per thread that follows the thread's whole history: its cache's refill sizes adapt to past
/// use, and its periodic events (the cache's garbage collection, the peak tracker) fire every so many bytes allocated
/// since the thread started. A machine whose start-up allocates more (other `/proc` files, another environment) would
/// move those events into other regions. A new thread starts all of them from zero; its allocations then go to a
/// fresh arena whose memory lies at a fixed address (``Jemalloc/enterFreshArena()``).
public enum CountingThread {
    /// The new thread's stack: the size of the main thread's by default, fixed rather than taken from `ulimit -s`.
    public static let stackBytes = 8 << 20

    /// Runs `body` on a new thread (its allocations in a fresh arena), waits for it, and returns what it returned.
    /// When no thread can be started, runs `body` on this thread, in a fresh arena. (A throwing body returns a
    /// `Result`.)
    ///
    /// - Complexity: O(1) besides `body`: one thread started and joined.
    public static func run<Value>(_ body: @escaping () -> Value) -> Value {
        let work = Work(body: body)
        let context = Unmanaged.passRetained(work).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackBytes)
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let started = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            Unmanaged<AnyWork>.fromOpaque(context).takeRetainedValue().perform()
            return nil
        }, context)
        if started != 0 {
            Unmanaged<AnyWork>.fromOpaque(context).release()
            work.perform()
        } else {
            #if canImport(Glibc)
            pthread_join(thread, nil)
            #else
            if let thread { pthread_join(thread, nil) }
            #endif
        }
        guard let result = work.result else {
            preconditionFailure("the counting thread ended without a result")
        }
        return result
    }

    /// What the new thread runs: the work, whatever its value's type.
    private class AnyWork: @unchecked Sendable {
        func perform() {}
    }

    /// The work and its result, shared with the new thread (which the caller joins before reading the result).
    private final class Work<Value>: AnyWork, @unchecked Sendable {
        let body: () -> Value
        var result: Value?

        init(body: @escaping () -> Value) { self.body = body }

        override func perform() {
            Jemalloc.enterFreshArena()
            result = body()
        }
    }
}
