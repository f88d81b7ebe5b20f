#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CProcessTree
import Synchronization

/// Removes the temporary files and directories registered when the process is interrupted (SIGINT, SIGTERM), so that
/// an interrupted run leaves no partial file behind, and ends the child processes running, with everything they
/// started.
///
/// Results' atomic writer registers its temporary file here for as long as the file exists; the instruction pass
/// registers its temporary directory and each valgrind child; a command that runs other programs (`ab`) registers
/// each child while it runs. The handler uses only async-signal-safe
/// calls: it walks the registered children's process trees (``ProcessTree``), sends the signal to each
/// child's process group (a child started by Foundation's `Process` leads a group of its own, which a Ctrl-C at the
/// terminal does not reach) and to every descendant (which may have moved to a group or session of its own, as
/// `swift build`'s compilers do), waits for them, sending `SIGKILL` to descendants still running after
/// ``descendantGraceSeconds`` and to children still running after ``childGraceSeconds``, `unlink`s each registered
/// file and removes each registered directory with what it holds (``directoryDepth`` levels deep), and ends the process with `_exit(128 + signal)` (130 for Ctrl-C, 143 for SIGTERM). The first child
/// started makes the process a child subreaper, so that a descendant whose parent exits first is
/// reparented to it and still ended. It reads only buffers allocated in advance. Up to
/// ``capacity`` writes and ``childCapacity`` children can be registered at once; further ones, and paths longer than
/// `PATH_MAX`, go unprotected. On Darwin it needs macOS 15 (atomics); on older systems it does nothing.
public enum InterruptCleanup {
    /// How many temporary files can be registered at the same time.
    public static let capacity = 8

    /// How many child processes can be registered at the same time.
    public static let childCapacity = 16

    /// How long the handler waits for the children it signalled before it kills what is left of their groups.
    public static let childGraceSeconds = 10

    /// How long the handler waits for the children's descendants (compilers under `swift build`, say) before it
    /// kills those still running: they have no files of LayoutBench's to clean up.
    public static let descendantGraceSeconds = 2

    /// How many levels below a registered directory the handler removes: deeper directories stay.
    public static let directoryDepth: Int32 = 8

    /// A registered temporary file or directory.
    package struct Token: Hashable, Sendable {
        /// The slot that holds its path.
        let slot: Int
    }

    /// Installs handlers for SIGINT and SIGTERM that remove the registered temporary files, end the registered
    /// children and everything they started, and exit. The first child started makes the process a child subreaper
    /// (``ProcessTree/adoptOrphans()``), so that every orphan of its children's trees is its own child.
    ///
    /// Call it once at start-up, before any work. A signal the process was started with ignored (as `nohup` and
    /// background jobs do) stays ignored.
    public static func install() {
        guard #available(macOS 15, *) else { return }
        CleanupSlots.prepare()
        _ = ChildSlots.pids
        _ = ChildSlots.owners
        ChildSlots.installed = true
        if ChildSlots.treeReady { ChildSlots.adoptsOrphans = ProcessTree.adoptOrphans() }
        _ = SpawnState.starting
        _ = SpawnState.pending
        for signalNumber in [SIGINT, SIGTERM] {
            let previous = signal(signalNumber, removeRegisteredFilesAndExit)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                signal(signalNumber, SIG_IGN)
            }
        }
    }

    /// Registers the file `path` for removal on interrupt; `nil` when every slot is taken or the path is too long.
    package static func register(_ path: String) -> Token? {
        guard #available(macOS 15, *) else { return nil }
        return CleanupSlots.register(path, directory: false).map(Token.init(slot:))
    }

    /// Registers the directory `path` for removal, with everything in it, on interrupt; `nil` when every slot is
    /// taken or the path is too long. Unregister it once it is removed (or kept on purpose).
    package static func registerDirectory(_ path: String) -> Token? {
        guard #available(macOS 15, *) else { return nil }
        return CleanupSlots.register(path, directory: true).map(Token.init(slot:))
    }

    /// A registered child process.
    package struct ChildToken: Hashable, Sendable {
        /// The slot that holds its process id.
        let slot: Int
    }

    /// Registers the running child `pid`: on interrupt its process group gets the signal and is waited for. `nil`
    /// when every slot is taken. Unregister it once it has been waited for.
    package static func registerChild(_ pid: pid_t) -> ChildToken? {
        guard #available(macOS 15, *), pid > 0 else { return nil }
        ChildSlots.prepareTree()
        return ChildSlots.register(pid).map(ChildToken.init(slot:))
    }

    /// Runs `start`, which starts a child process and returns its id, and registers the child, with interrupts held
    /// in between: a SIGINT or SIGTERM that arrives before the child is registered is acted on right after, so it
    /// reaches the child too. `nil` when every slot is taken. Unregister it once it has been waited for.
    package static func startingChild(_ start: () throws -> pid_t) rethrows -> ChildToken? {
        guard #available(macOS 15, *) else {
            _ = try start()
            return nil
        }
        ChildSlots.prepareTree()
        SpawnState.starting[0].add(1, ordering: .sequentiallyConsistent)
        defer {
            SpawnState.starting[0].subtract(1, ordering: .sequentiallyConsistent)
            let pending = SpawnState.pending[0].exchange(0, ordering: .sequentiallyConsistent)
            if pending != 0 { removeRegisteredFilesAndExit(pending) }
        }
        return registerChild(try start())
    }

    /// Does for the registered child `pid` alone what the signal handler does for every child: sends `signalNumber`
    /// to its process group and to every process of its tree, waits, kills what is left after the grace periods, and
    /// ends its registration. For tests: the handler itself ends the process. Not async-signal-safe against a
    /// concurrent handler (it shares the handler's tree buffers).
    package static func endChild(_ pid: pid_t, signal signalNumber: Int32) {
        guard #available(macOS 15, *) else { return }
        ChildSlots.signalAndWait(signalNumber, only: pid)
    }

    /// Ends the registration of the child of `token`, if any.
    package static func unregisterChild(_ token: ChildToken?) {
        guard #available(macOS 15, *), let token else { return }
        ChildSlots.release(token.slot)
    }

    /// The child processes registered now.
    package static var registeredChildren: [pid_t] {
        guard #available(macOS 15, *) else { return [] }
        return (0..<childCapacity).compactMap(ChildSlots.pid(in:))
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

    /// Does for `token` what the signal handler does for every registration: `unlink` its file, or remove its
    /// directory with what it holds.
    package static func removeRegisteredFile(_ token: Token) {
        guard #available(macOS 15, *) else { return }
        CleanupSlots.unlinkPath(in: token.slot)
    }
}

/// The signal handler: passes the signal on to the registered children and waits for them, unlinks every registered
/// path, then exits as an interrupted process does.
@available(macOS 15, *)
private func removeRegisteredFilesAndExit(_ signalNumber: Int32) {
    // A child is being started and not yet registered: leave the signal for `startingChild` to act on.
    if SpawnState.starting[0].load(ordering: .sequentiallyConsistent) > 0 {
        SpawnState.pending[0].store(signalNumber, ordering: .sequentiallyConsistent)
        return
    }
    ChildSlots.signalAndWait(signalNumber)
    for slot in 0..<InterruptCleanup.capacity {
        CleanupSlots.unlinkPath(in: slot)
    }
    _exit(128 + signalNumber)
}

/// The registrations: per slot, a state word (which says whether it holds a file or a directory) and a path buffer, all allocated once and never freed, so that the
/// signal handler touches only memory that exists and never allocates.
@available(macOS 15, *)
private enum CleanupSlots {
    /// A slot's states: free, being filled by a thread, or holding a path the handler may remove: a file's
    /// (`armed`) or a directory's (`armedDirectory`). Kept in the state word rather than in an array of its own: every
    /// process installs the handler at start-up, the instruction pass's children too, and an allocation there changes
    /// the heap their measured regions start from.
    static let free = 0, busy = 1, armed = 2, armedDirectory = 3

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

    /// Claims a free slot and copies `path` into it, a directory's when `directory`; the slot, or `nil`.
    static func register(_ path: String, directory: Bool) -> Int? {
        let length = path.utf8.count
        guard length > 0, length < bufferSize, !path.utf8.contains(0) else { return nil }
        for slot in 0..<InterruptCleanup.capacity
        where states[slot].compareExchange(expected: free, desired: busy, ordering: .acquiring).exchanged {
            let buffer = paths + slot * bufferSize
            path.withCString { source in buffer.update(from: source, count: length + 1) }
            owners[slot] = getpid()
            states[slot].store(directory ? armedDirectory : armed, ordering: .releasing)
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
        guard states[slot].load(ordering: .acquiring) >= armed else { return nil }
        return String(cString: paths + slot * bufferSize)
    }

    /// Unlinks the file registered in `slot`, or removes the directory with what it holds, if any and if this
    /// process registered it. Async-signal-safe (`getpid`, `unlink` and `lb_remove_tree` are).
    static func unlinkPath(in slot: Int) {
        let state = states[slot].load(ordering: .acquiring)
        guard state >= armed, owners[slot] == getpid() else { return }
        if state == armedDirectory {
            _ = lb_remove_tree(paths + slot * bufferSize, InterruptCleanup.directoryDepth)
        } else {
            unlink(paths + slot * bufferSize)
        }
    }
}

/// The registered children: per slot, a process id (0 when free, -1 while being filled) and the process that
/// registered it, allocated once and never freed.
@available(macOS 15, *)
private enum ChildSlots {
    nonisolated(unsafe) static let pids: UnsafeMutablePointer<Atomic<Int32>> = {
        let pids = UnsafeMutablePointer<Atomic<Int32>>.allocate(capacity: InterruptCleanup.childCapacity)
        for slot in 0..<InterruptCleanup.childCapacity { (pids + slot).initialize(to: Atomic(0)) }
        return pids
    }()

    /// The process that registered each slot: a forked child's handler leaves its parent's children alone.
    nonisolated(unsafe) static let owners: UnsafeMutablePointer<pid_t> = {
        let owners = UnsafeMutablePointer<pid_t>.allocate(capacity: InterruptCleanup.childCapacity)
        owners.initialize(repeating: 0, count: InterruptCleanup.childCapacity)
        return owners
    }()

    /// Claims a free slot for `pid`; the slot, or `nil`.
    static func register(_ pid: pid_t) -> Int? {
        _ = owners
        for slot in 0..<InterruptCleanup.childCapacity
        where pids[slot].compareExchange(expected: 0, desired: -1, ordering: .acquiring).exchanged {
            owners[slot] = getpid()
            pids[slot].store(pid, ordering: .releasing)
            return slot
        }
        return nil
    }

    /// Frees `slot`.
    static func release(_ slot: Int) {
        pids[slot].store(0, ordering: .releasing)
    }

    /// The child registered in `slot` by this process, or `nil`.
    static func pid(in slot: Int) -> pid_t? {
        let pid = pids[slot].load(ordering: .acquiring)
        return pid > 0 && owners[slot] == getpid() ? pid : nil
    }

    /// The registered children's process trees, walked by the handler: allocated by ``prepareTree()`` before the
    /// first child starts, not at start-up, so that a process that starts no child (the instruction pass's child,
    /// every measuring run) has the heap it had before: the tree's buffers moved jemalloc's later large allocations
    /// onto other paths, about 3,000 instructions of a 300 x 300 grid's prepare.
    static let tree = ProcessTree()

    /// Whether ``tree`` exists and the process adopts orphans: set once, by the thread that starts the first child,
    /// before that child exists. The handler touches ``tree`` only when it is set (a `static let` would allocate on
    /// first use, which a signal handler must not).
    nonisolated(unsafe) static var treeReady = false

    /// Whether ``InterruptCleanup/install()`` ran: only then does the process adopt orphans. A process without the
    /// handler (a test runner that starts children through the same runner) must not become a subreaper: nothing
    /// would reap the orphans it adopted, and Swift Testing's exit-test monitor spins on such zombies.
    nonisolated(unsafe) static var installed = false

    /// Allocates ``tree``, once, before the first child starts, and makes the process a child subreaper
    /// (``ProcessTree/adoptOrphans()``) when the handler is installed. Not async-signal-safe; never called
    /// from the handler.
    static func prepareTree() {
        guard !treeReady else { return }
        _ = tree
        if installed { adoptsOrphans = ProcessTree.adoptOrphans() }
        treeReady = true
    }

    /// Whether ``prepareTree()`` made this process a child subreaper: then every child of it that is
    /// not registered is an orphan of a registered child's tree, and part of it.
    nonisolated(unsafe) static var adoptsOrphans = false

    /// Sends `signalNumber` to the process group of every child this process registered (to the child alone when it
    /// leads no group) and to every process of the children's trees, found before the first signal, while every
    /// parent link is intact, and again on every pass; waits for each; kills the descendants still running after
    /// ``InterruptCleanup/descendantGraceSeconds``, and the children's groups still running after
    /// ``InterruptCleanup/childGraceSeconds``, then what is left of the trees. With `only`, that child alone.
    /// Async-signal-safe: `kill`, `waitpid`, `nanosleep`, atomics and ``ProcessTree``'s walks only.
    static func signalAndWait(_ signalNumber: Int32, only: pid_t? = nil) {
        func mine(_ slot: Int) -> pid_t? {
            guard let pid = pid(in: slot), only == nil || pid == only else { return nil }
            return pid
        }
        // No child was ever started: no tree to walk, and nothing registered.
        guard treeReady else { return }
        tree.reset()
        tree.includesAdoptedChildren = only == nil && adoptsOrphans
        var any = false
        for slot in 0..<InterruptCleanup.childCapacity {
            guard let pid = mine(slot) else { continue }
            tree.addRoot(pid)
            any = true
        }
        guard any || tree.includesAdoptedChildren else { return }
        tree.sweep()
        for slot in 0..<InterruptCleanup.childCapacity {
            guard let pid = mine(slot) else { continue }
            if kill(-pid, signalNumber) != 0 { kill(pid, signalNumber) }
        }
        tree.signalRunning(signalNumber)
        let pause = 50_000_000  // 50 ms
        var waited = 0
        var descendantSignal = signalNumber
        while waited < InterruptCleanup.childGraceSeconds * 1_000_000_000 {
            var running = false
            for slot in 0..<InterruptCleanup.childCapacity {
                guard let pid = mine(slot) else { continue }
                // Reaped here or by Foundation's monitor (ECHILD): either way it has ended.
                let reaped = waitpid(pid, nil, WNOHANG)
                if reaped == 0 || (reaped < 0 && errno == EINTR) { running = true } else { release(slot) }
            }
            // New descendants (started before the signal reached their parent) get the signal too.
            let descendants = tree.sweep(signal: descendantSignal)
            if !running && descendants == 0 { return }
            if descendants > 0 && descendantSignal != SIGKILL
                && waited >= InterruptCleanup.descendantGraceSeconds * 1_000_000_000
            {
                descendantSignal = SIGKILL
                tree.signalRunning(SIGKILL)
            }
            var interval = timespec(tv_sec: 0, tv_nsec: pause)
            nanosleep(&interval, nil)
            waited += pause
        }
        for slot in 0..<InterruptCleanup.childCapacity {
            guard let pid = mine(slot) else { continue }
            if kill(-pid, SIGKILL) != 0 { kill(pid, SIGKILL) }
            while waitpid(pid, nil, 0) < 0 && errno == EINTR {}
            release(slot)
        }
        tree.terminate(signal: SIGKILL, graceNanoseconds: 1_000_000_000)
    }
}

/// Whether a child is being started right now, and the signal that arrived meanwhile (0 for none).
@available(macOS 15, *)
private enum SpawnState {
    nonisolated(unsafe) static let starting: UnsafeMutablePointer<Atomic<Int>> = {
        let starting = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: 1)
        starting.initialize(to: Atomic(0))
        return starting
    }()

    nonisolated(unsafe) static let pending: UnsafeMutablePointer<Atomic<Int32>> = {
        let pending = UnsafeMutablePointer<Atomic<Int32>>.allocate(capacity: 1)
        pending.initialize(to: Atomic(0))
        return pending
    }()
}
