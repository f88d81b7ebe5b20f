import LayoutModel
import Layouts

extension CompositionalFamily {
    /// The compositional grid's batch-update workloads, one per update strategy
    /// (``Suite/updateWorkloads(of:variant:_:_:_:sizes:anchoring:frames:)``), with the indexed query: `gate`
    /// 100 x 100 `edits`, `top` anchoring, 120 frames; `standard` 1000 x 1000 `edits`; `full` that and
    /// 10000 x 10000 (10^8) `feed`.
    public static func updateWorkloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] {
        func grid(_ rows: Int, _ columns: Int, _ trace: ScrollTraceKind, anchoring: ScrollAnchoring = .none,
                  frames: Int = 240) -> [WorkloadSpec] {
            Suite.updateWorkloads(of: CompositionalFamily(), variant: CompositionalQueryVariants.indexed, rows,
                                  columns, trace, anchoring: anchoring, frames: frames)
        }
        switch suite {
        case .gate: return grid(100, 100, .edits, anchoring: .top, frames: 120)
        case .quick, .scaling: return []
        case .standard: return grid(1000, 1000, .edits)
        case .full: return grid(1000, 1000, .edits) + grid(10_000, 10_000, .feed)
        }
    }
}
