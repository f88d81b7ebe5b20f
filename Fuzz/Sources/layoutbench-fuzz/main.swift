import CLibFuzzer
import Foundation

// libFuzzer's driver with one of LayoutBench's readers as the fuzz target. The driver parses libFuzzer's flags
// (-seed=, -max_total_time=, -max_len=, corpus directories), then calls the target with every input. A reader must
// return a value or throw; a trap (an overflow, an index out of range, a failed precondition) ends the process, and
// libFuzzer writes the input that caused it.
//
// SwiftPM links an executable's `main` to this file's top-level code, so libFuzzer's own `main` is never linked;
// `LLVMFuzzerRunDriver` is the documented entry point for that case.

guard let target = FuzzTarget.selected else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
    FileHandle.standardError.write(Data("layoutbench-fuzz: set LAYOUTBENCH_FUZZ_TARGET to one of \(names)\n".utf8))
    exit(1)
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    // The target is read again rather than captured: a C function pointer cannot capture.
    let bytes = data.map { Data(UnsafeBufferPointer(start: $0, count: size)) } ?? Data()
    FuzzTarget.selected?.run(bytes)
    return 0
})
