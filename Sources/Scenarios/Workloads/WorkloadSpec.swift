import LayoutModel
import Layouts
import Diffing
import Sampling

/// One workload of a suite: content arranged by one layout family, in one storage, seen through one viewport while
/// one trace scrolls it, measured for every listed query variant and invalidation mode. Each (variant, invalidation)
/// pair is one ``Scenario``.
public struct WorkloadSpec: Hashable, Sendable {
    /// Rows: the content's sections.
    public var rows: Int
    /// Columns: the content's items per section (their mean when ``counts`` is ``CountDistribution/varied``).
    public var columns: Int
    /// Whether every section has ``columns`` items.
    public var counts: CountDistribution
    /// How items are sized.
    public var sizes: SizeDistribution
    /// The layout family and its parameters.
    public var layout: AnyLayoutFamily
    /// How prepared attributes are held.
    public var storage: AttributeStorageKind
    /// The viewport.
    public var viewport: ViewportPreset
    /// The scroll trace; a benchmark trace only scrolls (`linear`, `fling`, `diagonal` or `page`).
    public var trace: ScrollTraceKind
    /// The trace's frame rate.
    public var frameRate: FrameRate
    /// Frames in the trace, at most ``maximumTraceFrames``.
    public var traceFrames: Int
    /// The names of the query variants measured (`strategies` in suite files), each one the layout offers.
    public var variants: [String]
    /// The invalidation modes measured.
    public var invalidations: [InvalidationMode]
    /// Sampling of query times, per variant.
    public var queryPolicy: SamplingPolicy
    /// Sampling of frame times in context mode, per scenario (every frame is a sample).
    public var framePolicy: SamplingPolicy
    /// Sampling of frame times in full mode, whose frames rebuild every element and can take seconds.
    public var fullFramePolicy: SamplingPolicy
    /// Frames timed per turn before the next scenario takes its turn.
    public var framesPerTurn: Int
    /// How the layout answers the trace's batch updates: one of the family's
    /// ``AnyLayoutFamily/updateStrategies(for:)``.
    /// Only a trace with updates (``ScrollTraceKind/hasUpdates``) names it in the id.
    public var updates: UpdateStrategy
    /// What the host keeps on screen when a batch changes content around the viewport; only a trace with updates
    /// takes a policy other than ``LayoutModel/ScrollAnchoring/none``.
    public var anchoring: ScrollAnchoring
    /// Self-sizing items (``ContentSpec/selfSizing``), or `nil`: sizes are final. Only a family that declares
    /// ``AnyLayoutFamily/supportsSelfSizing(for:)`` takes it; its update strategy (`full` or `incremental`) is then the
    /// self-sizing strategy, and ``anchoring`` what a resolution keeps in place.
    public var selfSizing: SelfSizingSpec?
    /// How an apply trace's snapshots become batches (``Diffing/DiffStrategy``): `diff`, `stdlib` or `reload`. Only
    /// an apply trace (``ScrollTraceKind/isApply``) names it in the id.
    public var diff: DiffStrategy

    /// The longest trace a workload may have: a million frames, over four hours of scrolling at 60 Hz. A trace is
    /// held in memory, about ``traceBytesPerFrame`` bytes a frame.
    public static let maximumTraceFrames = 1_000_000
    /// The bytes one frame of a trace holds while a workload runs: its event and its content offset.
    public static let traceBytesPerFrame = MemoryLayout<TraceEvent>.stride + MemoryLayout<Point>.stride

    /// Query batches: at least 20, at most 1000, for up to 0.3 s.
    public static let defaultQueryPolicy = SamplingPolicy(
        minimumSamples: 20, maximumSamples: 1000, timeBudgetNanoseconds: 300_000_000)
    /// Context frames: at least 60 (a second of scrolling at 60 Hz), at most 2000, for up to half a second.
    public static let defaultFramePolicy = SamplingPolicy(
        minimumSamples: 60, maximumSamples: 2000, timeBudgetNanoseconds: 500_000_000, targetRelativeError: 0,
        warmupOperations: 0)
    /// Full frames: at least 5, for up to two seconds.
    public static let defaultFullFramePolicy = SamplingPolicy(
        minimumSamples: 5, maximumSamples: 2000, timeBudgetNanoseconds: 2_000_000_000, targetRelativeError: 0,
        warmupOperations: 0)

    /// The trace kinds a benchmark workload may use: those made only of scroll events (`page` swipes included), and
    /// scrolling with a layout switch every twentieth frame (for families with a switch target; the switch frames
    /// are measured apart).
    public static let scrollTraces: [ScrollTraceKind] = [.linear, .fling, .diagonal, .page, .layoutSwitch]

    /// The trace kinds a benchmark workload may use: the scroll traces, those with batch updates (`edits`,
    /// `feed`, `chat`), whose update frames are measured apart (`update.*`), the self-sizing ones, and `orthogonal`
    /// (its orthogonal frames measured apart, `orthogonal.*`).
    public static let benchmarkTraces: [ScrollTraceKind] = scrollTraces + ScrollTraceKind.updateTraces
        + ScrollTraceKind.selfSizingTraces + [.orthogonal] + ScrollTraceKind.applyTraces

    /// The bytes one update event of a trace holds at most: a page of paths
    /// (``ScrollTrace/updatePageItems``) or an `edits` batch, with the arrays' headers.
    public static let traceBytesPerUpdate = 256 + ScrollTrace.updatePageItems * MemoryLayout<ElementPath>.stride

    /// Creates a workload of any layout family; `variants` defaults to every variant the family offers.
    public init(rows: Int, columns: Int, counts: CountDistribution = .uniform, sizes: SizeDistribution = .uniform,
                layout: AnyLayoutFamily, storage: AttributeStorageKind = .compact, viewport: ViewportPreset = .phone,
                trace: ScrollTraceKind = .fling, frameRate: FrameRate = .hz60, traceFrames: Int = 240,
                variants: [String]? = nil, invalidations: [InvalidationMode] = InvalidationMode.allCases,
                queryPolicy: SamplingPolicy = WorkloadSpec.defaultQueryPolicy,
                framePolicy: SamplingPolicy = WorkloadSpec.defaultFramePolicy,
                fullFramePolicy: SamplingPolicy = WorkloadSpec.defaultFullFramePolicy,
                framesPerTurn: Int = 30, updates: UpdateStrategy = .full, anchoring: ScrollAnchoring = .none,
                selfSizing: SelfSizingSpec? = nil, diff: DiffStrategy = .diff) {
        self.rows = rows
        self.columns = columns
        self.counts = counts
        self.sizes = sizes
        self.layout = layout
        self.storage = storage
        self.viewport = viewport
        self.trace = trace
        self.frameRate = frameRate
        self.traceFrames = traceFrames
        self.variants = variants ?? layout.base.queryVariants(
            for: ContentSpec(sections: rows, itemsPerSection: columns, counts: counts, sizes: sizes, seed: 1)).map(\.name)
        self.invalidations = invalidations
        self.queryPolicy = queryPolicy
        self.framePolicy = framePolicy
        self.fullFramePolicy = fullFramePolicy
        self.framesPerTurn = framesPerTurn
        self.updates = updates
        self.anchoring = anchoring
        self.selfSizing = selfSizing
        self.diff = diff
    }

    /// The content of this workload with `seed`.
    public func content(seed: UInt64) -> ContentSpec {
        ContentSpec(sections: rows, itemsPerSection: columns, counts: counts, sizes: sizes, seed: seed,
                    selfSizing: selfSizing)
    }

    /// Whether the workload resolves self-sizing items, so that its update strategy and anchoring are self-sizing's.
    public var isSelfSizing: Bool { selfSizing != nil }

    /// The workload's stable id: every parameter that changes what is measured, in a fixed order.
    ///
    /// `ROWSxCOLUMNS/SIZES/LAYOUT/STORAGE/VIEWPORT/TRACE@HZ`, where `LAYOUT` is the family's
    /// ``LayoutFamily/idComponent``; for the sticky grid, for example,
    /// `10000x10000/uniform/sticky1x1/compact/phone/fling@60`. A trace with updates adds its update strategy
    /// (`edits@60-upd-incremental`), and an anchoring policy other than `none` adds it (`-anchor-top`). Self-sizing
    /// content adds its spec after the sizes (`uniform-ss1x44-c3000`) and its strategy after the trace
    /// (`self-sizing@60-ss-incremental`).
    public var id: String {
        "\(content(seed: 1).dimensions)/\(sizes.rawValue)\(selfSizing.map { "-" + $0.idComponent } ?? "")/"
            + "\(layout.idComponent)/\(storage.rawValue)/"
            + "\(viewport.rawValue)/\(trace.rawValue)@\(frameRate.rawValue)"
            + (trace.hasUpdates ? "-upd-\(updates.rawValue)" : "")
            + (trace.isApply ? "-upd-\(updates.rawValue)-\(diff.rawValue)" : "")
            + (isSelfSizing && !trace.hasUpdates ? "-ss-\(updates.rawValue)" : "")
            + (anchoring == .none ? "" : "-anchor-\(anchoring.rawValue)")
    }

    /// The scenarios of this workload, variants outer and invalidation modes inner.
    public var scenarios: [Scenario] {
        variants.flatMap { v in invalidations.map { Scenario(workload: self, variant: v, invalidation: $0) } }
    }

    /// The stable id of the scenario of `variant` in `invalidation` mode.
    public func scenarioID(variant: String, invalidation: InvalidationMode) -> String {
        Scenario.id(workload: id, variant: variant, invalidation: invalidation)
    }

    /// Every scenario id of this workload, variants outer, invalidation modes inner.
    public var scenarioIDs: [String] { scenarios.map(\.id) }

    /// The variants measured, as the family describes them; names the family does not offer are left out (see
    /// ``problem``).
    public var queryVariants: [QueryVariant] {
        let offered = layout.base.queryVariants(for: content(seed: 1))
        return variants.compactMap { name in offered.first { $0.name == name } }
    }

    /// Why this workload cannot run, in one line, or `nil`.
    public var problem: String? {
        let content = content(seed: 1)
        if let problem = content.problem { return "workload \(id): \(problem)" }
        if let problem = layout.base.problem(for: content) { return "workload \(id): \(problem)" }
        let family = layout.familyType
        if !family.storages.contains(storage) {
            return "workload \(id): layout '\(layout.name)' does not offer \(storage.rawValue) storage; it offers "
                + family.storages.map(\.rawValue).joined(separator: ", ")
        }
        let storages = layout.base.storages(for: content)
        if !storages.contains(storage) {
            return "workload \(id): \(storage.rawValue) storage is unavailable for \(sizes.rawValue) sizes: layout '"
                + "\(layout.name)' offers " + storages.map(\.rawValue).joined(separator: ", ") + " for them"
        }
        let offered = family.queryVariants.map(\.name)
        let available = layout.base.queryVariants(for: content).map(\.name)
        if let unavailable = variants.first(where: { offered.contains($0) && !available.contains($0) }) {
            return "workload \(id): \(unavailable) is unavailable for \(sizes.rawValue) sizes: layout '\(layout.name)' "
                + "offers " + available.joined(separator: ", ") + " for them"
        }
        if let unknown = variants.first(where: { !offered.contains($0) }) {
            return "workload \(id): layout '\(layout.name)' has no query variant '\(unknown)'; it offers "
                + offered.joined(separator: ", ")
        }
        if !Self.benchmarkTraces.contains(trace) {
            return "workload \(id): trace '\(trace.rawValue)' is not a scroll trace or a trace with updates; use "
                + Self.benchmarkTraces.map(\.rawValue).joined(separator: ", ")
        }
        let strategies = layout.updateStrategies(for: content)
        if !strategies.contains(updates) {
            return "workload \(id): layout '\(layout.name)' does not offer the \(updates.rawValue) update strategy; it "
                + "offers " + strategies.map(\.rawValue).joined(separator: ", ")
        }
        if isSelfSizing && !layout.supportsSelfSizing(for: content) {
            return "workload \(id): layout '\(layout.name)' does not support self-sizing items"
                + (layout.name == FlowFamily.name ? " when it scrolls horizontally" : "")
                + "; self-sizing is supported by the vertical flow layout"
        }
        if isSelfSizing && trace.hasUpdates {
            return "workload \(id): self-sizing items take a scroll trace (self-sizing, rotate, …), not a trace with "
                + "updates (\(trace.rawValue))"
        }
        if !isSelfSizing && ScrollTraceKind.selfSizingTraces.contains(trace) {
            return "workload \(id): trace '\(trace.rawValue)' needs self-sizing items (run --self-sizing)"
        }
        if trace.isApply && (sizes != .uniform || isSelfSizing) {
            return "workload \(id): an apply trace (\(trace.rawValue)) takes uniform sizes without self-sizing (its "
                + "items are identified by the snapshots, not by the trace's item keys)"
        }
        if anchoring != .none && !trace.hasUpdates && !trace.isApply && !isSelfSizing {
            return "workload \(id): anchoring \(anchoring.rawValue) needs a trace with updates ("
                + ScrollTraceKind.updateTraces.map(\.rawValue).joined(separator: ", ") + ") or self-sizing items"
        }
        if trace == .orthogonal
            && !((layout.base as? any OrthogonalSectionFamily)?.hasOrthogonalSections(for: content) ?? false)
        {
            return "workload \(id): trace 'orthogonal' needs orthogonal sections: the compositional layout with "
                + "\"orthogonal\" (a behaviour other than none) and \"orthogonalFraction\" above 0, or a UIKit "
                + "compositional layout with a section whose orthogonalScrollingBehavior is not .none"
        }
        if trace == .layoutSwitch && layout.switching?.makeSwitchTarget(for: content, storage: storage) == nil {
            return "workload \(id): layout '\(layout.name)' has no layout to switch to, so it cannot take the "
                + "layout-switch trace"
        }
        if traceFrames < 1 || traceFrames > Self.maximumTraceFrames {
            return "workload \(id): traceFrames must be from 1 to \(Self.maximumTraceFrames), got \(traceFrames)"
        }
        if framesPerTurn < 1 || framesPerTurn > Self.maximumTraceFrames {
            return "workload \(id): framesPerTurn must be from 1 to \(Self.maximumTraceFrames), got \(framesPerTurn)"
        }
        if variants.isEmpty || invalidations.isEmpty {
            return "workload \(id): needs at least one query variant and one invalidation mode"
        }
        if Set(variants).count != variants.count || Set(invalidations).count != invalidations.count {
            return "workload \(id): lists a query variant or an invalidation mode twice"
        }
        for (name, policy) in [("queryPolicy", queryPolicy), ("framePolicy", framePolicy),
                               ("fullFramePolicy", fullFramePolicy)] {
            if let problem = policy.problem { return "workload \(id): \(name).\(problem)" }
        }
        return nil
    }

    /// A rough estimate of the seconds the workload takes, for progress: the sampling budgets of its scenarios, plus
    /// building its layouts and, in full mode, rebuilding every element on each sampled and counted frame (about
    /// 35 ns an element in compact storage and 150 ns with objects, measured on the sticky grid here).
    public func estimatedSeconds(deterministicOnly: Bool) -> Double {
        let cells = Double(rows) * Double(counts.largestCount(mean: columns)) / (counts == .uniform ? 1 : 2)
        let perCell = storage == .objects ? 150e-9 : 35e-9
        let build = cells * perCell * Double(invalidations.count)
        let fullModes = invalidations.contains(.full) ? Double(variants.count) : 0
        let countedFullFrames = fullModes * Double(CountingRules.fullModeFrames(self)
                                                   + (cells > Double(CountingRules.largeElementCount) ? 1 : framesPerTurn))
        var seconds = build + countedFullFrames * cells * perCell
        if !deterministicOnly {
            let budgets = Double(variants.count) * Double(queryPolicy.timeBudgetNanoseconds)
                + Double(variants.count * (invalidations.count - (invalidations.contains(.full) ? 1 : 0)))
                * Double(framePolicy.timeBudgetNanoseconds)
                + fullModes * Double(fullFramePolicy.timeBudgetNanoseconds)
            seconds += budgets / 1e9 + fullModes * Double(fullFramePolicy.minimumSamples) * cells * perCell
        }
        return seconds
    }

    /// A conservative estimate of the memory `layouts` prepared layouts of the workload hold, with its trace.
    public func estimatedBytes(seed: UInt64, layouts: Int) -> Int {
        let content = content(seed: seed)
        // The workload's update strategy where the family's strategies hold different amounts (a self-sizing
        // compositional layout's `full` arrays against `incremental`'s mapped trees).
        let one = (layout.base as? any UpdatingLayoutFamily)?.estimatedBytes(for: content, storage: storage,
                                                                           updates: updates)
            ?? layout.base.estimatedBytes(for: content, storage: storage)
        let (all, overflow) = one.multipliedReportingOverflow(by: Swift.max(1, layouts))
        let perFrame = Self.traceBytesPerFrame + (trace.hasUpdates ? Self.traceBytesPerUpdate : 0)
        let (trace, traceOverflow) = Swift.max(0, traceFrames).multipliedReportingOverflow(by: perFrame)
        let (total, totalOverflow) = all.addingReportingOverflow(trace)
        return overflow || traceOverflow || totalOverflow ? .max : total
    }

    /// A conservative estimate of the memory the workload holds when it runs: one layout per invalidation mode.
    public func estimatedBytes(seed: UInt64) -> Int { estimatedBytes(seed: seed, layouts: invalidations.count) }
}
