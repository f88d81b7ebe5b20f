// swift-tools-version: 6.1
//
// LayoutBench's scenario catalog as a package-benchmark suite (`swift package benchmark`), for teams that already
// run ordo-one's package-benchmark. Run it from this directory:
//
//   swift package --allow-writing-to-package-directory benchmark --filter '<regex over benchmark names>'
//
// Why a package of its own, and not a target of the root Package.swift: package-benchmark brings swift-system,
// swift-atomics, TextTable, malloc-interposer, its Benchmark library, a build-tool plugin and the BenchmarkTool
// driver. In the root manifest `swift build` and `swift test` would build all of that too, and every clone would
// resolve it before `make` could run. Measured on the 2-core development VM, clean builds: the root package's
// `layoutbench` takes 45 s in release, this package 91 s (the root's modules again, plus package-benchmark's graph),
// and the plugin builds its BenchmarkTool in debug on top (27 s); `make test` and `make` pay none of it. See the root
// guide Guides/PackageBenchmark.md.
//
// Tools version 6.1: the first with package traits, which the dependency below needs; the same as the root package.
//
// The root package is a path dependency. SwiftPM names a path dependency after its directory, which is whatever the
// clone was called, so its identity is computed from this manifest's own location instead of being spelled out.
//
// No unsafe flags and no defines. Benchmarks run in release (package-benchmark's default), with the stock `-O`.
import PackageDescription

/// The identity SwiftPM gives the root package: the name of the directory that holds this one.
let rootPackage = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "layoutbench")

let package = Package(
    name: "LayoutBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        // Trait "MallocInterposer": package-benchmark's malloc metrics (mallocCountTotal) on Swift 6.3 come from its
        // malloc-interposer package, preloaded into the benchmark process (LD_PRELOAD); the trait builds it. Naming
        // the traits turns off the package's other default trait, "RuntimeInterposer" (ARC counters through a
        // Swift 6.3 runtime interposer on Linux): no benchmark here records ARC metrics, and with the trait off
        // SwiftPM does not need that package at all.
        //
        // The repository was renamed from ordo-one/package-benchmark to ordo-one/benchmark (same tags, same 1.38.1
        // commit); depending on it by the old URL makes the plugin print a deprecation warning before every run.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // package-benchmark's convention: an executable target whose folder sits in a folder named `Benchmarks`
        // (this one), with its build-tool plugin generating the `main` that runs the registered benchmarks.
        .executableTarget(
            name: "LayoutBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LayoutBench", package: rootPackage),
                .product(name: "LayoutBenchInternals", package: rootPackage),
            ],
            path: "LayoutBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
