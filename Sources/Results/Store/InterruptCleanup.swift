#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Removes the temporary file of a results write in progress when the process is interrupted (SIGINT, SIGTERM), so
/// that an interrupted run leaves no partial file behind.
///
/// ``ResultsStore/write(_:to:force:)`` registers its temporary file here for as long as the file exists. The handler
/// uses only async-signal-safe calls: it reads paths from buffers allocated in advance, `unlink`s each registered one,
/// and ends the process with `_exit(128 + signal)` (130 for Ctrl-C). Up to ``capacity`` writes can be registered at
/// once; further ones, and paths longer than `PATH_MAX`, go unprotected. On Darwin it needs macOS 15 (atomics);
/// on older systems it does nothing.
public enum InterruptCleanup {
    /// How many temporary files can be registered at the same time.
    public static let capacity = 8

    /// A registered temporary file.
    package struct Token: Hashable, Sendable {
        /// The slot that holds its path.
        let slot: Int
    }

    /// Installs handlers for SIGINT and SIGTERM that remove the registered temporary files and exit.
    ///
    /// Call it once at start-up, before any work. A signal the process was started with ignored (as `nohup` and
    /// background jobs do) stays ignored.
    public static func install() {
        guard #available(macOS 15, *) else { return }
        CleanupSlots.prepare()
        for signalNumber in [SIGINT, SIGTERM] {
            let previous = signal(signalNumber, removeRegisteredFilesAndExit)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                signal(signalNumber, SIG_IGN)
            }
        }
    }

    /// Registers `path` for removal on interrupt; `nil` when every slot is taken or the path is too long.
    package static func register(_ path: String) -> Token? {
        guard #available(macOS 15, *) else { return nil }
        return CleanupSlots.register(path).map(Token.init(slot:))
    }

    /// Ends the registration of `token`, if any: the file is no longer removed on interrupt.
    package static func unregister(_ token: Token?) {
        guard #available(macOS 15, *), let token else { return }
        CleanupSlots.release(token.slot)
    }

    /// The paths registered now.
    package static var registeredPaths: [String] {
        guard #available(macOS 15, *) else { return [] }
        return (0..<capacity).compactMap(CleanupSlots.path(in:))
    }

    /// Makes the calling process the owner of `token`'s registration, as if it had registered it: for a test's
    /// forked child, whose handler otherwise leaves its parent's registrations alone. Async-signal-safe.
    package static func adopt(_ token: Token) {
        guard #available(macOS 15, *) else { return }
        CleanupSlots.owners[token.slot] = getpid()
    }

    /// Does for `token` what the signal handler does for every registration: `unlink` its path.
    package static func removeRegisteredFile(_ token: Token) {
        guard #available(macOS 15, *) else { return }
        CleanupSlots.unlinkPath(in: token.slot)
    }
}

/// The signal handler: unlinks every registered path, then exits as an interrupted process does.
@available(macOS 15, *)
private func removeRegisteredFilesAndExit(_ signalNumber: Int32) {
    for slot in 0..<InterruptCleanup.capacity {
        CleanupSlots.unlinkPath(in: slot)
    }
    _exit(128 + signalNumber)
}

/// The registrations: per slot, a state word and a path buffer, all allocated once and never freed, so that the
/// signal handler touches only memory that exists and never allocates.
@available(macOS 15, *)
private enum CleanupSlots {
    /// A slot's states: free, being filled by a thread, or holding a path the handler may unlink.
    static let free = 0, busy = 1, armed = 2

    /// The bytes per path buffer, including the terminating NUL.
    static let bufferSize = Int(PATH_MAX) + 1

    nonisolated(unsafe) static let states: UnsafeMutablePointer<Atomic<Int>> = {
        let states = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: InterruptCleanup.capacity)
        for slot in 0..<InterruptCleanup.capacity { (states + slot).initialize(to: Atomic(free)) }
        return states
    }()

    /// The process that registered each slot. A forked child inherits the slots of its parent's writes in flight;
    /// its handler must not unlink them, so it unlinks only the slots its own process registered.
    nonisolated(unsafe) static let owners: UnsafeMutablePointer<pid_t> = {
        let owners = UnsafeMutablePointer<pid_t>.allocate(capacity: InterruptCleanup.capacity)
        owners.initialize(repeating: 0, count: InterruptCleanup.capacity)
        return owners
    }()

    nonisolated(unsafe) static let paths: UnsafeMutablePointer<CChar> = {
        let paths = UnsafeMutablePointer<CChar>.allocate(capacity: InterruptCleanup.capacity * bufferSize)
        paths.initialize(repeating: 0, count: InterruptCleanup.capacity * bufferSize)
        return paths
    }()

    /// Initialises the storage now, so that the signal handler never runs a lazy initialiser.
    static func prepare() {
        _ = states
        _ = owners
        _ = paths
    }

    /// Claims a free slot and copies `path` into it; the slot, or `nil`.
    static func register(_ path: String) -> Int? {
        let length = path.utf8.count
        guard length > 0, length < bufferSize, !path.utf8.contains(0) else { return nil }
        for slot in 0..<InterruptCleanup.capacity
        where states[slot].compareExchange(expected: free, desired: busy, ordering: .acquiring).exchanged {
            let buffer = paths + slot * bufferSize
            path.withCString { source in buffer.update(from: source, count: length + 1) }
            owners[slot] = getpid()
            states[slot].store(armed, ordering: .releasing)
            return slot
        }
        return nil
    }

    /// Frees `slot`.
    static func release(_ slot: Int) {
        states[slot].store(free, ordering: .releasing)
    }

    /// The path registered in `slot`, or `nil`.
    static func path(in slot: Int) -> String? {
        guard states[slot].load(ordering: .acquiring) == armed else { return nil }
        return String(cString: paths + slot * bufferSize)
    }

    /// Unlinks the path registered in `slot`, if any and if this process registered it. Async-signal-safe (`getpid`
    /// and `unlink` are).
    static func unlinkPath(in slot: Int) {
        guard states[slot].load(ordering: .acquiring) == armed, owners[slot] == getpid() else { return }
        unlink(paths + slot * bufferSize)
    }
}
