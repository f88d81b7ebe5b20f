// swift-tools-version: 6.1
//
// UIKitRewrite: the rewrite step that lets an iOS layout file using Objective-C-only forms (`@objc`, `@objcMembers`,
// `dynamic`, `@objc optional` requirements, overrides in extensions) compile on Linux against LayoutBench's UIKit
// compatibility modules, with the file itself left byte for byte unchanged. See "Objective-C forms: the rewrite step"
// in Guides/UIKitLayouts.md.
//
//   UIKitRewritePlugin (build-tool plugin) ─> uikit-rewrite (executable) ─> UIKitSourceRewriter ─> SwiftSyntax,
//                                                                                                  SwiftParser
//
// A package of its own, so that LayoutBench's `swift build` and `swift test` never build swift-syntax: only a package
// that applies the plugin (Examples/ObjCLayout) or builds this one pays for it (measured in the guide).
// No unsafe flags and no defines.
import PackageDescription

let package = Package(
    name: "UIKitRewrite",
    platforms: [.macOS(.v14)],
    products: [
        // The rewrite as a library: sources in, rewritten sources and diagnostics out; no file system access.
        .library(name: "UIKitSourceRewriter", targets: ["UIKitSourceRewriter"]),
        // The rewrite as a program: `uikit-rewrite --output DIR FILE…`, what the plugin runs.
        .executable(name: "uikit-rewrite", targets: ["uikit-rewrite"]),
        // Applied to a target, compiles the rewritten copies of the Swift files under the target's `iOS/` folder.
        .plugin(name: "UIKitRewritePlugin", targets: ["UIKitRewritePlugin"]),
    ],
    dependencies: [
        // The parser and syntax tree. Resolved offline from the local mirror; 603 is the release for Swift 6.3, and
        // the range accepts the 600 and 602 releases too (the API used here is the same).
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    ],
    targets: [
        .target(
            name: "UIKitSourceRewriter",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .executableTarget(name: "uikit-rewrite", dependencies: ["UIKitSourceRewriter"]),
        .plugin(name: "UIKitRewritePlugin", capability: .buildTool(), dependencies: ["uikit-rewrite"]),
        .testTarget(
            name: "UIKitSourceRewriterTests",
            dependencies: [
                "UIKitSourceRewriter",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
