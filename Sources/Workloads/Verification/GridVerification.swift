import LayoutModel
import Layouts
import Measurement
import RectIndex

/// The differential check behind `layoutbench verify`: one grid, built once per storage, and one seeded query set
/// run through every strategy and storage. Every answer must equal the linear scan's over the same storage, and the
/// linear scans of the storages must equal each other.
public struct GridVerification {
    /// The grid.
    public var spec: GridSpec
    /// The viewport the sweep and random rects are scaled to.
    public var viewport: Size
    /// How many queries.
    public var queryCount: Int
    /// The storages to build, in order.
    public var storages: [AttributeStorageKind]
    /// The strategies to check; the linear scan always runs first as the reference.
    public var strategies: [RectQueryStrategy]
    /// Decides whether each storage fits in memory before it is built.
    public var memoryGuard: MemoryGuard

    /// Creates a verification run.
    public init(spec: GridSpec, viewport: Size, queryCount: Int,
                storages: [AttributeStorageKind] = [.compact, .objects],
                strategies: [RectQueryStrategy] = RectQueryStrategy.allCases,
                memoryGuard: MemoryGuard = MemoryGuard()) {
        self.spec = spec
        self.viewport = viewport
        self.queryCount = queryCount
        self.storages = storages
        self.strategies = [.linearScan] + strategies.filter { $0 != .linearScan }
        self.memoryGuard = memoryGuard
    }

    /// One storage as built.
    public struct StorageReport: Sendable {
        /// Which storage.
        public var storage: AttributeStorageKind
        /// Nanoseconds to prepare the grid.
        public var buildNanoseconds: UInt64
        /// Bytes the store asked the allocator for, per cell.
        public var requestedBytesPerCell: Double
        /// Growth of the resident set while building, per cell (allocator headers and rounding included).
        public var residentBytesPerCell: Double?
        /// The content size.
        public var contentSize: Size
    }

    /// One strategy over one storage.
    public struct StrategyReport: Sendable {
        /// Which storage.
        public var storage: AttributeStorageKind
        /// Which strategy.
        public var strategy: RectQueryStrategy
        /// Queries run.
        public var queries: Int = 0
        /// Queries whose answer differed from the reference.
        public var mismatches: Int = 0
        /// The first difference, described in one line.
        public var firstMismatch: String?
        /// Nanoseconds spent in all queries.
        public var totalNanoseconds: UInt64 = 0
        /// Viewport queries run, and nanoseconds spent in them.
        public var viewportQueries: Int = 0
        public var viewportNanoseconds: UInt64 = 0
        /// Cells whose frames were tested, over all queries: the deterministic measure of work.
        public var cellsTested: Int = 0
        /// Cells returned, over all queries.
        public var cellsReturned: Int = 0

        /// Mean nanoseconds per query.
        public var meanNanoseconds: Double { queries == 0 ? 0 : Double(totalNanoseconds) / Double(queries) }
        /// Mean nanoseconds per viewport query.
        public var meanViewportNanoseconds: Double {
            viewportQueries == 0 ? 0 : Double(viewportNanoseconds) / Double(viewportQueries)
        }
        /// Whether every answer matched.
        public var agrees: Bool { mismatches == 0 }
    }

    /// The outcome of a run.
    public struct Report: Sendable {
        /// The grid.
        public var spec: GridSpec
        /// How many queries of each category ran.
        public var categoryCounts: [VerificationQuery.Category: Int]
        /// The storages built.
        public var storages: [StorageReport] = []
        /// Storages not built, with the reason.
        public var skipped: [(storage: AttributeStorageKind, reason: String)] = []
        /// One row per storage and strategy.
        public var rows: [StrategyReport] = []

        /// Whether every strategy over every built storage returned exactly the reference set.
        public var allAgree: Bool { !rows.isEmpty && rows.allSatisfy(\.agrees) }
    }

    /// Why the run cannot start.
    public enum Failure: Error, CustomStringConvertible {
        /// Not even the first storage fits in memory.
        case tooLarge(storage: AttributeStorageKind, estimate: Int, allowed: Int)

        public var description: String {
            switch self {
            case let .tooLarge(storage, estimate, allowed):
                "the grid needs about \(formatBytes(estimate)) in \(storage.rawValue) storage, but only "
                    + "\(formatBytes(allowed)) can be used here; choose fewer rows or columns"
            }
        }
    }

    /// Runs the check. `progress` receives one line at each step (for stderr).
    public func run(progress: (String) -> Void = { _ in }) throws -> Report {
        var report = Report(spec: spec, categoryCounts: [:])
        var crossReference: [[LayoutAttributes]]? = nil
        var queries: [VerificationQuery] = []
        var firstRefusal: Failure? = nil

        for storage in storages {
            let estimate = spec.estimatedBytes(storage: storage)
            if case let .tooLarge(estimate, allowed) = memoryGuard.decide(estimate: estimate) {
                let reason = "needs about \(formatBytes(estimate)); \(formatBytes(allowed)) can be used here"
                firstRefusal = firstRefusal ?? .tooLarge(storage: storage, estimate: estimate, allowed: allowed)
                progress("skipping \(storage.rawValue) storage: \(reason)")
                report.skipped.append((storage, reason))
                continue
            }
            progress("building \(spec.dimensions) in \(storage.rawValue) storage (about \(formatBytes(estimate)))")
            let rssBefore = ResidentMemory.currentBytes()
            let (layout, buildNanos) = MonotonicClock.measure { spec.makeLayout(storage: storage) }
            let rssAfter = ResidentMemory.currentBytes()
            let cells = Double(spec.cellCount)
            report.storages.append(StorageReport(
                storage: storage, buildNanoseconds: buildNanos,
                requestedBytesPerCell: Double(layout.store.requestedBytes) / cells,
                residentBytesPerCell: rssBefore.flatMap { b in rssAfter.map { Double($0 - b) / cells } },
                contentSize: layout.contentSize))

            if queries.isEmpty {
                queries = makeQueries(layout: layout)
                for query in queries { report.categoryCounts[query.category, default: 0] += 1 }
            }

            var reference: [[LayoutAttributes]] = []
            for strategy in strategies {
                var row = StrategyReport(storage: storage, strategy: strategy)
                var buffer: [LayoutAttributes] = []
                var sorted: [LayoutAttributes] = []
                var ticker = ProgressTicker(
                    label: "\(strategy.rawValue) over \(storage.rawValue)", unit: "query", total: queries.count)
                for (index, query) in queries.enumerated() {
                    layout.prepare(in: spec.state(contentOffset: query.contentOffset, viewport: viewport))
                    let t0 = MonotonicClock.now()
                    let tested = layout.attributesForElements(in: query.rect, into: &buffer, using: strategy)
                    let elapsed = MonotonicClock.now() &- t0
                    row.queries += 1
                    row.totalNanoseconds &+= elapsed
                    row.cellsTested += tested
                    row.cellsReturned += buffer.count
                    if query.category == .viewport {
                        row.viewportQueries += 1
                        row.viewportNanoseconds &+= elapsed
                    }
                    sorted.removeAll(keepingCapacity: true)
                    sorted.append(contentsOf: buffer)
                    sorted.sort()
                    if strategy == .linearScan {
                        if let cross = crossReference, let difference = Self.difference(cross[index], sorted) {
                            row.mismatches += 1
                            if row.firstMismatch == nil {
                                row.firstMismatch = "differs from \(storages[0].rawValue) storage on \(Self.describe(query)): \(difference)"
                            }
                        }
                        reference.append(sorted)
                    } else if let difference = Self.difference(reference[index], sorted) {
                        row.mismatches += 1
                        if row.firstMismatch == nil { row.firstMismatch = "on \(Self.describe(query)): \(difference)" }
                    }
                    ticker.tick(index, progress)
                }
                report.rows.append(row)
            }
            if crossReference == nil { crossReference = reference }
        }
        if report.storages.isEmpty, let refusal = firstRefusal { throw refusal }
        return report
    }

    private func makeQueries(layout: StickyGridLayout) -> [VerificationQuery] {
        let spec = self.spec
        let viewport = self.viewport
        let generator = QuerySet(
            contentSize: layout.contentSize, viewport: viewport, rows: spec.rows, columns: spec.columns
        ) { row, column, offset in
            layout.prepare(in: spec.state(contentOffset: offset, viewport: viewport))
            return layout.attributesForItem(at: ElementPath(section: row, item: column))?.frame ?? .null
        }
        return generator.make(count: queryCount, seed: spec.seed)
    }

    /// One line describing how `actual` differs from `expected` (both sorted), or `nil` if they are equal.
    public static func difference(_ expected: [LayoutAttributes], _ actual: [LayoutAttributes]) -> String? {
        if expected == actual { return nil }
        let expectedSet = Set(expected), actualSet = Set(actual)
        let missing = expected.filter { !actualSet.contains($0) }
        let extra = actual.filter { !expectedSet.contains($0) }
        var parts = ["expected \(expected.count) cells, got \(actual.count)"]
        if let m = missing.first { parts.append("missing \(missing.count), first \(m)") }
        if let e = extra.first { parts.append("extra \(extra.count), first \(e)") }
        if missing.isEmpty && extra.isEmpty { parts.append("duplicates returned") }
        return parts.joined(separator: "; ")
    }

    private static func describe(_ query: VerificationQuery) -> String {
        "\(query.category.rawValue) rect \(query.rect) at offset \(query.contentOffset)"
    }
}
