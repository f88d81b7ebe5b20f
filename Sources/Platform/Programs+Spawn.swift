#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Programs {
    /// How a child started by ``spawn(_:_:environment:)`` ended.
    public enum Termination: Hashable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case killed(Int32)
    }

    /// A running child started by ``spawn(_:_:environment:)``: its process id and its registration with
    /// ``InterruptCleanup``, which ``poll(_:)`` ends once the child has ended.
    public struct Child: Sendable {
        /// The child's process id.
        public let pid: pid_t
        /// Its registration; `nil` when every slot was taken (it then runs unprotected).
        let token: InterruptCleanup.ChildToken?
    }

    /// Starts `executable` with `arguments` and exactly `environment` (in key order, so every run gets the same
    /// block), standard input from /dev/null and standard output onto standard error, without waiting for it.
    ///
    /// The child stays in this process's group, so Ctrl-C in a terminal stops it with its parent, and it is registered
    /// with ``InterruptCleanup`` from the moment it exists, so a SIGINT or SIGTERM sent to this process alone reaches
    /// it too and it is waited for before this process exits. Call ``poll(_:)`` until it reports an ending.
    ///
    /// - Throws: ``Failure/cannotStart(_:reason:)`` when `posix_spawn` fails.
    public static func spawn(_ executable: String, _ arguments: [String], environment: [String: String])
        throws(Failure) -> Child
    {
        var failure: Failure?
        var pid: pid_t = 0
        // A failed start returns 0, which is never registered.
        let token = InterruptCleanup.startingChild { () -> pid_t in
            do throws(Failure) {
                pid = try posixSpawn(executable, arguments, environment: environment)
            } catch {
                failure = error
            }
            return pid
        }
        if let failure { throw failure }
        return Child(pid: pid, token: token)
    }

    /// How `child` ended, or `nil` while it runs. Once it has ended, its registration with ``InterruptCleanup`` ends.
    public static func poll(_ child: Child) -> Termination? {
        var status: Int32 = 0
        var result: pid_t
        repeat {
            result = waitpid(child.pid, &status, WNOHANG)
        } while result == -1 && errno == EINTR
        guard result != 0 else { return nil }
        InterruptCleanup.unregisterChild(child.token)
        // -1 (ECHILD): someone else reaped it; report it as failed rather than wait forever.
        guard result == child.pid else { return .exited(-1) }
        // The <sys/wait.h> macros, which Swift does not import: low 7 bits the signal, next 8 the exit status.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .killed(signal)
    }

    /// `posix_spawn` of `executable`, as ``spawn(_:_:environment:)`` describes.
    private static func posixSpawn(_ executable: String, _ arguments: [String], environment: [String: String])
        throws(Failure) -> pid_t
    {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard result == 0 else { throw .cannotStart(executable, reason: String(cString: strerror(result))) }
        return pid
    }
}
