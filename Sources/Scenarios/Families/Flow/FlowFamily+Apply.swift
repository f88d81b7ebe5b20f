import Diffing
import LayoutModel
import Layouts

extension FlowFamily {
    /// The built-in apply workloads: snapshots applied to the flow (indexed query, context invalidation, its
    /// `incremental` update strategy), one workload per diff strategy so that `stdlib`, `diff` and `reload` run side
    /// by side in one run (``Suite/applyWorkloads(of:variant:_:_:_:_:applies:anchoring:)``; ``ApplySequence``
    /// describes each trace; a trace's frames are its measured applies):
    /// - `gate` (counted exactly: allocations, instructions, batches and operations per apply): 1 x 1000
    ///   DifferenceKit-style, feed and chat (`bottom` anchoring), 10 x 100 unchanged, 100 x 10 section moves,
    ///   5 applies each, `diff` and `stdlib`;
    /// - `quick`: DifferenceKit's 5,000 case (1 x 5000) and 10^4-item feed (100 x 100) and unchanged (1 x 10000)
    ///   with the three strategies, 20 applies; a 1 x 1000 chat under `none` and `bottom` anchoring;
    /// - `standard`: the quick workloads; DifferenceKit's 100,000 case (1 x 100000; `stdlib` 3 applies, the others
    ///   10); 10^6 items at 1 % churn (1000 x 1000, and 1 x 10^6 in one section) with `diff` and `reload`, and
    ///   `stdlib` over the 1000 sections; section moves (1000 x 100) and heavy churn (100 x 1000) with the three
    ///   strategies, 5 applies; a 1 x 10000 chat under `top` anchoring;
    /// - `full`: the standard workloads and 10^7 items at 1 % churn (10000 x 1000, `diff`, 3 applies).
    public static func applyWorkloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] {
        func apply(_ rows: Int, _ columns: Int, _ trace: ScrollTraceKind,
                   _ strategies: [DiffStrategy] = DiffStrategy.allCases, applies: Int,
                   anchoring: ScrollAnchoring = .none) -> [WorkloadSpec] {
            Suite.applyWorkloads(of: FlowFamily(), variant: FlowQueryVariants.indexed, rows, columns, trace,
                                 strategies, applies: applies, anchoring: anchoring)
        }
        let quick = apply(1, 5000, .applyDifferenceKit, applies: 20) + apply(100, 100, .applyFeed, applies: 20)
            + apply(1, 10_000, .applyUnchanged, applies: 20)
            + apply(1, 1000, .applyChat, [.diff], applies: 20)
            + apply(1, 1000, .applyChat, [.diff], applies: 20, anchoring: .bottom)
        let standard = quick
            + apply(1, 100_000, .applyDifferenceKit, [.stdlib], applies: 3)
            + apply(1, 100_000, .applyDifferenceKit, [.diff, .reload], applies: 10)
            + apply(1000, 1000, .applyFeed, applies: 10) + apply(1, 1_000_000, .applyFeed, [.diff, .reload], applies: 10)
            + apply(1000, 100, .applySectionMoves, applies: 5) + apply(100, 1000, .applyChurn, applies: 5)
            + apply(1, 10_000, .applyChat, [.diff], applies: 20, anchoring: .top)
        switch suite {
        case .gate:
            let strategies: [DiffStrategy] = [.diff, .stdlib]
            return apply(1, 1000, .applyDifferenceKit, strategies, applies: 5)
                + apply(1, 1000, .applyFeed, strategies, applies: 5)
                + apply(1, 1000, .applyChat, strategies, applies: 5, anchoring: .bottom)
                + apply(10, 100, .applyUnchanged, strategies, applies: 5)
                + apply(100, 10, .applySectionMoves, strategies, applies: 5)
        case .quick: return quick
        case .standard: return standard
        case .full: return standard + apply(10_000, 1000, .applyFeed, [.diff], applies: 3)
        case .scaling: return []
        }
    }
}
