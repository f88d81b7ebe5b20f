// swift-tools-version: 6.1
//
// LayoutBench's fuzzers: one libFuzzer executable over every reader of user input (suite files, results files,
// thresholds files, shard files, `--set` values, history databases and instruction profiles), each reader chosen at
// start-up by LAYOUTBENCH_FUZZ_TARGET, so that one instrumented build serves them all. See ../scripts/fuzz.sh, which
// builds and runs it.
//
//   layoutbench-fuzz ─┬─> Scenarios, Harness, Verification, Results, Report, LayoutModel, History, LayoutBenchCLI
//                     │   (LayoutBench's libraries, by path; the history commands run in-process through LayoutBenchCLI)
//                     └─> CLibFuzzer (the declaration of libFuzzer's driver, LLVMFuzzerRunDriver)
//
// The one flag is given on the command line, not here, so that no unsafe flag sits in a manifest:
//   swift build -c release -Xswiftc -sanitize=fuzzer
// It adds libFuzzer's coverage instrumentation to every Swift module (LayoutBench's too) and links compiler-rt's
// libFuzzer. The executable's own top-level code (Sources/layoutbench-fuzz/main.swift) calls libFuzzer's driver:
// SwiftPM renames and links an executable's `main` itself, so libFuzzer's `main` cannot be the entry point.
import PackageDescription

let package = Package(
    name: "LayoutBenchFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        // LayoutBench is this repository's root, named as its manifest declares (as Examples/Masonry does).
        .package(name: "LayoutBench", path: ".."),
    ],
    targets: [
        // Declarations only; the definitions come from the toolchain's libFuzzer at link time.
        .target(name: "CLibFuzzer"),
        .executableTarget(
            name: "layoutbench-fuzz",
            dependencies: [
                "CLibFuzzer",
                .product(name: "LayoutBench", package: "LayoutBench"),
                .product(name: "LayoutBenchInternals", package: "LayoutBench"),
                .product(name: "LayoutBenchCLI", package: "LayoutBench"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
