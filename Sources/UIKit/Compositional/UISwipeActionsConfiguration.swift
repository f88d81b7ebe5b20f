/// UIKit's `UIContextualAction`: one action a list row shows when it is swiped (a title, a style, a handler).
/// Kept and handed back; nothing swipes on Linux, so its handler runs only when an app or a test calls it
/// (Guides/UIKitCompositional.md, "Lists", L8).
open class UIContextualAction: NSObject {
    /// How the action looks, as UIKit's `UIContextualAction.Style`.
    public enum Style: Int, Sendable {
        /// A standard action.
        case normal
        /// An action that deletes data (UIKit draws it red).
        case destructive
    }

    /// What runs when the user taps the action: the action, the view that showed it, and the completion to call
    /// with whether the action was performed.
    public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

    /// The action's style.
    public let style: Style
    /// The action's handler.
    public let handler: Handler
    /// The action's title.
    open var title: String?
    /// The action's background colour; `nil` gives the style's.
    open var backgroundColor: UIColor!
    /// An accessibility label, as UIKit's.
    open var accessibilityLabel: String?

    /// An action of `style` showing `title`, running `handler` when tapped.
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        super.init()
    }
}

/// UIKit's `UISwipeActionsConfiguration`: the actions a list row shows when it is swiped from one edge, what a
/// list configuration's swipe-action providers return (Guides/UIKitCompositional.md, "Lists", L8).
open class UISwipeActionsConfiguration: NSObject {
    /// The actions, in the order they are shown from the edge.
    public let actions: [UIContextualAction]
    /// Whether a full swipe performs the first action; `true` by default.
    open var performsFirstActionWithFullSwipe = true

    /// A configuration of `actions`.
    public init(actions: [UIContextualAction]) {
        self.actions = actions
        super.init()
    }
}
