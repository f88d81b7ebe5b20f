// QuartzCore for Linux: `CATransform3D` and its functions, which collection-view layouts set on attributes
// (`transform3D`), and `CACurrentMediaTime`. Re-exports CoreGraphics. On Apple platforms the real framework is used:
// Package.swift declares this target on Linux only.
@_exported import CoreGraphics
