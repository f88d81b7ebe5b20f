import Layouts

/// Where a boundary supplementary item sits on its section, as UIKit's `NSRectAlignment`. Extending the section
/// (`extendsBoundary`, the default), `.top` (a header) and `.bottom` (a footer) are supported; not extending it, every
/// case (Guides/UIKitCompositional.md, "Boundary items that do not extend their section").
public enum NSRectAlignment: Int, Sendable {
    case none = 0, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing

    /// The anchor edges of the alignment: one edge is that edge's middle, a corner its two edges, `.none` the
    /// centre.
    var engineEdges: CompositionalRectEdges {
        switch self {
        case .none: []
        case .top: [.top]
        case .topLeading: [.top, .leading]
        case .leading: [.leading]
        case .bottomLeading: [.bottom, .leading]
        case .bottom: [.bottom]
        case .bottomTrailing: [.bottom, .trailing]
        case .trailing: [.trailing]
        case .topTrailing: [.top, .trailing]
        }
    }
}
