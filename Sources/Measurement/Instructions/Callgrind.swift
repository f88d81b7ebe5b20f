import CCallgrind

/// Callgrind's client requests (`valgrind/callgrind.h`), for the instruction pass: a process that runs under
/// `valgrind --tool=callgrind --collect-atstart=no --instr-atstart=no` marks its measured regions with
/// ``measure(label:_:)``, and each region becomes one dump file whose totals are the region's instructions.
///
/// Outside valgrind every request is a few no-op instructions, so the calls are harmless in a native run; they just
/// measure nothing. ``isRunningUnderValgrind`` tells the two apart.
public enum Callgrind {
    /// Whether this binary was built with `valgrind/callgrind.h`. Without it the client requests are empty functions
    /// and a run under callgrind would produce no dumps: install valgrind and rebuild from clean.
    public static var isAvailable: Bool { lb_callgrind_header_present() != 0 }

    /// Whether this process runs under valgrind (any tool) now.
    public static var isRunningUnderValgrind: Bool { lb_running_on_valgrind() != 0 }

    /// Starts instrumenting code (with `--instr-atstart=no`, code runs uninstrumented and several times faster until
    /// this is called). Callgrind discards its translations when the state changes, which costs a fraction of a
    /// second: switch once around a batch of measured regions, not around each region.
    public static func startInstrumentation() { lb_callgrind_start_instrumentation() }

    /// Stops instrumenting code; see ``startInstrumentation()``.
    public static func stopInstrumentation() { lb_callgrind_stop_instrumentation() }

    /// Runs `body` with event collection switched on, then writes the events of the region to a dump whose trigger
    /// names `label` (`desc: Trigger: Client Request: <label>`), and zeroes the counters.
    ///
    /// The process must run with `--collect-atstart=no` and with instrumentation on (``startInstrumentation()``),
    /// or the region counts nothing. The count includes a constant few instructions of the requests themselves and
    /// of the call to `body`. Regions must not nest. `label` must fit on one line: a newline in it is replaced by a
    /// space, since the dump's header is line-based.
    @inline(never)
    public static func measure<T>(label: String, _ body: () throws -> T) rethrows -> T {
        let line = label.contains(where: \.isNewline)
            ? String(label.map { $0.isNewline ? " " : $0 }) : label
        return try line.withCString { cLabel in
            lb_callgrind_toggle_collect()
            defer {
                lb_callgrind_toggle_collect()
                lb_callgrind_dump_stats_at(cLabel)
            }
            return try body()
        }
    }

    /// Writes a dump with nothing counted in it, whose trigger names `label`: a line from the counted process to the
    /// parent that reads its dumps (the instruction pass's child reports the CPU it sees this way).
    public static func note(label: String) {
        let line = String(label.map { $0.isNewline ? " " : $0 })
        line.withCString { lb_callgrind_dump_stats_at($0) }
    }

    /// The CPU this process sees, vendor and model (`GenuineIntel Intel(R) Xeon(R) Processor`): natively the host's;
    /// under valgrind valgrind's own model, which is what counted code runs on. `unknown` when the CPU does not say.
    public static var cpuIdentity: String {
        var buffer = [CChar](repeating: 0, count: 128)
        let length = buffer.withUnsafeMutableBufferPointer { lb_cpu_identity($0.baseAddress, $0.count) }
        guard length > 0 else { return "unknown" }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
