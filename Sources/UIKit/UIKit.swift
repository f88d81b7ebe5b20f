// UIKit for Linux: the collection-view part of UIKit, so that a file holding a `UICollectionViewLayout` subclass
// compiles unchanged (its `import UIKit` included) and runs through LayoutBench's harness. Scope: what layouts use,
// not a UI toolkit; see Guides/UIKitLayouts.md for the surface and the limits. Re-exports Foundation, CoreGraphics and
// QuartzCore, as Apple's UIKit does. On Apple platforms the real framework is used: Package.swift declares this
// target on Linux only.
//
// Isolation: Apple's UIKit classes are `@MainActor`. These are not isolated at all (the harness is single-threaded),
// which every client file compiles against, in Swift 5 and Swift 6 mode alike; client code that marks its own
// layout `@MainActor` still compiles (see the guide).
@_exported import CoreGraphics
@_exported import Foundation
@_exported import QuartzCore
