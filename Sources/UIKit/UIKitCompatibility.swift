import Foundation
import LayoutModel

/// The settings of this compatibility module that real UIKit takes from the device: the screen scale and the text
/// metric. Not UIKit API; set them before building layouts (a family adapter sets the scale from its parameter).
///
/// The harness is single-threaded; these are plain process-wide settings, read on every call.
public enum UIKitCompatibility {
    /// `UIScreen.main.scale` and `traitCollection.displayScale`: 3 (an iPhone's) unless set. Layouts round frames
    /// to `1 / scale` points, so this changes their frames exactly as a device does.
    nonisolated(unsafe) public static var displayScale: CGFloat = 3

    /// The screen's size in points, `UIScreen.main.bounds`: an iPhone 15's 393 x 852 unless set.
    nonisolated(unsafe) public static var screenSize = CGSize(width: 393, height: 852)

    /// The layout direction every view reports; left to right unless set.
    nonisolated(unsafe) public static var layoutDirection: UIUserInterfaceLayoutDirection = .leftToRight

    /// UIKit's message for an uncaught `NSInternalInconsistencyException` raised by an inconsistent batch update:
    /// `*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: …'`.
    package static func uncaughtExceptionMessage(_ error: BatchUpdateError) -> String {
        "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '\(error)'"
    }

    /// Stops the process as an iOS app stops on an uncaught `NSInternalInconsistencyException`, with UIKit's
    /// one-line message (``uncaughtExceptionMessage(_:)``): what an inconsistent
    /// `UICollectionView.performBatchUpdates` does (outside a diffable data source, whose batches are consistent by
    /// construction). One line on standard error and exit status 1, in debug and release builds alike, as every
    /// refusal a user's file can reach (``exit(withError:)``); never a trap. The harness never gets here: it applies
    /// batches through the host, which throws.
    package static func terminate(dueTo error: BatchUpdateError) -> Never {
        exit(withError: uncaughtExceptionMessage(error))
    }

    /// Stops the process on a layout the engine cannot lay out, with the refusal's one line and exit status 1
    /// (``exit(withError:)``), as UIKit stops on an uncaught exception. The harness does not get here: a UIKit
    /// family's `problem(for:)` asks
    /// ``UICollectionViewCompositionalLayout/unsupportedFeature(sections:containerSize:)`` before anything is built,
    /// and the workload is refused in one line with exit 1. Only a layout whose sections change their answer later
    /// (after a batch update) meets this.
    package static func terminate(unsupported refusal: UIKitUnsupportedFeature) -> Never {
        exit(withError: refusal.description)
    }

    /// Ends the process on a refusal a user's file reached: `layoutbench: error: ` and `message` (one line: its line
    /// breaks become spaces) on standard error, then exit status 1. Release builds keep the message, which a
    /// `fatalError` or `precondition` trap (exit 132) would not always print.
    package static func exit(withError message: String) -> Never {
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        FileHandle.standardError.write(Data(("layoutbench: error: " + line + "\n").utf8))
        Foundation.exit(1)
    }
}
