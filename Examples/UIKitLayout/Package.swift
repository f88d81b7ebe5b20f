// swift-tools-version: 6.1
//
// UIKitLayout: an example of benchmarking a layout written for iOS, unchanged, on Linux. `Sources/Shelf/
// ShelfFlowLayout.swift` is iOS code (`import UIKit`, a UICollectionViewFlowLayout subclass, its own attributes and
// invalidation-context classes, optional delegate calls); LayoutBench's UIKit compatibility module compiles it, and
// `ShelfFamily` registers it in the catalog in a few lines.
//
//   uikit-bench ─> LayoutBenchCLI (the command tree, over a LayoutCatalog)
//              └─> Shelf ─> UIKit (LayoutBench's compatibility module), LayoutBenchUIKit (the family adapter)
//
// LayoutBench is a path dependency on this repository's root, named "LayoutBench" (the root manifest's name).
// Linux only: on Apple platforms `import UIKit` is the real UIKit, and LayoutBench does not declare its UIKit modules.
//
// The layout file is compiled in Swift 5 language mode, as client files are (see Guides/UIKitLayouts.md).
// No unsafe flags and no defines: benchmark with `swift build -c release`.
import PackageDescription

let package = Package(
    name: "UIKitLayout",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "uikit-bench", targets: ["uikit-bench"]),
        .library(name: "Shelf", targets: ["Shelf"]),
    ],
    dependencies: [
        .package(name: "LayoutBench", path: "../.."),
    ],
    targets: [
        // The iOS layout file, unchanged, and the family that registers it.
        .target(
            name: "Shelf",
            dependencies: [
                .product(name: "UIKit", package: "LayoutBench"),
                .product(name: "LayoutBenchUIKit", package: "LayoutBench"),
                .product(name: "LayoutBench", package: "LayoutBench"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The five-line main: LayoutBench's command tree over the built-in catalog plus ShelfFamily and the others,
        // and LayoutBench's pattern layouts (UIKitPatterns: a superset returner, a left-aligned flow, … and one that
        // drops a cell), which CI verifies through this binary.
        .executableTarget(
            name: "uikit-bench",
            dependencies: [
                "Shelf",
                .product(name: "LayoutBenchCLI", package: "LayoutBench"),
                .product(name: "LayoutBench", package: "LayoutBench"),
                .product(name: "UIKitPatterns", package: "LayoutBench"),
            ]
        ),
        // LayoutBench's conformance checker over the family, and hand-computed frames through UIKit's own calls. The
        // sample screens' tests also run the verifiers one by one (Verification) on workloads built as the harness
        // builds them (Harness), which LayoutBenchInternals holds: they pin this repository's verdicts on the screens.
        .testTarget(
            name: "ShelfTests",
            dependencies: [
                "Shelf",
                .product(name: "UIKit", package: "LayoutBench"),
                .product(name: "LayoutBench", package: "LayoutBench"),
                .product(name: "LayoutBenchInternals", package: "LayoutBench"),
                .product(name: "LayoutBenchTestSupport", package: "LayoutBench"),
                .product(name: "LayoutBenchUIKit", package: "LayoutBench"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
