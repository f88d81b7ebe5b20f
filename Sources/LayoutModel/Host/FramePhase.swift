/// A phase of a frame, as a timeline shows it: the steps of UIKit's layout pass and of `performBatchUpdates`, in the
/// order a ``CollectionViewHost`` runs them.
///
/// The raw value is the code a results file's timeline stores (`FrameTimeline.phaseNames` in Results lists the names
/// in this order); a new phase is added at the end.
public enum FramePhase: Int, CaseIterable, Hashable, Sendable {
    /// The bounds change and the invalidation it causes (`shouldInvalidate`, the context, `invalidate(with:)`), a
    /// data-source change, a resize or a layout swap: whatever the event does before the layout pass.
    case invalidation
    /// `prepare()`, when anything was invalidated.
    case prepare
    /// The rect query for the bounds (`layoutAttributesForElements(in:)`).
    case query
    /// The visible-set diff: cells that appear and disappear.
    case diff
    /// The self-sizing sequence that ends the pass: fittings, the layout's answers and contexts, and each round's
    /// prepare, query and diff.
    case selfSizing
    /// One cell's fitting (`preferredLayoutAttributesFitting`), inside ``selfSizing``.
    case fitting
    /// A batch update's plan: the batch checked against the counts before and after.
    case batchPlan
    /// A batch update's step for the layout: `prepare(forCollectionViewUpdates:)`.
    case batchUpdate
    /// A batch update's new offset: `targetContentOffset(forProposedContentOffset:)`, the anchoring policy and the
    /// bounds change that moves there.
    case anchoring
    /// `finalizeCollectionViewUpdates()`.
    case finalize

    /// The name a timeline shows: `invalidate`, `prepare`, `query`, `diff`, `self-sizing`, `fitting`, `batch plan`,
    /// `batch update`, `anchoring`, `finalize`.
    public var name: String {
        switch self {
        case .invalidation: "invalidate"
        case .prepare: "prepare"
        case .query: "query"
        case .diff: "diff"
        case .selfSizing: "self-sizing"
        case .fitting: "fitting"
        case .batchPlan: "batch plan"
        case .batchUpdate: "batch update"
        case .anchoring: "anchoring"
        case .finalize: "finalize"
        }
    }
}

/// Receives the edges of a frame's phases from a ``CollectionViewHost``'s phased passes
/// (``CollectionViewHost/layoutIfNeeded(recording:)``, ``CollectionViewHost/performBatchUpdates(_:newCounts:recording:)``):
/// what a timeline pass reads its clock in. Phases nest: a ``FramePhase/fitting`` begins and ends inside a
/// ``FramePhase/selfSizing``; every other pair is closed before the next begins.
///
/// The plain passes (``CollectionViewHost/layoutIfNeeded()``, ``CollectionViewHost/performBatchUpdates(_:newCounts:)``)
/// record nothing and pay nothing: the batch update is specialised for ``NoFramePhases``, whose calls are empty, and
/// the plain layout pass is not phased at all.
public protocol FramePhaseRecording {
    /// Whether the recorder records: `false` only for ``NoFramePhases``, so that a specialised pass drops every call.
    static var isRecording: Bool { get }
    /// `phase` begins now.
    func begin(_ phase: FramePhase)
    /// `phase`, the last one begun and not yet ended, ends now.
    func end(_ phase: FramePhase)
}

/// The recorder of the plain passes: records nothing.
public struct NoFramePhases: FramePhaseRecording {
    /// Creates the recorder.
    @inlinable public init() {}
    /// `false`.
    @inlinable public static var isRecording: Bool { false }
    /// Does nothing.
    @inlinable @inline(__always) public func begin(_ phase: FramePhase) {}
    /// Does nothing.
    @inlinable @inline(__always) public func end(_ phase: FramePhase) {}
}
