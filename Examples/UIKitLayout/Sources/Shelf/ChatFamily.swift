import LayoutBenchUIKit
import UIKit

/// The chat layout (``ChatFlowLayout``, a flow subclass that handles batch updates) as a layout family: its
/// frames are the native `flow` family's defaults, and its update overrides run in every batch of an update trace.
///
/// In a suite file: `"layout": {"name": "uikit-chat"}`; on the command line: `--layout uikit-chat`.
public struct ChatFamily: UIKitLayoutFamily {
    /// `uikit-chat`.
    public static let name = "uikit-chat"
    /// One line for `list`.
    public static let summary = "a chat list's flow subclass: inserts rise from the bottom, the end stays in view (UIKit example)"

    /// The family.
    public init() {}

    /// A new ``ChatFlowLayout``.
    public func makeCollectionViewLayout() -> UICollectionViewLayout { ChatFlowLayout() }
}
