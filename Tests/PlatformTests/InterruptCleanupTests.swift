import Foundation
import Platform
import Testing
#if canImport(Glibc)
import Glibc
import TestFixtures
#endif

// Serialized: `capacity` holds every slot for a moment, and a registration running beside it would find none.
@Suite("InterruptCleanup", .serialized)
struct InterruptCleanupTests {
    @Test("a registered path is listed until it is unregistered")
    func bookkeeping() throws {
        let path = "/tmp/.layoutbench-bookkeeping-\(UUID().uuidString)"
        let token = try #require(InterruptCleanup.register(path))
        #expect(InterruptCleanup.registeredPaths.contains(path))
        InterruptCleanup.unregister(token)
        #expect(!InterruptCleanup.registeredPaths.contains(path))
    }

    @Test("a registered child is listed until it is unregistered; a pending start registers it too")
    func childBookkeeping() throws {
        let token = try #require(InterruptCleanup.registerChild(999_999))
        #expect(InterruptCleanup.registeredChildren.contains(999_999))
        InterruptCleanup.unregisterChild(token)
        #expect(!InterruptCleanup.registeredChildren.contains(999_999))
        let started = try #require(InterruptCleanup.startingChild { 999_998 })
        #expect(InterruptCleanup.registeredChildren.contains(999_998))
        InterruptCleanup.unregisterChild(started)
        #expect(InterruptCleanup.registerChild(0) == nil)
    }

    @Test("paths that do not fit a buffer are not registered", arguments: ["", String(repeating: "x", count: 5000)])
    func unregistrable(path: String) {
        #expect(InterruptCleanup.register(path) == nil)
    }

    @Test("at most `capacity` paths are registered at once")
    func capacity() {
        let tokens = (0...InterruptCleanup.capacity).map { InterruptCleanup.register("/tmp/.capacity-\($0)") }
        defer { tokens.forEach(InterruptCleanup.unregister) }
        #expect(tokens.compactMap { $0 }.count <= InterruptCleanup.capacity)
        #expect(tokens.contains(nil))
    }

    @Test("the handler's removal unlinks the registered file")
    func removal() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("partial", to: ".run.json.tmp")
        let token = try #require(InterruptCleanup.register(scratch.file(".run.json.tmp")))
        defer { InterruptCleanup.unregister(token) }
        InterruptCleanup.removeRegisteredFile(token)
        #expect(try scratch.entries().isEmpty)
    }

    @Test("the handler's removal of a registered directory removes it with everything in it")
    func directoryRemoval() throws {
        let scratch = try ScratchDirectory()
        let root = scratch.file("layoutbench-callgrind-test")
        for directory in ["0", "1", "1/deeper"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(directory)", withIntermediateDirectories: true)
        }
        for name in ["layoutbench", "0/callgrind.out.1", "1/callgrind.out.2.1", "1/deeper/x"] {
            try Data("dump".utf8).write(to: URL(fileURLWithPath: "\(root)/\(name)"))
        }
        try FileManager.default.createSymbolicLink(atPath: "\(root)/link", withDestinationPath: scratch.path)
        try scratch.write("kept", to: "beside")
        let token = try #require(InterruptCleanup.registerDirectory(root))
        #expect(InterruptCleanup.registeredPaths.contains(root))
        defer { InterruptCleanup.unregister(token) }
        InterruptCleanup.removeRegisteredFile(token)
        // The link is removed, not followed: what it points to stays.
        #expect(try scratch.entries() == ["beside"])
    }

    @Test("a spawned child is registered until poll sees it end")
    func spawnedChild() throws {
        let child = try Programs.spawn("/bin/sh", ["-c", "exit 3"], environment: [:])
        #expect(InterruptCleanup.registeredChildren.contains(child.pid))
        var ended: Programs.Termination?
        for _ in 0..<200 where ended == nil {
            ended = Programs.poll(child)
            if ended == nil { usleep(10_000) }
        }
        #expect(ended == .exited(3))
        #expect(!InterruptCleanup.registeredChildren.contains(child.pid))
        #expect(throws: Programs.Failure.self) { try Programs.spawn("/nonexistent/program", [], environment: [:]) }
    }

    @Test("a signal in a child with a registered file removes the file and exits with 128 + the signal", arguments: [
        (SIGINT, 130), (SIGTERM, 143),
    ] as [(Int32, Int32)])
    func signalInChild(signalNumber: Int32, expectedStatus: Int32) throws {
        let scratch = try ScratchDirectory()
        let status = try Self.runChild(registering: scratch, ignoring: false, signalNumber)
        #expect(status & 0x7f == 0, "the child was killed by signal \(status & 0x7f) instead of exiting")
        #expect((status >> 8) & 0xff == expectedStatus)
        #expect(try scratch.entries().isEmpty)
    }

    @Test("a signal the process ignored stays ignored")
    func ignoredSignal() throws {
        let scratch = try ScratchDirectory()
        let status = try Self.runChild(registering: scratch, ignoring: true, SIGINT)
        #expect(status & 0x7f == 0 && (status >> 8) & 0xff == 3)
        #expect(try scratch.entries() == [".run.json.tmp"])
    }

    @Test("a forked child's handler leaves the files its parent registered")
    func childLeavesParentsFiles() throws {
        let scratch = try ScratchDirectory()
        let status = try Self.runChild(registering: scratch, ignoring: false, SIGTERM, adoptInChild: false)
        #expect(status & 0x7f == 0 && (status >> 8) & 0xff == 128 + SIGTERM)
        #expect(try scratch.entries() == [".run.json.tmp"])
    }

    /// Forks a child that installs the handlers, with `signalNumber` ignored before or not, and raises it while a
    /// file in `scratch` is registered; the child's wait status. A child still running after the signal exits with 3.
    /// The parent registers the file; with `adoptInChild` the child takes the registration over, as if it had made
    /// it, and otherwise leaves it to the parent.
    private static func runChild(
        registering scratch: ScratchDirectory, ignoring: Bool, _ signalNumber: Int32, adoptInChild: Bool = true
    ) throws -> Int32 {
        try scratch.write("partial", to: ".run.json.tmp")
        let token = try #require(InterruptCleanup.register(scratch.file(".run.json.tmp")))
        let child = fork()
        if child == 0 {
            // Only async-signal-safe calls in the child of a multithreaded process. The test runner may have been
            // started with the signal ignored or blocked; start the child from a known state.
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigprocmask(SIG_SETMASK, &unblocked, nil)
            signal(signalNumber, ignoring ? SIG_IGN : SIG_DFL)
            // A child's handler removes only its own process's registrations, never those of writes in flight in
            // the parent (other tests run in parallel): take over the one registered for it.
            if adoptInChild { InterruptCleanup.adopt(token) }
            InterruptCleanup.install()
            raise(signalNumber)
            _exit(3)
        }
        InterruptCleanup.unregister(token)
        try #require(child > 0)
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        return status
    }
}
