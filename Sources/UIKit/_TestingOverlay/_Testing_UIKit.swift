// Swift Testing declares a cross-import overlay for UIKit (Testing.swiftcrossimport/UIKit.swiftoverlay names
// `_Testing_UIKit`), which the Linux toolchain does not ship. With a module named UIKit, a test file importing both
// Testing and UIKit asks for it; this empty module answers, so that a client's tests compile unchanged.
