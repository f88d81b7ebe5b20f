import LayoutModel
import Layouts

extension FlowFamily {
    /// Vertical flows resolve self-sizing items (their metrics are uniform, and the global header is another family).
    public func supportsSelfSizing(for content: ContentSpec) -> Bool { options.scrollDirection == .vertical }

    /// The incremental self-sizing layout of `content` told the fitted sizes `resolved`; `nil` for content with
    /// final sizes or a flow the family cannot make self-sizing.
    public func makeLayout(for content: ContentSpec, resolved: ResolvedItemSizes) -> (any MeasuredLayout)? {
        guard content.selfSizing != nil, supportsSelfSizing(for: content) else { return nil }
        return selfSizingLayout(for: content, strategy: .incremental, resolved: resolved)
    }

    /// The self-sizing layout of `content` for `strategy`: `incremental` keeps resolved line extents in trees
    /// (O(log n) a resolution), `full` re-prepares everything on each resolution, as a naive custom layout does.
    /// The configuration's item sizing is the estimate's; the metrics are the family's uniform ones.
    func selfSizingLayout(for content: ContentSpec, strategy: UpdateStrategy, resolved: ResolvedItemSizes? = nil)
        -> any SelfSizingLayout
    {
        let given = content.selfSizing?.estimate ?? SelfSizingSpec().estimate
        let estimate = FlowEstimatedSize(itemsPerLine: given.itemsPerLine, extent: given.extent)
        // The estimate gives the sizes: the configuration's item sizing is ignored by both initialisers.
        let configuration = options.configuration(for: ContentSpec(sections: 1, itemsPerSection: 1),
                                                  alignment: alignment)
        return switch strategy {
        case .full: SelfSizingFlowLayout(configuration, estimated: estimate, resolved: resolved)
        case .incremental: IncrementalFlowLayout(configuration, estimated: estimate, resolved: resolved)
        }
    }

    /// A conservative estimate of the bytes a prepared self-sizing layout of `content` holds with `updates`
    /// (Guides/FlowLayout.md, "Self-sizing memory estimate"). Lines are counted from the estimate (its items a line,
    /// in the largest section, ``CountDistribution/largestCount(mean:)``), as both layouts lay them out:
    /// - `full` (``Layouts/SelfSizingFlowLayout``): its flow layout's frames (32 bytes an item), lines (24 bytes,
    ///   twice over: the array may grow by doubling) and section records, and each item's fitted extent (8 bytes,
    ///   twice over: a reset allocates the new extents beside the old) with a base a section, plus 64 KiB;
    /// - `incremental` (``Layouts/IncrementalFlowLayout``): per section its count and body end (16 bytes, twice
    ///   over), the section tree's sums and maxima (`2 × capacity(sections)` doubles each), the line trees' base
    ///   (and, with more than one item a line, the items' base), and the line trees' mapped region: per section
    ///   `2 × capacity(lines)` doubles (a perfect binary tree over its lines, the capacity the next power of two),
    ///   and with more than one item a line a second region of one double an item, each rounded up to the 64 KiB it
    ///   is mapped in, plus 64 KiB. The regions are mapped, not allocated: they cost memory only as their pages are
    ///   first written, so this is the most they can come to hold, counted once (a reset maps the new trees,
    ///   untouched, before the old ones are unmapped).
    ///
    /// `Int.max` on overflow.
    public func selfSizingEstimatedBytes(for content: ContentSpec, updates: UpdateStrategy) -> Int {
        let given = content.selfSizing?.estimate ?? SelfSizingSpec().estimate
        let perLine = Double(Swift.max(1, given.itemsPerLine))
        let sections = Double(content.sections)
        let largest = Double(content.counts.largestCount(mean: content.itemsPerSection))
        let items = sections * largest
        let lines = sections * (largest / perLine).rounded(.up)
        let double = Double(MemoryLayout<Double>.stride)
        let page = Double(1 << 16)
        var bytes = page
        switch updates {
        case .full:
            bytes += items * (Double(MemoryLayout<Rect>.stride) + 2 * double)
                + 2 * lines * Double(MemoryLayout<FlowLineRecord>.stride)
                + sections * (Double(MemoryLayout<FlowSectionRecord>.stride) + double) + double
        case .incremental:
            func capacity(_ count: Double) -> Double {
                var capacity = 1.0
                while capacity < count { capacity *= 2 }
                return capacity
            }
            // Counts and body ends (`FlowSectionState`, 16 bytes), the section tree's two arrays, the trees' bases.
            bytes += 2 * 16 * sections + 2 * 2 * double * capacity(sections)
                + (perLine > 1 ? 2 : 1) * double * (sections + 1)
            // Two regions, each mapped in whole 64 KiB (at least one): the trees', and the items' with more than one
            // a line.
            let trees = sections * 2 * capacity((largest / perLine).rounded(.up)) * double
            bytes += Swift.max(1, (trees / page).rounded(.up)) * page
            if perLine > 1 { bytes += Swift.max(1, (items * double / page).rounded(.up)) * page }
        }
        return bytes < 9e18 ? Int(bytes) : .max
    }

    /// The flow's self-sizing workloads: a vertical flow on a phone, measured in context invalidation with the
    /// indexed query, one workload per self-sizing strategy (`full` and `incremental`), the `self-sizing` trace
    /// unless named. A list is 1 item a line estimated 44 pt high; a grid 3 items a line estimated 120 pt high. The
    /// `full` strategy re-prepares every item on each resolution, so its traces are shorter at scale: 120 frames from
    /// 10^6 items, ``Suite/fullStrategyFramesAtScale`` above 5 M, and none above 10^7 (only `incremental` goes to
    /// 10^8).
    /// - `gate`: 100 x 100 (10^4) list and grid, `top` anchoring, 120 frames, no fitting cost (deterministic figures
    ///   only: the instruction counts are then the layout's and the host's);
    /// - `quick`: 1000 x 1000 (10^6) list under `top` and `none` anchoring (the jump);
    /// - `standard`: the quick workloads; the 10^6 grid (`top`); the 10^6 list `rotate` (`top`); the list at 10^7
    ///   and 10^8 (`top`);
    /// - `full`: the standard workloads, the 10^8 list under `none` and the 10^8 list `rotate`.
    public static func selfSizingWorkloads(forSuite suite: BuiltInSuite) -> [WorkloadSpec] {
        let list = SelfSizingSpec(itemsPerLine: 1, estimatedExtent: 44)
        let grid = SelfSizingSpec(itemsPerLine: 3, estimatedExtent: 120)
        func flow(_ rows: Int, _ columns: Int, _ spec: SelfSizingSpec, _ trace: ScrollTraceKind = .selfSizing,
                  anchoring: ScrollAnchoring = .top, frames: Int = 240) -> [WorkloadSpec] {
            let items = Double(rows) * Double(columns)
            return [UpdateStrategy.full, .incremental].compactMap { strategy in
                var frames = frames
                if strategy == .full {
                    if items > 1e7 { return nil }
                    if items > 5e6 { frames = Swift.min(frames, Suite.fullStrategyFramesAtScale) }
                    else if items >= 1e6 { frames = Swift.min(frames, 120) }
                }
                return WorkloadSpec(rows: rows, columns: columns, layout: AnyLayoutFamily(FlowFamily()),
                                    trace: trace, traceFrames: frames, variants: [FlowQueryVariants.indexed.name],
                                    invalidations: [.context], updates: strategy, anchoring: anchoring,
                                    selfSizing: spec)
            }
        }
        let quick = flow(1000, 1000, list) + flow(1000, 1000, list, anchoring: .none)
        let standard = quick + flow(1000, 1000, grid) + flow(1000, 1000, list, .rotate)
            + flow(10_000, 1000, list) + flow(10_000, 10_000, list)
        switch suite {
        case .gate:
            // No fitting cost: the gate's instruction counts are the layout's and the host's work, not the model of
            // Auto Layout's.
            var list = list, grid = grid
            list.fittingCost = 0
            grid.fittingCost = 0
            return flow(100, 100, list, frames: 120) + flow(100, 100, grid, frames: 120)
        case .quick: return quick
        case .standard: return standard
        case .full:
            return standard + flow(10_000, 10_000, list, anchoring: .none) + flow(10_000, 10_000, list, .rotate)
        default: return []
        }
    }
}
