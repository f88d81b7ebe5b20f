import LayoutModel
import Layouts

extension LeftAlignedFlowFamily {
    /// The left-aligned flow's batch-update workloads, one per update strategy
    /// (``Suite/updateWorkloads(of:variant:_:_:_:sizes:anchoring:frames:)``), per-item sizes and the indexed query:
    /// `gate` 100 x 30 `edits`, `top` anchoring, 120 frames; `standard` and `full` 1000 x 100 `edits`.
    public static func updateWorkloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] {
        func leftAligned(_ rows: Int, _ columns: Int, _ trace: ScrollTraceKind, anchoring: ScrollAnchoring = .none,
                         frames: Int = 240) -> [WorkloadSpec] {
            Suite.updateWorkloads(of: LeftAlignedFlowFamily(), variant: FlowQueryVariants.indexed, rows, columns,
                                  trace, sizes: .perCell, anchoring: anchoring, frames: frames)
        }
        switch suite {
        case .gate: return leftAligned(100, 30, .edits, anchoring: .top, frames: 120)
        case .quick, .scaling: return []
        case .standard, .full: return leftAligned(1000, 100, .edits)
        }
    }
}
