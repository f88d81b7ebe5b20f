/// The name of a metric in a results file: one of the built-in names below, or a custom one (a user's layout, a
/// future metric, a file written by another tool).
///
/// The vocabulary follows package-benchmark's `BenchmarkMetric`: every metric the harness measures is a static member
/// that says its unit, whether it is deterministic or a timing, and what it counts; anything else is ``custom(_:)``.
/// Unlike an enum with a `custom` case, the name is its text: `MetricName.custom("frame.time") == .frameTime`, so a
/// name read from a file is the built-in it spells.
///
/// Results files keep names as plain strings (a scenario's `metrics` object is keyed by them, and this type encodes
/// as a single string), so the file format does not depend on this type. The dictionaries of ``ScenarioResult``
/// stay keyed by `String` for the same reason; `metrics[.frameTime]` reads and writes them through this type.
public struct MetricName: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// Whether a metric's figures repeat exactly from run to run.
    public enum Determinism: String, Hashable, Sendable {
        /// Exact and repeatable (allocation counts and bytes, elements, instruction counts): compared exactly.
        case deterministic
        /// Measured with the clock, or derived from clock readings: compared statistically.
        case timing
    }

    /// What the harness knows about a built-in metric.
    public struct Description: Hashable, Sendable {
        /// The unit its figures are written in.
        public var unit: String
        /// Whether it is deterministic or a timing.
        public var determinism: Determinism
        /// What it counts, in one line.
        public var summary: String
    }

    /// The name as written in results files, for example `frame.time`.
    public var rawValue: String

    /// The name `rawValue`, built-in or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A name the harness does not define (a user's layout, a future metric); equal to the built-in of the same text.
    public static func custom(_ name: String) -> MetricName { MetricName(rawValue: name) }

    /// The name's text.
    public var description: String { rawValue }

    /// Orders names by their text.
    public static func < (lhs: MetricName, rhs: MetricName) -> Bool { lhs.rawValue < rhs.rawValue }

    // MARK: What a name means

    /// The built-in metric's unit, determinism and summary, or `nil` for a custom name.
    public var builtIn: Description? { Self.builtIns[self] }

    /// The unit a built-in metric is written in; `nil` for a custom name.
    public var unit: String? { builtIn?.unit }

    /// Whether the built-in metric is deterministic (exact counts) rather than a timing; `nil` for a custom name,
    /// whose file's `deterministic` flag is the only word on it.
    public var isDeterministic: Bool? { builtIn.map { $0.determinism == .deterministic } }

    /// Whether the metric describes the workload rather than its cost (cells a query returns, cells visible), so
    /// that "smaller is better" does not hold for it.
    public var describesWorkload: Bool { Self.workloadDescriptors.contains(self) }

    /// The headline timings, in the order a report shows them first: query, frame and prepare time.
    public static let headlineTimings: [MetricName] = [.queryTime, .frameTime, .prepareTime]

    /// The metrics that describe the workload rather than its cost: see ``describesWorkload``.
    public static let workloadDescriptors: Set<MetricName> = [.queryCellsReturned, .frameVisibleCells,
                                                              .updateContentSizeChange]

    // MARK: Frames (one value per frame of the trace)

    /// `frame.time` (ns, timing): a frame's layout pass: bounds change, invalidation, prepare, query, visible-set diff.
    public static let frameTime = MetricName(rawValue: "frame.time")
    /// `frame.over60Hz` (frames, timing): how many frames went over a 60 Hz budget (16.7 ms), of `count` frames.
    public static let frameOver60Hz = MetricName(rawValue: "frame.over60Hz")
    /// `frame.over120Hz` (frames, timing): how many frames went over a 120 Hz budget (8.3 ms), of `count` frames.
    public static let frameOver120Hz = MetricName(rawValue: "frame.over120Hz")
    /// `frame.hitchRatio` (ms/s, timing): Apple's hitch ratio, milliseconds late past the frame budget per second.
    public static let frameHitchRatio = MetricName(rawValue: "frame.hitchRatio")
    /// `frame.allocations` (calls, deterministic): allocator calls in a frame.
    public static let frameAllocations = MetricName(rawValue: "frame.allocations")
    /// `frame.allocatedBytes` (bytes, deterministic): bytes allocated in a frame.
    public static let frameAllocatedBytes = MetricName(rawValue: "frame.allocatedBytes")
    /// `frame.recomputedElements` (elements, deterministic): elements whose attributes a frame recomputed.
    public static let frameRecomputedElements = MetricName(rawValue: "frame.recomputedElements")
    /// `frame.sizeQueries` (calls, deterministic): calls to the size provider in a frame.
    public static let frameSizeQueries = MetricName(rawValue: "frame.sizeQueries")
    /// `frame.visibleCells` (cells, deterministic): cells visible after a frame; describes the workload.
    public static let frameVisibleCells = MetricName(rawValue: "frame.visibleCells")
    /// `frame.instructions` (instructions, deterministic): instructions a frame executes, counted by callgrind,
    /// without the routines counted apart (`frame.metadataLookups`, `frame.mathCalls`).
    public static let frameInstructions = MetricName(rawValue: "frame.instructions")
    /// `frame.metadataLookups` (calls, deterministic): lookups in the Swift runtime's metadata and conformance
    /// caches a frame makes, counted apart from `frame.instructions` because their cost depends on addresses.
    public static let frameMetadataLookups = MetricName(rawValue: "frame.metadataLookups")
    /// `frame.mathCalls` (calls, deterministic): calls to libm's transcendental functions a frame makes, counted
    /// apart from `frame.instructions` because glibc picks their code per CPU.
    public static let frameMathCalls = MetricName(rawValue: "frame.mathCalls")

    // MARK: Queries (one value per rect query of the sweep)

    /// `query.time` (ns, timing): one rect query of the variant, at positions swept over the whole content.
    public static let queryTime = MetricName(rawValue: "query.time")
    /// `query.allocations` (calls, deterministic): allocator calls in a query.
    public static let queryAllocations = MetricName(rawValue: "query.allocations")
    /// `query.allocatedBytes` (bytes, deterministic): bytes allocated in a query.
    public static let queryAllocatedBytes = MetricName(rawValue: "query.allocatedBytes")
    /// `query.cellsTested` (cells, deterministic): cells a query tested against the rect.
    public static let queryCellsTested = MetricName(rawValue: "query.cellsTested")
    /// `query.cellsReturned` (cells, deterministic): cells a query returned; describes the workload.
    public static let queryCellsReturned = MetricName(rawValue: "query.cellsReturned")
    /// `query.instructions` (instructions, deterministic): instructions a query executes, counted by callgrind,
    /// without the routines counted apart (`query.metadataLookups`, `query.mathCalls`).
    public static let queryInstructions = MetricName(rawValue: "query.instructions")
    /// `query.metadataLookups` (calls, deterministic): the Swift runtime's metadata-cache lookups of a query.
    public static let queryMetadataLookups = MetricName(rawValue: "query.metadataLookups")
    /// `query.mathCalls` (calls, deterministic): calls to libm's transcendental functions of a query.
    public static let queryMathCalls = MetricName(rawValue: "query.mathCalls")

    // MARK: Prepare and memory (per layout; `…PerCell` divides by the elements, as results files always have)

    /// `prepare.time` (ns, timing): one full `prepare()`, without a query.
    public static let prepareTime = MetricName(rawValue: "prepare.time")
    /// `prepare.allocatedBytesPerCell` (bytes/cell, deterministic): bytes a full prepare allocates, per element.
    public static let prepareAllocatedBytesPerCell = MetricName(rawValue: "prepare.allocatedBytesPerCell")
    /// `prepare.allocationsPerCell` (calls/cell, deterministic): allocator calls of a full prepare, per element.
    public static let prepareAllocationsPerCell = MetricName(rawValue: "prepare.allocationsPerCell")
    /// `prepare.peakBytes` (bytes, deterministic): the allocator's peak during a full prepare.
    public static let preparePeakBytes = MetricName(rawValue: "prepare.peakBytes")
    /// `prepare.instructionsPerCell` (instructions/cell, deterministic): instructions of a full prepare, per element,
    /// without the routines counted apart (`prepare.metadataLookups`, `prepare.mathCalls`).
    public static let prepareInstructionsPerCell = MetricName(rawValue: "prepare.instructionsPerCell")
    /// `prepare.metadataLookups` (calls, deterministic): the Swift runtime's metadata-cache lookups of a full
    /// prepare.
    public static let prepareMetadataLookups = MetricName(rawValue: "prepare.metadataLookups")
    /// `prepare.mathCalls` (calls, deterministic): calls to libm's transcendental functions of a full prepare.
    public static let prepareMathCalls = MetricName(rawValue: "prepare.mathCalls")
    /// `memory.requestedBytesPerCell` (bytes/cell, deterministic): bytes the prepared layout holds, per element.
    public static let memoryRequestedBytesPerCell = MetricName(rawValue: "memory.requestedBytesPerCell")
    /// `memory.residentBytesPerCell` (bytes/cell, timing): resident-set growth of the prepare, per element; the
    /// kernel's figure, which varies between processes.
    public static let memoryResidentBytesPerCell = MetricName(rawValue: "memory.residentBytesPerCell")

    // MARK: Layout switches (one value per switch frame of a layout-switch trace)

    /// `switch.time` (ns, timing): a switch frame: the host swaps layouts, then prepares, queries and diffs.
    public static let switchTime = MetricName(rawValue: "switch.time")
    /// `switch.over60Hz` (frames, timing): switch frames over a 60 Hz budget, of `count` switch frames.
    public static let switchOver60Hz = MetricName(rawValue: "switch.over60Hz")
    /// `switch.over120Hz` (frames, timing): switch frames over a 120 Hz budget, of `count` switch frames.
    public static let switchOver120Hz = MetricName(rawValue: "switch.over120Hz")
    /// `switch.allocations` (calls, deterministic): allocator calls in a switch frame.
    public static let switchAllocations = MetricName(rawValue: "switch.allocations")
    /// `switch.allocatedBytes` (bytes, deterministic): bytes allocated in a switch frame.
    public static let switchAllocatedBytes = MetricName(rawValue: "switch.allocatedBytes")
    /// `switch.recomputedElements` (elements, deterministic): elements a switch frame recomputed.
    public static let switchRecomputedElements = MetricName(rawValue: "switch.recomputedElements")
    /// `switch.visibleChanges` (cells, deterministic): cells that appeared or disappeared in a switch frame.
    public static let switchVisibleChanges = MetricName(rawValue: "switch.visibleChanges")

    // MARK: Batch updates (one value per update frame of a trace with updates: edits, feed, chat)

    /// `update.time` (ns, timing): an update frame: `performBatchUpdates`, from the plan to the layout pass.
    public static let updateTime = MetricName(rawValue: "update.time")
    /// `update.over60Hz` (frames, timing): update frames over a 60 Hz budget, of `count` update frames.
    public static let updateOver60Hz = MetricName(rawValue: "update.over60Hz")
    /// `update.over120Hz` (frames, timing): update frames over a 120 Hz budget, of `count` update frames.
    public static let updateOver120Hz = MetricName(rawValue: "update.over120Hz")
    /// `update.allocations` (calls, deterministic): allocator calls in an update frame.
    public static let updateAllocations = MetricName(rawValue: "update.allocations")
    /// `update.allocatedBytes` (bytes, deterministic): bytes allocated in an update frame.
    public static let updateAllocatedBytes = MetricName(rawValue: "update.allocatedBytes")
    /// `update.recomputedElements` (elements, deterministic): elements an update frame recomputed.
    public static let updateRecomputedElements = MetricName(rawValue: "update.recomputedElements")
    /// `update.visibleJump` (points, deterministic): how far the first visible item moved on screen in an update
    /// frame (0 under `top` and `bottom` anchoring); read its `max` and `p99`.
    public static let updateVisibleJump = MetricName(rawValue: "update.visibleJump")
    /// `update.contentSizeChange` (points, deterministic): the content size's change along the scroll axis per
    /// batch, as a magnitude; read its `mean` and `max`.
    public static let updateContentSizeChange = MetricName(rawValue: "update.contentSizeChange")
    /// `update.instructions` (instructions, deterministic): instructions of an update frame (`performBatchUpdates`,
    /// from the plan to the layout pass), counted by callgrind, without the routines counted apart
    /// (`update.metadataLookups`, `update.mathCalls`).
    public static let updateInstructions = MetricName(rawValue: "update.instructions")
    /// `update.metadataLookups` (calls, deterministic): the Swift runtime's metadata-cache lookups of an update
    /// frame.
    public static let updateMetadataLookups = MetricName(rawValue: "update.metadataLookups")
    /// `update.mathCalls` (calls, deterministic): calls to libm's transcendental functions of an update frame.
    public static let updateMathCalls = MetricName(rawValue: "update.mathCalls")

    // MARK: Snapshots applied (one value per measured apply of an apply trace: apply-feed, apply-chat, …; issue 39)

    /// `apply.diffTime` (ns, timing): the diff of two snapshots in an apply (0 for `reload`).
    public static let applyDiffTime = MetricName(rawValue: "apply.diffTime")
    /// `apply.stageTime` (ns, timing): staging the difference into batches in an apply (0 for `reload`).
    public static let applyStageTime = MetricName(rawValue: "apply.stageTime")
    /// `apply.updateTime` (ns, timing): the collection view's part of an apply: every staged `performBatchUpdates`
    /// (plan, layout update, anchoring, layout pass), or `reloadData` and its layout pass.
    public static let applyUpdateTime = MetricName(rawValue: "apply.updateTime")
    /// `apply.time` (ns, timing): a whole apply: diff, staging and update.
    public static let applyTime = MetricName(rawValue: "apply.time")
    /// `apply.allocations` (calls, deterministic): allocator calls of an apply.
    public static let applyAllocations = MetricName(rawValue: "apply.allocations")
    /// `apply.allocatedBytes` (bytes, deterministic): bytes an apply allocates.
    public static let applyAllocatedBytes = MetricName(rawValue: "apply.allocatedBytes")
    /// `apply.batches` (batches, deterministic): `performBatchUpdates` calls of an apply.
    public static let applyBatches = MetricName(rawValue: "apply.batches")
    /// `apply.operations` (elements, deterministic): elements the batches of an apply name.
    public static let applyOperations = MetricName(rawValue: "apply.operations")
    /// `apply.instructions` (instructions, deterministic): instructions of an apply (the diff, its staging and every
    /// staged `performBatchUpdates` with its layout pass, or `reloadData`: what `apply.time` times), counted by
    /// callgrind, without the routines counted apart (`apply.metadataLookups`, `apply.mathCalls`).
    public static let applyInstructions = MetricName(rawValue: "apply.instructions")
    /// `apply.metadataLookups` (calls, deterministic): the Swift runtime's metadata-cache lookups of an apply.
    public static let applyMetadataLookups = MetricName(rawValue: "apply.metadataLookups")
    /// `apply.mathCalls` (calls, deterministic): calls to libm's transcendental functions of an apply.
    public static let applyMathCalls = MetricName(rawValue: "apply.mathCalls")

    // MARK: Memory and sizing per discrete operation (issue 41)

    /// `prepare.averageAllocationBytes` (bytes, deterministic): bytes per allocator call of the first full prepare.
    public static let prepareAverageAllocationBytes = MetricName(rawValue: "prepare.averageAllocationBytes")
    /// `prepare.sizeQueries` (calls, deterministic): size calls (the size provider, `sizeForItemAt`,
    /// `referenceSizeFor…`) of the first full prepare.
    public static let prepareSizeQueries = MetricName(rawValue: "prepare.sizeQueries")
    /// `rebuild.allocations` (calls, deterministic): allocator calls of a rebuild (everything invalidated, then a
    /// prepare) of the prepared layout.
    public static let rebuildAllocations = MetricName(rawValue: "rebuild.allocations")
    /// `rebuild.allocatedBytes` (bytes, deterministic): bytes a rebuild allocates.
    public static let rebuildAllocatedBytes = MetricName(rawValue: "rebuild.allocatedBytes")
    /// `rebuild.peakBytes` (bytes, deterministic): the allocator's peak during a rebuild, above what was held
    /// before it.
    public static let rebuildPeakBytes = MetricName(rawValue: "rebuild.peakBytes")
    /// `rebuild.averageAllocationBytes` (bytes, deterministic): bytes per allocator call of a rebuild.
    public static let rebuildAverageAllocationBytes = MetricName(rawValue: "rebuild.averageAllocationBytes")
    /// `rebuild.sizeQueries` (calls, deterministic): size calls of a rebuild.
    public static let rebuildSizeQueries = MetricName(rawValue: "rebuild.sizeQueries")
    /// `update.peakBytes` (bytes, deterministic): the allocator's peak during an update frame, above what was held
    /// before it.
    public static let updatePeakBytes = MetricName(rawValue: "update.peakBytes")
    /// `update.averageAllocationBytes` (bytes, deterministic): bytes per allocator call over the counted update
    /// frames, one figure.
    public static let updateAverageAllocationBytes = MetricName(rawValue: "update.averageAllocationBytes")
    /// `update.sizeQueries` (calls, deterministic): size calls of an update frame.
    public static let updateSizeQueries = MetricName(rawValue: "update.sizeQueries")
    /// `switch.peakBytes` (bytes, deterministic): the allocator's peak during a layout-switch frame.
    public static let switchPeakBytes = MetricName(rawValue: "switch.peakBytes")
    /// `switch.averageAllocationBytes` (bytes, deterministic): bytes per allocator call over the counted switch
    /// frames, one figure.
    public static let switchAverageAllocationBytes = MetricName(rawValue: "switch.averageAllocationBytes")
    /// `switch.sizeQueries` (calls, deterministic): size calls of a layout-switch frame.
    public static let switchSizeQueries = MetricName(rawValue: "switch.sizeQueries")
    /// `rotation.allocations` (calls, deterministic): allocator calls of a rotation frame (the viewport's width and
    /// height swap, then the layout pass and its self-sizing), in a `rotate` trace.
    public static let rotationAllocations = MetricName(rawValue: "rotation.allocations")
    /// `rotation.allocatedBytes` (bytes, deterministic): bytes a rotation frame allocates.
    public static let rotationAllocatedBytes = MetricName(rawValue: "rotation.allocatedBytes")
    /// `rotation.peakBytes` (bytes, deterministic): the allocator's peak during a rotation frame.
    public static let rotationPeakBytes = MetricName(rawValue: "rotation.peakBytes")
    /// `rotation.averageAllocationBytes` (bytes, deterministic): bytes per allocator call of a rotation frame.
    public static let rotationAverageAllocationBytes = MetricName(rawValue: "rotation.averageAllocationBytes")
    /// `rotation.sizeQueries` (calls, deterministic): size calls of a rotation frame, fittings included.
    public static let rotationSizeQueries = MetricName(rawValue: "rotation.sizeQueries")
    /// `rotation.time` (ns, timing): a rotation frame of the timing play, fittings included, from the viewport's swap
    /// to the end of its layout pass; a discrete operation, so its slowest sample gets a hang verdict.
    public static let rotationTime = MetricName(rawValue: "rotation.time")

    // MARK: Self-sizing (one value per frame of a trace over self-sizing items)

    /// `sizing.fittings` (fittings, deterministic): `preferredLayoutAttributesFitting` calls per frame; the total is
    /// the mean times the count.
    public static let sizingFittings = MetricName(rawValue: "sizing.fittings")
    /// `sizing.fittingsTotal` (fittings, deterministic): every fitting of the trace, one figure.
    public static let sizingFittingsTotal = MetricName(rawValue: "sizing.fittingsTotal")
    /// `sizing.resolved` (sizes, deterministic): sizes resolved (the layout said yes) per frame.
    public static let sizingResolved = MetricName(rawValue: "sizing.resolved")
    /// `sizing.layoutTime` (ns, timing): a frame's time without the time spent inside fittings (the modelled Auto
    /// Layout cost).
    public static let sizingLayoutTime = MetricName(rawValue: "sizing.layoutTime")
    /// `sizing.resolvingLayoutTime` (ns, timing): `sizing.layoutTime` of the frames that resolved at least one size:
    /// what a resolution costs the layout.
    public static let sizingResolvingLayoutTime = MetricName(rawValue: "sizing.resolvingLayoutTime")
    /// `sizing.fittingTime` (ns, timing): a frame's time inside fittings.
    public static let sizingFittingTime = MetricName(rawValue: "sizing.fittingTime")
    /// `sizing.over60Hz` (frames, timing): frames, fittings included, over a 60 Hz budget, of `count` frames.
    public static let sizingOver60Hz = MetricName(rawValue: "sizing.over60Hz")
    /// `sizing.over120Hz` (frames, timing): frames, fittings included, over a 120 Hz budget, of `count` frames.
    public static let sizingOver120Hz = MetricName(rawValue: "sizing.over120Hz")
    /// `sizing.contentSizeError` (points, deterministic): |content height − the fully resolved content height| at the
    /// end of the trace.
    public static let sizingContentSizeError = MetricName(rawValue: "sizing.contentSizeError")

    // MARK: Orthogonal scrolls (one value per orthogonal frame of an orthogonal trace)

    /// `orthogonal.time` (ns, timing): a frame that scrolls one orthogonal section: the section's offset, its
    /// invalidation, prepare, query and visible-set diff.
    public static let orthogonalTime = MetricName(rawValue: "orthogonal.time")
    /// `orthogonal.allocations` (calls, deterministic): allocator calls in an orthogonal frame.
    public static let orthogonalAllocations = MetricName(rawValue: "orthogonal.allocations")
    /// `orthogonal.recomputedElements` (elements, deterministic): elements an orthogonal frame recomputed.
    public static let orthogonalRecomputedElements = MetricName(rawValue: "orthogonal.recomputedElements")

    /// Every built-in name with its unit, determinism and summary: the one table the harness builds metrics from
    /// and readers classify them by.
    public static let builtIns: [MetricName: Description] = {
        func d(_ unit: String, _ determinism: Determinism, _ summary: String) -> Description {
            Description(unit: unit, determinism: determinism, summary: summary)
        }
        return [
            .frameTime: d("ns", .timing, "a frame's layout pass"),
            .frameOver60Hz: d("frames", .timing, "frames over a 60 Hz budget"),
            .frameOver120Hz: d("frames", .timing, "frames over a 120 Hz budget"),
            .frameHitchRatio: d("ms/s", .timing, "milliseconds late per second of scrolling"),
            .frameAllocations: d("calls", .deterministic, "allocator calls per frame"),
            .frameAllocatedBytes: d("bytes", .deterministic, "bytes allocated per frame"),
            .frameRecomputedElements: d("elements", .deterministic, "elements recomputed per frame"),
            .frameSizeQueries: d("calls", .deterministic, "size-provider calls per frame"),
            .frameVisibleCells: d("cells", .deterministic, "cells visible after a frame"),
            .frameInstructions: d("instructions", .deterministic, "instructions per frame"),
            .frameMetadataLookups: d("calls", .deterministic, "runtime metadata lookups per frame"),
            .frameMathCalls: d("calls", .deterministic, "libm transcendental calls per frame"),
            .queryTime: d("ns", .timing, "one rect query"),
            .queryAllocations: d("calls", .deterministic, "allocator calls per query"),
            .queryAllocatedBytes: d("bytes", .deterministic, "bytes allocated per query"),
            .queryCellsTested: d("cells", .deterministic, "cells tested per query"),
            .queryCellsReturned: d("cells", .deterministic, "cells returned per query"),
            .queryInstructions: d("instructions", .deterministic, "instructions per query"),
            .queryMetadataLookups: d("calls", .deterministic, "runtime metadata lookups per query"),
            .queryMathCalls: d("calls", .deterministic, "libm transcendental calls per query"),
            .prepareTime: d("ns", .timing, "one full prepare"),
            .prepareAllocatedBytesPerCell: d("bytes/cell", .deterministic, "bytes a prepare allocates per element"),
            .prepareAllocationsPerCell: d("calls/cell", .deterministic, "allocator calls of a prepare per element"),
            .preparePeakBytes: d("bytes", .deterministic, "the allocator's peak during a prepare"),
            .prepareInstructionsPerCell: d("instructions/cell", .deterministic, "instructions of a prepare per element"),
            .prepareMetadataLookups: d("calls", .deterministic, "runtime metadata lookups of a prepare"),
            .prepareMathCalls: d("calls", .deterministic, "libm transcendental calls of a prepare"),
            .memoryRequestedBytesPerCell: d("bytes/cell", .deterministic, "bytes held per element"),
            .memoryResidentBytesPerCell: d("bytes/cell", .timing, "resident growth per element"),
            .switchTime: d("ns", .timing, "a layout-switch frame"),
            .switchOver60Hz: d("frames", .timing, "switch frames over a 60 Hz budget"),
            .switchOver120Hz: d("frames", .timing, "switch frames over a 120 Hz budget"),
            .switchAllocations: d("calls", .deterministic, "allocator calls per switch frame"),
            .switchAllocatedBytes: d("bytes", .deterministic, "bytes allocated per switch frame"),
            .switchRecomputedElements: d("elements", .deterministic, "elements recomputed per switch frame"),
            .switchVisibleChanges: d("cells", .deterministic, "cells appearing or disappearing per switch frame"),
            .updateTime: d("ns", .timing, "an update frame (performBatchUpdates)"),
            .updateOver60Hz: d("frames", .timing, "update frames over a 60 Hz budget"),
            .updateOver120Hz: d("frames", .timing, "update frames over a 120 Hz budget"),
            .updateAllocations: d("calls", .deterministic, "allocator calls per update frame"),
            .updateAllocatedBytes: d("bytes", .deterministic, "bytes allocated per update frame"),
            .updateRecomputedElements: d("elements", .deterministic, "elements recomputed per update frame"),
            .updateVisibleJump: d("points", .deterministic, "how far the first visible item moved in an update frame"),
            .updateContentSizeChange: d("points", .deterministic, "content size change along the scroll axis per batch"),
            .applyDiffTime: d("ns", .timing, "the diff of an apply"),
            .applyStageTime: d("ns", .timing, "the staging of an apply"),
            .applyUpdateTime: d("ns", .timing, "the batch updates (or reloadData) of an apply"),
            .applyTime: d("ns", .timing, "an apply: diff, staging and update"),
            .applyAllocations: d("calls", .deterministic, "allocator calls per apply"),
            .applyAllocatedBytes: d("bytes", .deterministic, "bytes allocated per apply"),
            .applyBatches: d("batches", .deterministic, "performBatchUpdates calls per apply"),
            .applyOperations: d("elements", .deterministic, "elements the batches of an apply name"),
            .applyInstructions: d("instructions", .deterministic, "instructions per apply"),
            .applyMetadataLookups: d("calls", .deterministic, "runtime metadata lookups per apply"),
            .applyMathCalls: d("calls", .deterministic, "libm transcendental calls per apply"),
            .prepareAverageAllocationBytes: d("bytes", .deterministic, "bytes per allocation of the first prepare"),
            .prepareSizeQueries: d("calls", .deterministic, "size calls of the first prepare"),
            .rebuildAllocations: d("calls", .deterministic, "allocator calls of a rebuild"),
            .rebuildAllocatedBytes: d("bytes", .deterministic, "bytes allocated by a rebuild"),
            .rebuildPeakBytes: d("bytes", .deterministic, "the allocator's peak during a rebuild"),
            .rebuildAverageAllocationBytes: d("bytes", .deterministic, "bytes per allocation of a rebuild"),
            .rebuildSizeQueries: d("calls", .deterministic, "size calls of a rebuild"),
            .updatePeakBytes: d("bytes", .deterministic, "the allocator's peak during an update frame"),
            .updateAverageAllocationBytes: d("bytes", .deterministic, "bytes per allocation of the update frames"),
            .updateInstructions: d("instructions", .deterministic, "instructions per update frame"),
            .updateMetadataLookups: d("calls", .deterministic, "runtime metadata lookups per update frame"),
            .updateMathCalls: d("calls", .deterministic, "libm transcendental calls per update frame"),
            .updateSizeQueries: d("calls", .deterministic, "size calls per update frame"),
            .switchPeakBytes: d("bytes", .deterministic, "the allocator's peak during a switch frame"),
            .switchAverageAllocationBytes: d("bytes", .deterministic, "bytes per allocation of the switch frames"),
            .switchSizeQueries: d("calls", .deterministic, "size calls per switch frame"),
            .rotationAllocations: d("calls", .deterministic, "allocator calls of a rotation frame"),
            .rotationAllocatedBytes: d("bytes", .deterministic, "bytes allocated by a rotation frame"),
            .rotationPeakBytes: d("bytes", .deterministic, "the allocator's peak during a rotation frame"),
            .rotationAverageAllocationBytes: d("bytes", .deterministic, "bytes per allocation of a rotation frame"),
            .rotationSizeQueries: d("calls", .deterministic, "size calls of a rotation frame"),
            .rotationTime: d("ns", .timing, "a rotation frame, fittings included"),
            .sizingFittings: d("fittings", .deterministic, "fittings per frame"),
            .sizingFittingsTotal: d("fittings", .deterministic, "fittings over the whole trace"),
            .sizingResolved: d("sizes", .deterministic, "sizes resolved per frame"),
            .sizingLayoutTime: d("ns", .timing, "a frame's layout pass without its fittings"),
            .sizingResolvingLayoutTime: d("ns", .timing, "the layout pass of a frame that resolved a size"),
            .sizingFittingTime: d("ns", .timing, "a frame's time inside fittings"),
            .sizingOver60Hz: d("frames", .timing, "frames, fittings included, over a 60 Hz budget"),
            .sizingOver120Hz: d("frames", .timing, "frames, fittings included, over a 120 Hz budget"),
            .sizingContentSizeError: d("points", .deterministic, "content height against the fully resolved layout's"),
            .orthogonalTime: d("ns", .timing, "a frame scrolling one orthogonal section"),
            .orthogonalAllocations: d("calls", .deterministic, "allocator calls per orthogonal frame"),
            .orthogonalRecomputedElements: d("elements", .deterministic, "elements recomputed per orthogonal frame"),
        ]
    }()
}

extension Dictionary where Key == String, Value == Metric {
    /// The metric named `name`: a scenario's metrics, read and written through the typed name.
    public subscript(name: MetricName) -> Metric? {
        get { self[name.rawValue] }
        set { self[name.rawValue] = newValue }
    }
}
