/// The shape of a scroll trace: what a user (or the app) does to the collection view, frame by frame.
public enum ScrollTraceKind: String, CaseIterable, Sendable, Codable {
    /// A constant-velocity vertical pan, reversing at the ends of the scrollable range; horizontal when only the
    /// horizontal axis scrolls.
    case linear
    /// Flicks decelerating as `UIScrollView` does (``FlingPhysics``), one after another, each stopping when it is
    /// too slow or reaches an end; along the horizontal axis when only that axis scrolls.
    case fling
    /// A constant-velocity pan along both axes, reflecting at the ends.
    case diagonal
    /// A vertical pan with a `scrollToItem` jump to a random cell every ten frames.
    case jump
    /// A vertical pan with a bounds-size change (a rotation or a split-view width) every thirty frames.
    case resize
    /// A vertical pan with a few rows or columns inserted or removed every twenty frames.
    case dataSource = "data-source"
    /// A vertical pan with a `setCollectionViewLayout` switch to the family's other layout (and back) every twentieth
    /// frame; only families with a switch target take it.
    case layoutSwitch = "layout-switch"
    /// A seeded interleaving of the pans, flings, jumps, resizes and data-source changes above (no layout switches),
    /// with fractional offsets and small overscrolls past the ends.
    case mixed
    /// Page-by-page swipes, as in a paging scroll view (a carousel): a short drag towards the next or previous
    /// page, then a decelerating settle onto it over several frames. Along the horizontal axis when only that axis
    /// scrolls, else the vertical one; a page is the viewport's extent along the axis.
    case page
    /// A pan along the scroll axis with a seeded random batch (inserts, deletes, moves and reloads of items and
    /// sections, ``BatchMix/edits``) every fourth frame.
    case edits
    /// An infinite feed: flings towards the end; whenever the bounds come within a screen of the (estimated) end of
    /// the content, a page of items is appended at the end of the last section.
    case feed
    /// A chat: starts at the end with a message inserted at the end of the last section every eighth frame, stays
    /// there a second, then pans towards the start; whenever it reaches the start, a page of older messages is
    /// inserted at the start of section 0.
    case chat
    /// One-item changes far above what the user reads: the bounds go to the middle of the content and stay there;
    /// every later frame inserts an item at the start of section 0, or deletes it again, in turn. The case the
    /// incremental strategies and anchoring are for, and the one `Guides/Updates.md` quotes.
    case insertsAbove = "inserts-above"
    /// Self-sizing content as users meet it: from the top, flings down through estimated content (40% of the
    /// frames), then a `scrollToItem` jump to the last item (no cell was visible before it, so no jump is counted
    /// there), then flings back up through content that was never sized: the case where UIKit's flow jumps.
    case selfSizing = "self-sizing"
    /// Self-sizing content rotated: from the top, flings down (half the frames) so that what is on screen has been
    /// sized, then the viewport's width and height swap (a rotation: every fitted size is stale), then a pan back
    /// up through the content sized at the old width.
    case rotate
    /// Swipes and flings inside the visible orthogonal sections (carousels) while the main view pans between them:
    /// each section's gesture comes to rest where its behaviour settles (`OrthogonalScrollRule`). Content without
    /// orthogonal sections refuses it.
    case orthogonal
    /// Snapshots applied as an app applies them (diff, staging, batches): DifferenceKit's benchmark pair (UUID-like
    /// identifiers; deletes, inserts and a shuffle of contiguous ranges), applied and undone in turn.
    case applyDifferenceKit = "apply-differencekit"
    /// Snapshots applied: a feed, 1 % of its items changed per apply (deletes, inserts, moves, content updates).
    case applyFeed = "apply-feed"
    /// Snapshots applied: a chat, one message appended per apply and an edit of a recent message every eighth.
    case applyChat = "apply-chat"
    /// Snapshots applied: the same snapshot re-applied, as an app that applies on every model change does.
    case applyUnchanged = "apply-unchanged"
    /// Snapshots applied: 1 % of the sections (at least one) move per apply, one of them with an item moved inside.
    case applySectionMoves = "apply-section-moves"
    /// Snapshots applied: heavy churn, a quarter of the items deleted and as many inserted per apply.
    case applyChurn = "apply-churn"

    /// The kinds whose traces carry batch updates (``TraceEvent/update(_:addedSectionCounts:)``).
    public static let updateTraces: [ScrollTraceKind] = [.edits, .feed, .chat, .insertsAbove]

    /// The kinds made for self-sizing content; a workload without self-sizing items refuses them.
    public static let selfSizingTraces: [ScrollTraceKind] = [.selfSizing, .rotate]

    /// The kinds whose frames are snapshots applied (``ApplySequence``): one apply per frame.
    public static let applyTraces: [ScrollTraceKind] = [.applyDifferenceKit, .applyFeed, .applyChat,
                                                         .applyUnchanged, .applySectionMoves, .applyChurn]

    /// Whether each frame of the trace applies a snapshot.
    public var isApply: Bool { Self.applyTraces.contains(self) }

    /// Whether the trace carries batch updates.
    public var hasUpdates: Bool { Self.updateTraces.contains(self) }
}
