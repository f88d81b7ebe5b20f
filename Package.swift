// swift-tools-version: 6.1
//
// LayoutBench: a command-line benchmark harness for collection-view layout strategies.
// The one module table: the graph below (each arrow is "depends on"), and each target's comment says what it owns.
// The README and the DocC front page (Documentation/LayoutBench.docc) point here rather than keep a copy.
//
//   layoutbench ─> LayoutBenchCLI (commands only: parse, call the libraries, render)
//                    ├─> Verification ─> Harness (the differential verifiers; they build through WorkloadBuilder)
//                    ├─> Harness ─┬─> Scenarios ─┬─> Layouts ─> RectIndex ─┬─> LayoutModel
//                    │            │              │           (sticky grid) └─> CPrefetch (__builtin_prefetch)
//                    │            │              ├─> Sampling (SamplingPolicy: a pure value type)
//                    │            │              ├─> Patterns (the one glob)
//                    │            │              └─> Diffing ─> LayoutModel (snapshots, their diff, staged batches)
//                    │            ├─> Measurement ─┬─> CJemalloc (system library: libjemalloc-dev)
//                    │            │                ├─> CCallgrind (valgrind/callgrind.h client requests)
//                    │            │                └─> Statistics, Sampling, Platform
//                    │            └─> Results ─> Statistics (pure Swift: percentiles, intervals, rank tests, fits)
//                    ├─> Revisions ─> Results (ab, bisect, run --revisions: worktrees, release builds, runs)
//                    ├─> History ─┬─> Results (the SQLite database of runs across commits; GRDB), Platform
//                    │            └─> Statistics (change points: exact steps, E-divisive means)
//                    ├─> Report ─┬─> Results, Statistics (HTML reports: inline SVG charts, fits, forest plots, trends)
//                    │           └─> Plot (HTML, JohnSundell/Plot)
//                    └─> Results (schema, store, compare, gate; knows nothing of how numbers were measured)
//
//   Linux only (declared at the end; on Apple platforms the real frameworks win):
//   LayoutBenchUIKit (UIKitLayoutFamily) ─┬─> UIKit ─┬─> QuartzCore ─> CoreGraphics (Foundation re-exported)
//                                         │          └─> Layouts (the flow and compositional engines), LayoutModel
//                                         └─> Scenarios
//
// No unsafe flags and no defines: release builds use the stock `-O` with whole-module optimisation, which is what the
// hot generic paths rely on for specialisation inside a module.
//
// System packages: libjemalloc-dev, libsqlite3-dev (GRDB's system SQLite) and pkg-config. `make` and `make test`
// install them when missing (see scripts/ensure-system-packages.sh); SwiftPM's own hint below names the apt package too.
import PackageDescription

let package = Package(
    name: "LayoutBench",
    platforms: [.macOS(.v14)],
    // What other packages depend on, four products besides the tool (and UIKit's, below):
    // - LayoutBench: the catalog and the family protocols (Scenarios), the layout model and host (LayoutModel), the
    //   built-in layouts (Layouts) and the seeded generator content and tests are made with (SeededRandom);
    // - LayoutBenchCLI: the whole command tree over a catalog;
    // - LayoutBenchTestSupport: the conformance checker;
    // - LayoutBenchInternals: the harness's other modules, for this repository's own packages only (Fuzz/, Benchmarks/),
    //   which live in packages of their own for their flags and plugins; no stable API. Statistics reaches a package
    //   only through these.
    // A product that holds several modules lets a dependent import each of them.
    products: [
        .executable(name: "layoutbench", targets: ["layoutbench"]),
        .library(name: "LayoutBench", targets: ["Scenarios", "LayoutModel", "Layouts", "SeededRandom"]),
        .library(name: "LayoutBenchCLI", targets: ["LayoutBenchCLI"]),
        .library(name: "LayoutBenchTestSupport", targets: ["LayoutBenchTestSupport"]),
        .library(name: "LayoutBenchInternals",
                 targets: ["Harness", "Verification", "RectIndex", "Diffing", "Sampling", "Measurement", "Results",
                           "Report", "History"]),
    ],
    dependencies: [
        // The CLI. Resolved offline from the local mirror of GitHub packages.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The HTML of `report --format html` (a type-safe DSL that escapes text and attributes); the SVG is ours.
        .package(url: "https://github.com/JohnSundell/Plot", from: "0.14.0"),
        // The history database (results/history.sqlite): SQLite through GRDB, over the system libsqlite3 (GRDB's own
        // GRDBSQLite system-library target; scripts/ensure-system-packages.sh installs libsqlite3-dev). Chosen over a
        // hand-written C shim because 7.10.0 builds and runs cleanly on Swift 6.3.1 here and brings the versioned
        // migrator, WAL, busy timeouts and typed rows. Its cost, `time swift build` from a clean scratch directory
        // on this 2-core VM: GRDB alone (a package depending only on it) 26.5 s debug, 79.8 s release; this package
        // before and after adding it with History, the change points and the commands, 58.6 s -> 109.8 s debug and
        // 160.7 s -> 157.2 s release (other builds were running: load 4 to 6, so the release figures differ by noise;
        // GRDB compiles in parallel with the other modules there).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        // Seeded, reproducible generators (xoshiro256**, SplitMix64): workloads, traces, queries and every test's
        // random inputs. No dependencies, so every test target can use it.
        .target(name: "SeededRandom"),
        // The one glob (`*` any run, `?` one Unicode scalar) of `--filter` and the gate's thresholds. No dependencies,
        // like SeededRandom, because the scenario specs and Results both match names and neither may import the other.
        .target(name: "Patterns"),
        // The platform layer: finding programs on PATH, running them (argument arrays, never a shell), signals and
        // interrupt cleanup (temporary files and directories, child process trees), reading /proc and /sys, and the
        // memory guard that reads them (what this process may allocate: MemAvailable, control groups, RLIMIT_AS).
        // One rule each, so that doctor, run --instructions, ab, the results store and the results metadata agree.
        .target(name: "Platform", dependencies: ["CProcessTree"]),
        // prctl(PR_SET_CHILD_SUBREAPER) and the getdents64 system call, which Swift cannot call (variadic), as
        // inlined C functions: the process-tree walk of Platform's ProcessTree.
        .target(name: "CProcessTree"),
        // Geometry, element paths, attributes, the CollectionLayout protocol and the simulated collection view.
        .target(name: "LayoutModel"),
        // The sticky grid's storage engine: its grid stores (compact, objects, tiles, prefix sums) and their rect-query
        // strategies. Only the sticky grid (Layouts/StickyGrid, Scenarios/Families/StickyGrid) and its tests import it;
        // the storage vocabulary every family shares (AttributeStorageKind) is in Layouts.
        .target(name: "RectIndex", dependencies: ["LayoutModel", "CPrefetch"]),
        // The compiler's cache-line prefetch, which Swift cannot spell, as an inlined C function.
        .target(name: "CPrefetch"),
        // Snapshots of sectioned data by identifier, their two-level diff (sections, then items: Heckel's passes,
        // moves across sections, reloads by content) and its staging into batches UIKit accepts, plus Swift's
        // CollectionDifference as the naive strategy. LayoutModel only for ElementPath and BatchUpdate (and the
        // host's BatchUpdatePlan, which replays the stages); no UIKit.
        .target(name: "Diffing", dependencies: ["LayoutModel"]),
        // Concrete layouts (StickyGridLayout first).
        .target(name: "Layouts", dependencies: ["LayoutModel", "RectIndex"]),
        // jemalloc's API, linked into every binary that uses Measurement so that jemalloc is the process allocator.
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"])]),
        // Callgrind's client requests (valgrind/callgrind.h macros) as C functions; no-ops when the header is absent.
        .target(name: "CCallgrind"),
        // The instruction pass's jemalloc arena gets its memory from one range at a fixed address (extent hooks), so
        // that where its extents lie never depends on what the process mapped before.
        .target(name: "CCountingArena", dependencies: ["CJemalloc"]),
        // Pure statistics, no C library: the one percentile definition (nearest rank), confidence intervals, rank
        // tests, Student t, Big-O fits and crossovers, and change points (exact steps of deterministic series;
        // E-divisive means with a seeded permutation test for timings). Results, Report and History use it without
        // linking jemalloc or callgrind.
        .target(name: "Statistics", dependencies: ["SeededRandom"]),
        // Clock, jemalloc statistics, callgrind instruction counts, the runner, build configuration, the memory guard.
        .target(name: "Measurement",
                dependencies: ["Platform", "Statistics", "Sampling", "CJemalloc", "CCallgrind", "CCountingArena"]),
        // The versioned results schema, the results store (atomic writes), run metadata, compare, gate policy and
        // exporters. It knows nothing of how numbers were measured: no clocks, no counters.
        .target(name: "Results", dependencies: ["Platform", "Statistics", "Patterns"]),
        // The self-contained HTML report: inline SVG charts (scaling curves with Big-O fits and crossovers, frame-time
        // distributions, allocation and memory bars, forest plots of comparisons) in one file with no scripts.
        .target(name: "Report",
                dependencies: ["Results", "Statistics", .product(name: "Plot", package: "Plot")]),
        // How many samples a variant gets (SamplingPolicy): a value type with no dependencies, so that suites name
        // policies without linking the measuring code.
        .target(name: "Sampling"),
        // What is measured: content specs, size distributions, layout families and the catalog, query sets, traces,
        // workloads and suites. Neither Measurement nor Results: a spec says what to run, not how it is measured.
        .target(name: "Scenarios",
                dependencies: ["SeededRandom", "Patterns", "LayoutModel", "RectIndex", "Layouts", "Sampling", "Diffing"]),
        // Plan a suite, measure it, and assemble a results document: the one builder of layout + host + trace +
        // queries, the timing, allocation and instruction passes, counting rules and metric building.
        .target(name: "Harness",
                dependencies: ["Scenarios", "Diffing", "SeededRandom", "LayoutModel", "RectIndex", "Layouts", "Sampling",
                               "Statistics", "Measurement", "Results", "Platform"]),
        // The differential verifiers: every query variant against the reference, and context invalidation against a
        // freshly built layout, frame by frame. They build through Harness's WorkloadBuilder and time nothing.
        .target(name: "Verification",
                dependencies: ["Harness", "Diffing", "Scenarios", "SeededRandom", "LayoutModel", "RectIndex", "Layouts",
                               "Statistics", "Measurement", "Platform"]),
        // The history database: schema and migrations, ingest of results documents, series and change points across
        // commits. Knows nothing of how numbers were measured.
        .target(name: "History",
                dependencies: ["Results", "Statistics", "Patterns", "Platform",
                               .product(name: "GRDB", package: "GRDB.swift")]),
        // Other revisions of this repository, for `ab`: git worktrees, cached release builds, alternating runs in
        // separate processes, pooled and compared.
        .target(name: "Revisions", dependencies: ["Platform", "Results"]),
        // ArgumentParser commands only: parse, validate, call the libraries, print, set the exit code. A library, so
        // that a user's package runs the same command tree over its own layout catalog.
        .target(
            name: "LayoutBenchCLI",
            dependencies: [
                "Scenarios", "Harness", "Verification", "Sampling", "Statistics", "Measurement", "Results", "Report",
                "Revisions", "Platform", "Layouts", "RectIndex", "LayoutModel", "History", "Diffing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The `layoutbench` executable: the command tree over the built-in catalog.
        .executableTarget(name: "layoutbench", dependencies: ["LayoutBenchCLI"]),

        // Seeded generators, exhaustive sweeps and the brute-force reference every strategy is checked against.
        .target(
            name: "LayoutBenchTestSupport",
            dependencies: ["SeededRandom", "LayoutModel", "RectIndex", "Layouts", "Measurement", "Scenarios", "Harness",
                           "Verification"],
            path: "Tests/LayoutBenchTestSupport"
        ),
        // What tests of every module share and that tests nothing itself: scratch directories, executable scripts, the
        // bisect fixture's repository, seeded sweeps. No dependency, so a module's tests need not build the modules
        // above it (the conformance checker above needs Harness and Verification).
        .target(name: "TestFixtures", path: "Tests/TestFixtures"),
        .testTarget(name: "LayoutModelTests", dependencies: ["LayoutModel", "SeededRandom"]),
        .testTarget(name: "RectIndexTests",
                    dependencies: ["RectIndex", "Layouts", "Scenarios", "LayoutBenchTestSupport", "TestFixtures",
                                   "SeededRandom"]),
        .testTarget(name: "LayoutsTests",
                    dependencies: ["Layouts", "Scenarios", "LayoutBenchTestSupport", "TestFixtures", "SeededRandom"]),
        .testTarget(name: "ScenariosTests",
                    dependencies: ["Scenarios", "Sampling", "LayoutBenchTestSupport", "TestFixtures", "SeededRandom"]),
        // Fixtures: results files of earlier commits, read by path (not bundled).
        .testTarget(name: "HarnessTests",
                    dependencies: ["Harness", "Scenarios", "Verification", "Sampling", "Statistics", "Results",
                                   "Measurement", "LayoutBenchTestSupport", "SeededRandom", "Platform"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "VerificationTests",
                    dependencies: ["Verification", "Diffing", "Harness", "Scenarios", "LayoutBenchTestSupport",
                                   "TestFixtures", "SeededRandom", "Platform"]),
        .testTarget(name: "PatternsTests", dependencies: ["Patterns"]),
        .testTarget(name: "DiffingTests", dependencies: ["Diffing", "LayoutModel", "SeededRandom"]),
        .testTarget(name: "StatisticsTests", dependencies: ["Statistics", "SeededRandom"]),
        .testTarget(name: "MeasurementTests",
                    dependencies: ["Measurement", "CCallgrind", "CCountingArena", "CJemalloc", "Sampling", "SeededRandom",
                                   "Platform"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "TestFixtures"]),
        .testTarget(name: "ResultsTests", dependencies: ["Results", "Statistics", "SeededRandom", "TestFixtures"]),
        .testTarget(name: "ReportTests", dependencies: ["Report", "Results", "Statistics", "SeededRandom"]),
        .testTarget(name: "HistoryTests", dependencies: ["History", "Statistics", "Results", "SeededRandom"]),
        .testTarget(name: "RevisionsTests", dependencies: ["Revisions", "Results", "Platform", "TestFixtures"]),
        // End-to-end: runs the built `layoutbench` executable and checks exit codes and messages.
        // Golden: the help texts, read by path.
        .testTarget(name: "layoutbenchTests", dependencies: ["layoutbench", "TestFixtures"], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)

// UIKit, CoreGraphics and QuartzCore compatibility modules, Linux only: on Apple platforms the real frameworks win, so
// these targets (and everything that imports them) are declared only when the manifest is evaluated on Linux. They let
// an iOS layout file (a `UICollectionViewLayout` subclass) compile unchanged and run through the harness; see
// Guides/UIKitLayouts.md.
//
//   UIKitPatterns (pattern layouts) ─> LayoutBenchUIKit
//   LayoutBenchUIKit (the family adapter) ─> UIKit ─┬─> QuartzCore ─> CoreGraphics ─> Foundation
//                    └─> Scenarios                  ├─> Layouts (the flow engine), LayoutModel (the host), Diffing (apply)
//                                                   └─> CTrapNote (the one line a trap in a layout prints)
#if os(Linux)
package.products += [
    // `import UIKit`, `import CoreGraphics` and `import QuartzCore`, as an iOS file writes them.
    .library(name: "UIKit", targets: ["UIKit", "CoreGraphics", "QuartzCore"]),
    // A UIKit layout as a layout family: `UIKitLayoutFamily`, registered in a catalog like any family.
    .library(name: "LayoutBenchUIKit", targets: ["LayoutBenchUIKit"]),
    // Layouts written as apps write them, one per pattern the verifiers must judge as an iOS engineer would, with
    // their families: for this package's tests and Examples/UIKitLayout's uikit-bench.
    .library(name: "UIKitPatterns", targets: ["UIKitPatterns"]),
]
package.targets += [
    // Foundation re-exported, plus CGVector, CGAffineTransform and the `equalTo` spellings.
    .target(name: "CoreGraphics", dependencies: ["_Testing_CoreGraphics"], exclude: ["_TestingOverlay"]),
    // CATransform3D and its functions, CACurrentMediaTime.
    .target(name: "QuartzCore", dependencies: ["CoreGraphics"]),
    // The collection-view part of UIKit over the harness: layouts, attributes, contexts, the flow layout over the
    // flow engine, a collection view over CollectionViewHost, the delegate protocols, and the diffable data source
    // (its `apply` diffs and stages through Diffing).
    .target(name: "UIKit", dependencies: ["CoreGraphics", "QuartzCore", "LayoutModel", "Layouts", "Diffing",
                                          "CTrapNote", "_Testing_UIKit"],
            exclude: ["_TestingOverlay"]),
    // The layout call in progress and a SIGILL/SIGTRAP/SIGABRT handler that prints it in one line before the trap
    // runs its course (a release build's trap otherwise prints only a backtrace): in C, because a signal handler may
    // read only plain memory and call only async-signal-safe functions.
    .target(name: "CTrapNote"),
    // Empty modules named as Swift Testing's cross-import overlays for UIKit and CoreGraphics, which the Linux
    // toolchain does not ship: a file importing Testing and UIKit asks for `_Testing_UIKit`. Built as dependencies of
    // the modules above, so every client (the example's tests too) finds them.
    .target(name: "_Testing_CoreGraphics", path: "Sources/CoreGraphics/_TestingOverlay"),
    .target(name: "_Testing_UIKit", path: "Sources/UIKit/_TestingOverlay"),
    .target(name: "LayoutBenchUIKit", dependencies: ["UIKit", "Scenarios", "Layouts", "LayoutModel", "RectIndex"]),
    // The pattern layouts (a superset returner, a left-aligned flow, an alpha-0 card stack, an automaticSize flow, a
    // custom self-sizing list, a self-configuring carousel, a reset-on-reload spreadsheet, a tag cloud invalidated on
    // rotation, a list with cell masks, and one that really drops a cell) and their families, compiled in Swift 5
    // mode as client files are.
    .target(name: "UIKitPatterns", dependencies: ["UIKit", "LayoutBenchUIKit", "Scenarios"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
    // UIKit-style layouts written as iOS code is written, compiled in Swift 5 mode as client files are.
    .testTarget(
        name: "UIKitTests",
        dependencies: [
            "UIKit", "LayoutBenchUIKit", "Scenarios", "Harness", "Verification", "Layouts", "LayoutModel", "RectIndex", "LayoutBenchTestSupport",
            "UIKitPatterns",
        ],
        swiftSettings: [.swiftLanguageMode(.v5)]
    ),
]
#endif
