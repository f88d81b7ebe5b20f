// Swift Testing declares a cross-import overlay for CoreGraphics (Testing.swiftcrossimport/CoreGraphics.swiftoverlay
// names `_Testing_CoreGraphics`), which the Linux toolchain does not ship. With a module named CoreGraphics, a test
// file importing both Testing and CoreGraphics asks for it; this empty module answers, so that a client's tests
// compile unchanged.
