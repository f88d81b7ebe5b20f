import Layouts
import Measurement
import RectIndex

/// Suite files name only what differs from the defaults; every other field takes its default value.
extension WorkloadSpec {
    enum CodingKeys: String, CodingKey {
        case rows, columns, sizes, stickyRows, stickyColumns, storage, viewport, trace, frameRate, traceFrames
        case strategies, invalidations, queryPolicy, framePolicy, fullFramePolicy, framesPerTurn
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = WorkloadSpec(rows: 1, columns: 1)
        self.init(
            rows: try c.decode(Int.self, forKey: .rows),
            columns: try c.decode(Int.self, forKey: .columns),
            sizes: try c.decodeIfPresent(SizeDistribution.self, forKey: .sizes) ?? d.sizes,
            stickyRows: try c.decodeIfPresent(Int.self, forKey: .stickyRows) ?? d.stickyRows,
            stickyColumns: try c.decodeIfPresent(Int.self, forKey: .stickyColumns) ?? d.stickyColumns,
            storage: try c.decodeIfPresent(AttributeStorageKind.self, forKey: .storage) ?? d.storage,
            viewport: try c.decodeIfPresent(ViewportPreset.self, forKey: .viewport) ?? d.viewport,
            trace: try c.decodeIfPresent(ScrollTraceKind.self, forKey: .trace) ?? d.trace,
            frameRate: try c.decodeIfPresent(FrameRate.self, forKey: .frameRate) ?? d.frameRate,
            traceFrames: try c.decodeIfPresent(Int.self, forKey: .traceFrames) ?? d.traceFrames,
            strategies: try c.decodeIfPresent([RectQueryStrategy].self, forKey: .strategies) ?? d.strategies,
            invalidations: try c.decodeIfPresent([InvalidationMode].self, forKey: .invalidations) ?? d.invalidations,
            queryPolicy: try c.decodeIfPresent(SamplingPolicy.self, forKey: .queryPolicy) ?? d.queryPolicy,
            framePolicy: try c.decodeIfPresent(SamplingPolicy.self, forKey: .framePolicy) ?? d.framePolicy,
            fullFramePolicy: try c.decodeIfPresent(SamplingPolicy.self, forKey: .fullFramePolicy) ?? d.fullFramePolicy,
            framesPerTurn: try c.decodeIfPresent(Int.self, forKey: .framesPerTurn) ?? d.framesPerTurn)
    }
}
