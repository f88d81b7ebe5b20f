import LayoutModel
import Layouts
import Diffing
import Sampling

/// Suite files name only what differs from the defaults; every other field takes its default value. A key the
/// workload does not take is a one-line error naming it and the closest known key, and a value that is not one of a
/// field's choices (a trace, a viewport, a frame rate…) one listing them.
///
/// The layout is `"layout": {"name": …, …parameters}`. Without it the layout is the catalog's default family
/// (``LayoutCatalog/defaultFamily``, the sticky grid), whose parameters (`stickyRows`, `stickyColumns`) are then keys
/// of the workload itself, so suite files written before layouts became a dimension load unchanged.
extension WorkloadSpec: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case rows, columns, counts, sizes, layout, storage, viewport, trace, frameRate, traceFrames
        case strategies, invalidations, queryPolicy, framePolicy, fullFramePolicy, framesPerTurn, updates, anchoring
        case selfSizing, diff
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: AnyCodingKey.self)
        let hasLayout = keys.contains(AnyCodingKey("layout"))
        let catalog = decoder.userInfo[LayoutCatalog.userInfoKey] as? LayoutCatalog ?? LayoutCatalog.registered
        let unnamed = hasLayout ? nil : catalog.defaultFamily
        if !hasLayout && unnamed == nil {
            throw DecodingError.dataCorruptedError(forKey: AnyCodingKey("layout"), in: keys,
                                                   debugDescription: "workload names no layout, and the catalog is empty")
        }
        try StrictKeys.check(keys, allowed: CodingKeys.allCases.map(\.rawValue)
                                 + (unnamed?.parameters.map(\.key) ?? []), context: "workload")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let layout = try unnamed.map { AnyLayoutFamily(erasing: try $0.init(from: decoder)) }
            ?? c.decode(AnyLayoutFamily.self, forKey: .layout)
        let d = WorkloadSpec(rows: 1, columns: 1, layout: layout)
        self.init(
            rows: try c.decode(Int.self, forKey: .rows),
            columns: try c.decode(Int.self, forKey: .columns),
            counts: try c.decodeChoiceIfPresent(CountDistribution.self, forKey: .counts) ?? d.counts,
            sizes: try c.decodeChoiceIfPresent(SizeDistribution.self, forKey: .sizes) ?? d.sizes,
            layout: layout,
            storage: try c.decodeChoiceIfPresent(AttributeStorageKind.self, forKey: .storage) ?? d.storage,
            viewport: try c.decodeChoiceIfPresent(ViewportPreset.self, forKey: .viewport) ?? d.viewport,
            trace: try c.decodeChoiceIfPresent(ScrollTraceKind.self, forKey: .trace) ?? d.trace,
            frameRate: try c.decodeChoiceIfPresent(FrameRate.self, forKey: .frameRate) ?? d.frameRate,
            traceFrames: try c.decodeIfPresent(Int.self, forKey: .traceFrames) ?? d.traceFrames,
            // Absent: every variant the family offers for the decoded content (nil asks the initialiser for it).
            variants: try c.decodeIfPresent([String].self, forKey: .strategies),
            invalidations: try c.decodeChoicesIfPresent(InvalidationMode.self, forKey: .invalidations) ?? d.invalidations,
            queryPolicy: try c.decodeIfPresent(SamplingPolicy.self, forKey: .queryPolicy) ?? d.queryPolicy,
            framePolicy: try c.decodeIfPresent(SamplingPolicy.self, forKey: .framePolicy) ?? d.framePolicy,
            fullFramePolicy: try c.decodeIfPresent(SamplingPolicy.self, forKey: .fullFramePolicy) ?? d.fullFramePolicy,
            framesPerTurn: try c.decodeIfPresent(Int.self, forKey: .framesPerTurn) ?? d.framesPerTurn,
            updates: try c.decodeChoiceIfPresent(UpdateStrategy.self, forKey: .updates) ?? d.updates,
            anchoring: try c.decodeChoiceIfPresent(ScrollAnchoring.self, forKey: .anchoring) ?? d.anchoring,
            selfSizing: try c.decodeIfPresent(SelfSizingSpec.self, forKey: .selfSizing),
            diff: try c.decodeChoiceIfPresent(DiffStrategy.self, forKey: .diff) ?? d.diff)
    }

    /// Encodes every field, the layout as `{"name": …, …parameters}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rows, forKey: .rows)
        try c.encode(columns, forKey: .columns)
        try c.encode(counts, forKey: .counts)
        try c.encode(sizes, forKey: .sizes)
        try c.encode(layout, forKey: .layout)
        try c.encode(storage, forKey: .storage)
        try c.encode(viewport, forKey: .viewport)
        try c.encode(trace, forKey: .trace)
        try c.encode(frameRate, forKey: .frameRate)
        try c.encode(traceFrames, forKey: .traceFrames)
        try c.encode(variants, forKey: .strategies)
        try c.encode(invalidations, forKey: .invalidations)
        try c.encode(queryPolicy, forKey: .queryPolicy)
        try c.encode(framePolicy, forKey: .framePolicy)
        try c.encode(fullFramePolicy, forKey: .fullFramePolicy)
        try c.encode(framesPerTurn, forKey: .framesPerTurn)
        // Only a workload with updates or anchoring names them, so the files of scroll workloads keep their bytes.
        let updating = trace.hasUpdates || trace.isApply || isSelfSizing
        if updating || updates != .full { try c.encode(updates, forKey: .updates) }
        if updating || anchoring != .none { try c.encode(anchoring, forKey: .anchoring) }
        if trace.isApply || diff != .diff { try c.encode(diff, forKey: .diff) }
        try c.encodeIfPresent(selfSizing, forKey: .selfSizing)
    }
}
