// CoreGraphics for Linux: what collection-view layouts use of Apple's CoreGraphics, so that `import CoreGraphics`
// compiles unchanged. swift-corelibs-foundation already defines `CGFloat`, `CGPoint`, `CGSize` and `CGRect` with
// their rect helpers (`insetBy`, `offsetBy`, `divided`, `integral`, `minX` … `maxY`, `union`, `intersection`); this
// module re-exports Foundation and adds what it lacks: `CGVector`, `CGAffineTransform` and the `equalTo` spellings.
// On Apple platforms the real framework is used: Package.swift declares this target on Linux only.
@_exported import Foundation
