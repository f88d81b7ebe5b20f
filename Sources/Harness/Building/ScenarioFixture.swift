import LayoutModel
import Layouts
import Measurement
import Platform
import Scenarios

/// One scenario of the catalog, built and ready to measure from outside ``WorkloadRunner``: the package-benchmark
/// suite under `Benchmarks/` and the callgrind instruction pass drive the same layouts, traces and query sweeps
/// through it, so the three harnesses measure the same work. It builds through ``WorkloadBuilder``.
///
/// Building (the content and the layout's first `prepare()`) happens in ``init(_:seed:memoryGuard:)`` and is never
/// part of a measured operation. ``query()`` runs the next viewport query of the shuffled sweep with the scenario's
/// variant; ``frame()`` plays the next scroll frame of the trace through the simulated collection view, in the
/// scenario's invalidation mode. Both wrap around; a wrapped trace starts over with a scroll back to its first
/// offset, which costs a context frame no more than any other scroll.
public final class ScenarioFixture {
    /// Why a scenario could not be built.
    public enum BuildError: Error, CustomStringConvertible {
        /// The workload cannot run (for example zero rows, or a variant its layout lacks); the text says why.
        case invalidWorkload(String)
        /// The layout would not fit in the memory that can be used here.
        case tooLarge(estimatedBytes: Int, allowedBytes: Int)

        public var description: String {
            switch self {
            case let .invalidWorkload(problem): return "invalid workload: \(problem)"
            case let .tooLarge(estimate, allowed):
                return "needs about \(formatBytes(estimate)); \(formatBytes(allowed)) can be used here"
            }
        }
    }

    /// The scenario.
    public let scenario: Scenario
    /// The query variant the layout uses.
    public let variant: QueryVariant
    /// The scenario's id, as in results files.
    public var id: String { scenario.id }
    /// The workload the scenario belongs to.
    public var workload: WorkloadSpec { scenario.workload }
    /// The invalidation mode of the layout.
    public var invalidation: InvalidationMode { scenario.invalidation }
    /// The layout, prepared.
    public let layout: any MeasuredLayout
    /// The simulated collection view that drives the layout frame by frame.
    public let host: CollectionViewHost
    /// The content offsets of the trace's scroll frames, in order.
    public let offsets: [Point]
    /// The viewport rects of the query sweep, in their shuffled order.
    public let positions: [Rect]

    /// The `orthogonal` trace's events (scrolls of the bounds and of one section), its layout's orthogonal sections
    /// and the layout as it scrolls them; empty and `nil` for every other trace, whose frames replay ``offsets``.
    private let orthogonalEvents: [TraceEvent]
    private let orthogonalSpans: [OrthogonalSectionSpan]
    private let orthogonal: (any OrthogonalScrollingLayout)?

    private var frameIndex = 0
    private var queryIndex = 0
    /// Reused by every query, behind a pointer so that the query pays no exclusivity check for it. Made last, after
    /// the layout's first pass, as the buffer it replaced was: the heap then holds what it held before, and the
    /// allocator's instruction counts in later frames stay comparable with baselines made before it.
    private let buffer: ReusedAttributesBuffer

    /// Builds the scenario: the content, the layout and its first layout pass, the trace and the query sweep, exactly
    /// as ``WorkloadRunner`` does for the same seed.
    ///
    /// - Throws: ``BuildError`` when the workload is invalid or will not fit in memory.
    public init(_ scenario: Scenario, seed: UInt64, memoryGuard: MemoryGuard = MemoryGuard()) throws(BuildError) {
        let (builder, variant) = try Self.preflight(scenario, seed: seed, memoryGuard: memoryGuard)
        self.scenario = scenario
        self.variant = variant
        layout = builder.makeLayout(mode: scenario.invalidation, variant: variant)
        host = builder.makeHost(layout)
        host.layoutIfNeeded()
        offsets = builder.traceOffsets(contentSize: layout.contentSize)
        if scenario.workload.trace == .orthogonal, let scrolling = layout as? any OrthogonalScrollingLayout {
            orthogonal = scrolling
            orthogonalSpans = scrolling.orthogonalSections()
            orthogonalEvents = builder.trace(of: layout).events
        } else {
            orthogonal = nil
            orthogonalSpans = []
            orthogonalEvents = []
        }
        positions = builder.querySweep(contentSize: layout.contentSize)
        buffer = ReusedAttributesBuffer(reservingCapacity: 4096)
    }

    /// Every scenario of `suite`, in catalog order.
    public static func scenarios(of suite: Suite) -> [Scenario] { suite.workloads.flatMap(\.scenarios) }

    /// Runs the next viewport query of the sweep with the scenario's variant into a reused buffer, and returns the
    /// number of elements the variant tested.
    ///
    /// - Complexity: that of the variant: O(n) for a linear scan, O(log R + visible) for a binary search over R
    ///   rows.
    @discardableResult
    public func query() -> Int {
        let rect = positions[queryIndex]
        queryIndex = queryIndex + 1 == positions.count ? 0 : queryIndex + 1
        return layout.attributesForElements(in: rect, into: &buffer.pointer.pointee, using: variant)
    }

    /// The number of attributes the last ``query()`` returned.
    public var lastQueryCount: Int { buffer.pointer.pointee.count }

    /// Plays the next scroll frame of the trace: the content offset changes and the collection view lays out, in the
    /// scenario's invalidation mode.
    ///
    /// - Complexity: O(n) in full mode (every element is rebuilt); in context mode, the layout's context work plus
    ///   the variant's query.
    @discardableResult
    public func frame() -> FrameReport {
        if !orthogonalEvents.isEmpty, let orthogonal { return orthogonalFrame(orthogonal) }
        let offset = offsets.isEmpty ? Point.zero : offsets[frameIndex]
        if !offsets.isEmpty { frameIndex = frameIndex + 1 == offsets.count ? 0 : frameIndex + 1 }
        host.setContentOffset(offset)
        return host.layoutIfNeeded()
    }

    /// The next event of the `orthogonal` trace: a scroll of the bounds or of one orthogonal section, then the pass.
    private func orthogonalFrame(_ orthogonal: any OrthogonalScrollingLayout) -> FrameReport {
        let event = orthogonalEvents[frameIndex]
        frameIndex = frameIndex + 1 == orthogonalEvents.count ? 0 : frameIndex + 1
        switch event {
        case let .scroll(offset): host.setContentOffset(offset)
        case let .orthogonalScroll(section, offset):
            WorkloadBuilder.scrollOrthogonalSection(section, to: offset, of: orthogonal, on: host)
        default: break
        }
        return host.layoutIfNeeded()
    }

    /// Plays one turn of the trace from its start without measuring anything, then scrolls back to the origin, so
    /// buffers reach their steady size before a measured frame, as in ``WorkloadRunner``'s allocation pass.
    public func warmUp() {
        let frames = orthogonalEvents.isEmpty ? offsets.count : orthogonalEvents.count
        let turn = CountingRules.warmUpFrames(workload: workload, mode: invalidation, traceOffsets: frames)
        restart()
        for _ in 0..<Swift.max(1, turn) { frame() }
        for _ in 0..<CountingRules.warmUpQueries { query() }
        restart()
    }

    /// Scrolls back to the origin and lays out, and starts the trace and the sweep over from their first entries.
    public func restart() {
        if let orthogonal {
            for span in orthogonalSpans {
                WorkloadBuilder.scrollOrthogonalSection(span.section, to: span.rule.minimumOffset, of: orthogonal,
                                                        on: host)
            }
        }
        host.setContentOffset(.zero)
        host.layoutIfNeeded()
        frameIndex = 0
        queryIndex = 0
    }
}
