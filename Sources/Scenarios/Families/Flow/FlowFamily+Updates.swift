import LayoutModel
import Layouts

extension FlowFamily {
    /// The flow's batch-update workloads, one per update strategy
    /// (``Suite/updateWorkloads(of:variant:_:_:_:sizes:anchoring:frames:)``), with the indexed query:
    /// - `gate`: 100 x 100 `edits`, `top` anchoring, 120 frames (deterministic figures only);
    /// - `quick`: 1000 x 1000 (10^6) `edits`;
    /// - `standard`: the quick workload; 1000 x 1000 and 10000 x 10000 (10^8) `inserts-above` (one-item changes far
    ///   above the viewport: the figure `Guides/Updates.md` quotes); a short chat, 10 x 20 over 600 frames, which
    ///   reaches its start and loads older pages above what the user reads, under `none` (the visible jump) and
    ///   `bottom` anchoring; 1000 x 1000 `chat` with `bottom` anchoring; 10000 x 1000 (10^7) `feed`;
    /// - `full`: the standard workloads and 10000 x 10000 (10^8) `feed`.
    public static func updateWorkloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] {
        func flow(_ rows: Int, _ columns: Int, _ trace: ScrollTraceKind, anchoring: ScrollAnchoring = .none,
                  frames: Int = 240) -> [WorkloadSpec] {
            Suite.updateWorkloads(of: FlowFamily(), variant: FlowQueryVariants.indexed, rows, columns, trace,
                                  anchoring: anchoring, frames: frames)
        }
        let standard = flow(1000, 1000, .edits) + flow(1000, 1000, .insertsAbove)
            + flow(10_000, 10_000, .insertsAbove) + flow(10, 20, .chat, frames: 600)
            + flow(10, 20, .chat, anchoring: .bottom, frames: 600)
            + flow(1000, 1000, .chat, anchoring: .bottom) + flow(10_000, 1000, .feed)
        switch suite {
        case .gate: return flow(100, 100, .edits, anchoring: .top, frames: 120)
        case .quick: return flow(1000, 1000, .edits)
        case .standard: return standard
        case .full: return standard + flow(10_000, 10_000, .feed)
        case .scaling: return []
        }
    }
}
