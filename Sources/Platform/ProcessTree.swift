import CProcessTree
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The processes descending from some processes (its roots), found by their parent links in /proc, and ended
/// together: the one
/// place that knows how to stop a whole tree of programs, including descendants that moved to process groups or
/// sessions of their own (as `swift build` starts its compilers), which a signal to a process group misses.
///
/// Every walk is async-signal-safe: it uses `open`, `read`, `close`, the `getdents64` system call, `kill` and
/// `nanosleep` only, on buffers allocated when the tree is created, so that an interrupt handler can end a tree.
/// The tree remembers every descendant it has seen, so that one whose parent exits after a walk (and is reparented
/// to init) is still signalled. A process that called ``adoptOrphans()`` goes further with ``includesAdoptedChildren``:
/// its own children that are not roots (orphans of the trees, reparented to it) are descendants too. The roots
/// themselves are not part of the tree: whoever started them signals and waits for them. Linux only: elsewhere no
/// descendant is found.
public final class ProcessTree: @unchecked Sendable {
    /// The most processes one walk of /proc records, and the most descendants the tree remembers.
    public let capacity: Int

    /// Whether this process's own children, other than the roots, count as descendants: set it in a process that
    /// called ``adoptOrphans()`` and whose every child belongs to a root's tree.
    public var includesAdoptedChildren = false

    /// The processes whose descendants the tree collects.
    private let roots: UnsafeMutablePointer<pid_t>
    private var rootCount = 0

    /// Every process seen in the last walk, with its parent: `pairs[2 i]` is a process id, `pairs[2 i + 1]` its
    /// parent's.
    private let pairs: UnsafeMutablePointer<pid_t>
    private var pairCount = 0
    /// Every descendant seen so far, in the order found.
    private let known: UnsafeMutablePointer<pid_t>
    private var knownCount = 0
    /// The directory entries of one `getdents64` call.
    private let entries: UnsafeMutableRawPointer
    private static let entriesSize = 32 * 1024
    /// The path /proc/PID/stat being built, and the start of the file read from it.
    private let path: UnsafeMutablePointer<CChar>
    private let stat: UnsafeMutablePointer<UInt8>
    private static let statSize = 512

    /// An empty tree remembering up to `capacity` descendants of up to `capacity` roots; add roots with
    /// ``addRoot(_:)``.
    public init(capacity: Int = 4096) {
        self.capacity = capacity
        roots = .allocate(capacity: capacity)
        pairs = .allocate(capacity: 2 * capacity)
        known = .allocate(capacity: capacity)
        entries = .allocate(byteCount: Self.entriesSize, alignment: 8)
        path = .allocate(capacity: 32)
        stat = .allocate(capacity: Self.statSize)
    }

    /// A tree of the descendants of `roots`.
    public convenience init(roots: [pid_t], capacity: Int = 4096) {
        self.init(capacity: capacity)
        roots.forEach { addRoot($0) }
    }

    deinit {
        roots.deallocate()
        pairs.deallocate()
        known.deallocate()
        entries.deallocate()
        path.deallocate()
        stat.deallocate()
    }

    /// Makes this process a child subreaper: a descendant whose parent exits is reparented here rather than to
    /// init, so that a later walk still finds it under this process. `false` where that is not possible (not
    /// Linux, or a kernel before 3.4).
    @discardableResult
    public static func adoptOrphans() -> Bool {
        lb_become_child_subreaper() == 0
    }

    /// Adds `pid` as a root; ignored when `capacity` roots are already there. Async-signal-safe.
    public func addRoot(_ pid: pid_t) {
        guard pid > 0, rootCount < capacity else { return }
        roots[rootCount] = pid
        rootCount += 1
    }

    /// Forgets every root and every descendant. Async-signal-safe.
    public func reset() {
        rootCount = 0
        knownCount = 0
        includesAdoptedChildren = false
    }

    /// The descendants remembered so far, alive or not.
    public var descendants: [pid_t] { Array(UnsafeBufferPointer(start: known, count: knownCount)) }

    /// Walks /proc, remembers the descendants of the roots not seen before, and sends `signal` to each new one when
    /// it is given. Returns how many remembered descendants are still running (a zombie has ended). Async-signal-safe.
    ///
    /// - Complexity: O(p · d) for p processes on the machine and d descendants.
    @discardableResult
    public func sweep(signal: Int32? = nil) -> Int {
        readProcesses()
        let me = getpid()
        // Descendants by parent links, until a pass adds none: a parent may be listed after its children.
        var added = true
        while added {
            added = false
            for index in 0..<pairCount {
                let pid = pairs[2 * index], parent = pairs[2 * index + 1]
                let adopted = includesAdoptedChildren && parent == me
                guard pid != me, !isRoot(pid), adopted || isRoot(parent) || isKnown(parent), !isKnown(pid),
                      knownCount < capacity
                else { continue }
                known[knownCount] = pid
                knownCount += 1
                added = true
                if let signal { kill(pid, signal) }
            }
        }
        return running
    }

    /// How many remembered descendants are still running: neither gone nor a zombie. Async-signal-safe.
    public var running: Int {
        var count = 0
        for index in 0..<knownCount where state(of: known[index]).map({ $0 != UInt8(ascii: "Z") }) ?? false {
            count += 1
        }
        return count
    }

    /// Sends `signal` to every remembered descendant still running. Async-signal-safe.
    public func signalRunning(_ signal: Int32) {
        for index in 0..<knownCount where state(of: known[index]).map({ $0 != UInt8(ascii: "Z") }) ?? false {
            kill(known[index], signal)
        }
    }

    /// Ends the tree: sends `SIGTERM` (or `signal`) to every descendant, walking again every 20 ms to catch the ones
    /// started meanwhile, and after `graceNanoseconds` sends `SIGKILL` to what is left, until nothing of the tree
    /// runs or another grace period has passed. Returns how many descendants were still running at the end (0 when
    /// the whole tree ended). The roots are left alone. Async-signal-safe.
    @discardableResult
    public func terminate(signal: Int32 = SIGTERM, graceNanoseconds: Int = 2_000_000_000) -> Int {
        let pause = 20_000_000
        var waited = 0
        var current = signal
        signalRunning(signal)
        while true {
            if sweep(signal: current) == 0 { return 0 }
            if waited >= graceNanoseconds {
                if current == SIGKILL { return running }
                current = SIGKILL
                waited = 0
                signalRunning(SIGKILL)
                continue
            }
            var interval = timespec(tv_sec: 0, tv_nsec: pause)
            nanosleep(&interval, nil)
            waited += pause
        }
    }

    private func isRoot(_ pid: pid_t) -> Bool {
        for index in 0..<rootCount where roots[index] == pid { return true }
        return false
    }

    private func isKnown(_ pid: pid_t) -> Bool {
        for index in 0..<knownCount where known[index] == pid { return true }
        return false
    }

    /// Fills `pairs` with every process of /proc and its parent.
    private func readProcesses() {
        pairCount = 0
        let directory = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return }
        defer { close(directory) }
        while true {
            let count = lb_getdents64(directory, entries, Self.entriesSize)
            if count <= 0 { return }
            var offset = 0
            while offset < count {
                // struct linux_dirent64: d_ino (8), d_off (8), d_reclen (2), d_type (1), d_name.
                let record = entries + offset
                let length = Int(record.loadUnaligned(fromByteOffset: 16, as: UInt16.self))
                guard length > 0 else { return }
                offset += length
                let name = (record + 19).assumingMemoryBound(to: UInt8.self)
                guard let pid = Self.number(name), pairCount < capacity,
                      let parent = parent(of: pid)
                else { continue }
                pairs[2 * pairCount] = pid
                pairs[2 * pairCount + 1] = parent
                pairCount += 1
            }
        }
    }

    /// The parent of `pid` from /proc/PID/stat, or `nil` when it has gone.
    private func parent(of pid: pid_t) -> pid_t? {
        guard let fields = statFields(of: pid) else { return nil }
        // After the state and a space: the parent's id.
        var value: pid_t = 0
        var index = fields + 2
        var digits = 0
        while index < Self.statSize, stat[index] >= UInt8(ascii: "0"), stat[index] <= UInt8(ascii: "9") {
            value = value &* 10 &+ pid_t(stat[index] - UInt8(ascii: "0"))
            index += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    /// The state letter of `pid` (R, S, D, Z, T, …), or `nil` when it has gone.
    private func state(of pid: pid_t) -> UInt8? {
        statFields(of: pid).map { stat[$0] }
    }

    /// Reads the start of /proc/PID/stat into `stat` and returns the index of the state letter, after the command
    /// name's closing parenthesis (the name itself may hold any character); `nil` when the process has gone.
    private func statFields(of pid: pid_t) -> Int? {
        writePath(pid)
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        let count = read(file, stat, Self.statSize)
        close(file)
        guard count > 0 else { return nil }
        var close = -1
        for index in 0..<count where stat[index] == UInt8(ascii: ")") { close = index }
        guard close >= 0, close + 2 < count else { return nil }
        return close + 2
    }

    /// Writes "/proc/PID/stat" and a NUL into `path`, without allocating.
    private func writePath(_ pid: pid_t) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var value = pid
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                count += 1
            } while value > 0 && count < buffer.count
        }
        var index = 0
        for byte in "/proc/".utf8 { path[index] = CChar(bitPattern: byte); index += 1 }
        withUnsafeBytes(of: &digits) { buffer in
            for digit in (0..<count).reversed() { path[index] = CChar(bitPattern: buffer[digit]); index += 1 }
        }
        for byte in "/stat".utf8 { path[index] = CChar(bitPattern: byte); index += 1 }
        path[index] = 0
    }

    /// The process id a /proc entry's NUL-terminated name spells, or `nil` for any other entry.
    private static func number(_ name: UnsafePointer<UInt8>) -> pid_t? {
        var value: pid_t = 0
        var index = 0
        while name[index] != 0 {
            let byte = name[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), index < 10 else { return nil }
            value = value &* 10 &+ pid_t(byte - UInt8(ascii: "0"))
            index += 1
        }
        return index > 0 ? value : nil
    }
}
