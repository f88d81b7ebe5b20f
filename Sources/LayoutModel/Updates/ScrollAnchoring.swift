/// What stays put on screen when a batch update changes content above or around the viewport.
public enum ScrollAnchoring: String, Sendable, Hashable, CaseIterable, Codable {
    /// UIKit's default: the content offset is kept, so content inserted or deleted above the viewport moves what the
    /// user is reading.
    case none
    /// The first visible item stays where it is on screen: the offset moves by as much as the item moved, as a
    /// layout's `targetContentOffset(forProposedContentOffset:)` or an app's offset fix-up does.
    case top
    /// For lists that grow at their end (chat): while the bounds reach the end of the content, they stay at the end;
    /// otherwise as ``top``.
    case bottom
}
