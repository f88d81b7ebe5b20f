// swift-tools-version: 6.1
//
// Masonry: an example of benchmarking your own layout with LayoutBench. It defines a masonry (waterfall) layout and
// its layout family, and runs LayoutBench's whole command tree over the built-in catalog plus that family.
//
//   masonry-bench ─> LayoutBenchCLI (the command tree, over a LayoutCatalog)
//                └─> Masonry ─> Scenarios, Layouts, LayoutModel (LayoutBench's libraries)
//
// LayoutBench is a path dependency on this repository's root. SwiftPM would name a path dependency after its
// directory (whatever the clone is called), so the dependency is given the root manifest's declared name,
// "LayoutBench", and the products below refer to it by that name.
//
// No unsafe flags and no defines: benchmark with `swift build -c release` (the stock `-O`, whole-module).
import PackageDescription

let package = Package(
    name: "Masonry",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "masonry-bench", targets: ["masonry-bench"]),
        .library(name: "Masonry", targets: ["Masonry"]),
    ],
    dependencies: [
        .package(name: "LayoutBench", path: "../.."),
    ],
    targets: [
        // The layout (a MeasuredLayout) and its family (a LayoutFamily): everything the harness needs to know.
        .target(
            name: "Masonry",
            dependencies: [
                .product(name: "LayoutBench", package: "LayoutBench"),
            ]
        ),
        // The five-line main: LayoutBench's command tree over the built-in catalog plus MasonryFamily.
        .executableTarget(
            name: "masonry-bench",
            dependencies: [
                "Masonry",
                .product(name: "LayoutBenchCLI", package: "LayoutBench"),
                .product(name: "LayoutBench", package: "LayoutBench"),
            ]
        ),
        // Hand-computed frames, both query variants against a brute-force filter over every item, and LayoutBench's
        // conformance checker.
        .testTarget(
            name: "MasonryTests",
            dependencies: [
                "Masonry",
                .product(name: "LayoutBench", package: "LayoutBench"),
                // LayoutBench's conformance checker, which every layout family runs.
                .product(name: "LayoutBenchTestSupport", package: "LayoutBench"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
