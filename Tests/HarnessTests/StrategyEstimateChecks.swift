import LayoutModel
import Layouts
import Testing

@testable import Scenarios

/// The check both self-sizing families' memory estimates pass (`CompositionalSelfSizingFamilyTests`,
/// `FlowSelfSizingEstimateTests`): for each strategy, the estimate is at least what a prepared layout holds and at
/// most that plus the strategy's slack; and a workload's estimate is its own strategy's.
enum StrategyEstimateChecks {
    /// What a prepared layout of `content` holds with `strategy`, as the harness reads it after the first layout
    /// pass (`memory.requestedBytesPerCell` is this over the cells): its arrays' capacities and its mapped regions.
    static func held<Family: UpdatingLayoutFamily>(_ family: Family, _ content: ContentSpec,
                                                   _ strategy: UpdateStrategy) -> Int {
        let layout = family.makeLayout(LayoutRequest(content: content, storage: .compact, updates: strategy))
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: content.itemCounts)
        host.layoutIfNeeded()
        return layout.attributeBytes
    }

    /// Checks `family`'s estimates over `itemsPerLine` self-sizing items in `shape`: `full`'s at most twice what it
    /// holds plus 64 KiB and `fullBytesPerSection` a section, `incremental`'s at most what it holds plus 64 KiB and
    /// 512 bytes a section. Returns the workload estimates of `full` and `incremental`, for the caller's own checks.
    @discardableResult
    static func expectEstimatesFollowStrategy<Family: UpdatingLayoutFamily>(
        _ family: Family, itemsPerLine: Int, shape: (sections: Int, items: Int), fullBytesPerSection: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (full: Int, incremental: Int) {
        var content = ContentSpec(sections: shape.sections, itemsPerSection: shape.items)
        content.selfSizing = SelfSizingSpec(itemsPerLine: itemsPerLine, fittingCost: 0)
        let sections = shape.sections
        for strategy in [UpdateStrategy.full, .incremental] {
            let estimate = family.estimatedBytes(for: content, storage: .compact, updates: strategy)
            let holds = held(family, content, strategy)
            #expect(holds <= estimate, "\(strategy): holds \(holds), estimated \(estimate)",
                    sourceLocation: sourceLocation)
            switch strategy {
            case .full:
                #expect(estimate <= 2 * holds + (1 << 16) + fullBytesPerSection * sections,
                        "\(estimate) against \(holds)", sourceLocation: sourceLocation)
            case .incremental:
                #expect(estimate <= holds + (1 << 16) + 512 * sections, "\(estimate) against \(holds)",
                        sourceLocation: sourceLocation)
            }
        }
        // The workload's estimate is the one of its strategy.
        var full = WorkloadSpec(rows: sections, columns: shape.items, layout: AnyLayoutFamily(family),
                                invalidations: [.context], updates: .full, selfSizing: content.selfSizing)
        var incremental = full
        incremental.updates = .incremental
        full.traceFrames = 0
        incremental.traceFrames = 0
        let fullEstimate = full.estimatedBytes(seed: 0, layouts: 1)
        let incrementalEstimate = incremental.estimatedBytes(seed: 0, layouts: 1)
        #expect(fullEstimate
                == family.estimatedBytes(for: full.content(seed: 0), storage: full.storage, updates: .full),
                sourceLocation: sourceLocation)
        #expect(incrementalEstimate
                == family.estimatedBytes(for: incremental.content(seed: 0), storage: .compact, updates: .incremental),
                sourceLocation: sourceLocation)
        return (fullEstimate, incrementalEstimate)
    }
}
