/// An event, as UIKit's `UIEvent`: the type of the `with event:` parameter of hit testing
/// (`UIView.point(inside:with:)`, `hitTest(_:with:)`), which cells that mask themselves override. No events are
/// delivered here: a test passes `nil`, as UIKit does when it hit-tests for its own purposes.
open class UIEvent: NSObject {
    /// The kinds of event.
    public enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses, scroll, hover, transform
    }

    /// The event's kind: touches.
    open var type: EventType { .touches }

    /// When the event happened, in seconds since boot: 0.
    open var timestamp: TimeInterval { 0 }

    /// An event.
    public override init() { super.init() }
}

/// The app, as UIKit's `UIApplication`, reduced to what layouts read of it: the layout direction.
open class UIApplication: NSObject {
    /// The app.
    nonisolated(unsafe) public static let shared = UIApplication()

    /// The direction of the user interface: `UIKitCompatibility.layoutDirection` (left to right unless set), as
    /// every view's `effectiveUserInterfaceLayoutDirection`.
    open var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { UIKitCompatibility.layoutDirection }

    private override init() { super.init() }
}
