// swift-tools-version: 6.1
//
// ObjCLayout: an iOS layout written with Objective-C-only forms (`@objc`, `@objcMembers`, `dynamic`, `@nonobjc`, an
// `@objc optional` delegate called with `?(…)` and `!(…)`, overrides in extensions in the same file and in another
// file), benchmarked on Linux with its files left byte for byte unchanged. The files are in `Sources/Gallery/iOS/`,
// which the target excludes; LayoutBench's UIKitRewritePlugin compiles rewritten copies of them instead (see
// "Objective-C forms: the rewrite step" in Guides/UIKitLayouts.md).
//
//   objc-bench ─> LayoutBenchCLI (the command tree, over a LayoutCatalog)
//             └─> Gallery ─> UIKit (LayoutBench's compatibility module), LayoutBenchUIKit (the family adapter)
//                    ↑ UIKitRewritePlugin ─> uikit-rewrite ─> swift-syntax (built for the host, once)
//
// LayoutBench and UIKitRewrite are path dependencies on this repository. Linux only, like Examples/UIKitLayout.
// The layout files are compiled in Swift 5 language mode, as client files are. No unsafe flags and no defines.
import PackageDescription

let package = Package(
    name: "ObjCLayout",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "objc-bench", targets: ["objc-bench"]),
        .library(name: "Gallery", targets: ["Gallery"]),
    ],
    dependencies: [
        .package(name: "LayoutBench", path: "../.."),
        .package(name: "UIKitRewrite", path: "../../Tools/UIKitRewrite"),
    ],
    targets: [
        // The iOS files, unchanged, in `iOS/` (excluded: the plugin compiles their rewritten copies), and the family
        // that registers the layout (compiled as is).
        .target(
            name: "Gallery",
            dependencies: [
                .product(name: "UIKit", package: "LayoutBench"),
                .product(name: "LayoutBenchUIKit", package: "LayoutBench"),
                .product(name: "LayoutBench", package: "LayoutBench"),
            ],
            exclude: ["iOS"],
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "UIKitRewritePlugin", package: "UIKitRewrite")]
        ),
        // The five-line main: LayoutBench's command tree over the built-in catalog plus GalleryFamily.
        .executableTarget(
            name: "objc-bench",
            dependencies: [
                "Gallery",
                .product(name: "LayoutBenchCLI", package: "LayoutBench"),
                .product(name: "LayoutBench", package: "LayoutBench"),
            ]
        ),
        // The conformance checker over the family, and the optional delegate's semantics through UIKit's own calls.
        .testTarget(
            name: "GalleryTests",
            dependencies: [
                "Gallery",
                .product(name: "UIKit", package: "LayoutBench"),
                .product(name: "LayoutBench", package: "LayoutBench"),
                .product(name: "LayoutBenchTestSupport", package: "LayoutBench"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
