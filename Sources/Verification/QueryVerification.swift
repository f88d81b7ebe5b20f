import Harness
import LayoutModel
import Layouts
import Measurement
import Platform
import Scenarios

/// The differential check behind `layoutbench verify queries`: one workload's layout, built once per storage, and
/// one seeded query set run through every query variant. Every answer is classified against the layout's reference
/// variant's over the same storage, and the reference answers of the storages against each other
/// (``ElementComparison``: missing, moved, attribute differences, extras outside and inside the rect); the check
/// passes when no class its ``policy`` fails on was found.
///
/// Layouts are built through ``Harness/WorkloadBuilder``, so any family in the catalog is checked the same way.
public struct QueryVerification {
    /// The workload: its content, layout family and seed-independent parameters. Its storage and variants are
    /// replaced by ``storages`` and ``variants``.
    public var workload: WorkloadSpec
    /// The seed for sizes, counts and queries.
    public var seed: UInt64
    /// The viewport the sweep and random rects are scaled to.
    public var viewport: Size
    /// How many queries.
    public var queryCount: Int
    /// The storages to build, in order.
    public var storages: [AttributeStorageKind]
    /// The variants to check; the reference always runs first.
    public var variants: [QueryVariant]
    /// Decides whether each storage fits in memory before it is built.
    public var memoryGuard: MemoryGuard
    /// Which mismatch classes fail the check: extras only warn by default.
    public var policy: MismatchPolicy
    /// Which rects are asked: by default the family's (``Scenarios/LayoutFamily/defaultQueryRectShape``: the rects
    /// UIKit sends for a UIKit family, any rect for the others).
    public var rects: QueryRectShape

    /// Creates a verification run; `storages` defaults to every storage the family offers and `variants` to every
    /// variant.
    public init(workload: WorkloadSpec, seed: UInt64, viewport: Size, queryCount: Int,
                storages: [AttributeStorageKind]? = nil, variants: [QueryVariant]? = nil,
                memoryGuard: MemoryGuard = MemoryGuard(), policy: MismatchPolicy = .standard,
                rects: QueryRectShape? = nil) {
        let family = workload.layout.familyType
        self.workload = workload
        self.seed = seed
        self.viewport = viewport
        self.queryCount = queryCount
        let content = workload.content(seed: seed)
        self.storages = storages ?? workload.layout.base.storages(for: content)
        let reference = family.referenceVariant
        self.variants = [reference]
            + (variants ?? workload.layout.base.queryVariants(for: content)).filter { $0 != reference }
        self.memoryGuard = memoryGuard
        self.policy = policy
        self.rects = rects ?? family.defaultQueryRectShape
    }

    /// One storage as built.
    public struct StorageReport: Sendable {
        /// Which storage.
        public var storage: AttributeStorageKind
        /// Nanoseconds to prepare the layout.
        public var buildNanoseconds: UInt64
        /// Bytes the prepared attributes asked the allocator for, per item.
        public var requestedBytesPerCell: Double
        /// Growth of the resident set while building, per item (allocator headers and rounding included).
        public var residentBytesPerCell: Double?
        /// The content size.
        public var contentSize: Size
    }

    /// One variant over one storage.
    public struct VariantReport: Sendable {
        /// Which storage.
        public var storage: AttributeStorageKind
        /// Which variant.
        public var variant: String
        /// Queries run.
        public var queries: Int = 0
        /// Queries whose answer differed from the reference, in any class.
        public var mismatches: Int = 0
        /// The answers' mismatches, per element kind and class, with the first few of each class.
        public var tally = MismatchTally()
        /// The first difference, described in one line.
        public var firstMismatch: String? { tally.exampleLines.first }
        /// Nanoseconds spent in all queries.
        public var totalNanoseconds: UInt64 = 0
        /// Viewport queries run, and nanoseconds spent in them.
        public var viewportQueries: Int = 0
        public var viewportNanoseconds: UInt64 = 0
        /// Elements whose frames were tested, over all queries: the deterministic measure of work.
        public var cellsTested: Int = 0
        /// Elements returned, over all queries.
        public var cellsReturned: Int = 0

        /// Mean nanoseconds per query.
        public var meanNanoseconds: Double { queries == 0 ? 0 : Double(totalNanoseconds) / Double(queries) }
        /// Mean nanoseconds per viewport query.
        public var meanViewportNanoseconds: Double {
            viewportQueries == 0 ? 0 : Double(viewportNanoseconds) / Double(viewportQueries)
        }
        /// Whether every answer matched exactly (no mismatch of any class).
        public var agrees: Bool { mismatches == 0 }

        /// Whether no mismatch of a class `policy` fails on was found.
        public func passes(_ policy: MismatchPolicy) -> Bool { !tally.fails(under: policy) }
    }

    /// The outcome of a run.
    public struct Report: Sendable {
        /// The workload's id, without storage or variant.
        public var workload: WorkloadSpec
        /// The reference variant's name.
        public var reference: String
        /// How many queries of each category ran.
        public var categoryCounts: [VerificationQuery.Category: Int]
        /// Which rects were asked.
        public var rects: QueryRectShape = .any
        /// The storages built.
        public var storages: [StorageReport] = []
        /// Storages not built, with the reason.
        public var skipped: [(storage: AttributeStorageKind, reason: String)] = []
        /// One row per storage and variant.
        public var rows: [VariantReport] = []
        /// The policy the verdict follows.
        public var policy: MismatchPolicy = .standard

        /// Whether every variant over every built storage returned exactly the reference set.
        public var allAgree: Bool { !rows.isEmpty && rows.allSatisfy(\.agrees) }

        /// Whether no row has a mismatch of a class ``policy`` fails on: the verdict (exit 0 or 2).
        public var passed: Bool { !rows.isEmpty && rows.allSatisfy { $0.passes(policy) } }

        /// Whether the check passed with extras the policy lets pass: the warning.
        public var warns: Bool { passed && rows.contains { $0.tally.warns(under: policy) } }
    }

    /// Why the run cannot start.
    public enum Failure: Error, CustomStringConvertible {
        /// The workload cannot be built.
        case invalid(String)
        /// Not even the first storage fits in memory.
        case tooLarge(storage: AttributeStorageKind, estimate: Int, allowed: Int)
        /// The queries and their answers alone need more memory than may be used.
        case queriesTooLarge(count: Int, estimate: Int, allowed: Int)

        public var description: String {
            switch self {
            case let .invalid(problem): problem
            case let .tooLarge(storage, estimate, allowed):
                "the layout needs about \(formatBytes(estimate)) in \(storage.rawValue) storage, but only "
                    + "\(formatBytes(allowed)) can be used here; choose fewer rows or columns"
            case let .queriesTooLarge(count, estimate, allowed):
                "\(count) queries and their answers need about \(formatBytes(estimate)), but only "
                    + "\(formatBytes(allowed)) can be used here; choose fewer --queries"
            }
        }
    }

    /// The most queries one check asks: 10^6 (`verify queries --queries`).
    public static let maximumQueryCount = 1_000_000

    /// A conservative estimate of the bytes `queryCount` queries over `itemCount` items hold during the check: each
    /// query, and the reference answers kept for it twice (this storage's and the first storage's), counted at 256
    /// elements an answer (a viewport of the smallest cells holds fewer), and every item for each infinite rect
    /// (asked up to ``Scenarios/QuerySet/infiniteRectCellLimit`` items). `Int.max` on overflow.
    ///
    /// With `elementsPerAnswer`, an answer holds that many elements instead (a mean measured on the built layout's
    /// own answers, `measuredElementsPerAnswer(layout:host:queries:variant:)`).
    public static func estimatedQueryBytes(queryCount: Int, itemCount: Int, elementsPerAnswer: Double? = nil) -> Int {
        let element = MemoryLayout<LayoutAttributes>.stride
        let elements = elementsPerAnswer.map { Int(Swift.min($0, Double(itemCount)).rounded(.up)) }
            ?? Swift.min(itemCount, 256)
        let answer = MemoryLayout<[LayoutAttributes]>.stride + 32 + elements * element
        // The outside rects are about 7% of the queries (a few more from rounding the other shares); every ninth of
        // them, from the eighth on, is the infinite rect.
        let outside = Int(0.07 * Double(queryCount)) + 4
        let infiniteRects = itemCount <= QuerySet.infiniteRectCellLimit ? (outside + 1) / 9 : 0
        let bytes = Double(queryCount) * Double(MemoryLayout<VerificationQuery>.stride + 2 * answer)
            + Double(infiniteRects) * Double(2 * itemCount * element)
        return bytes >= Double(Int.max) ? .max : Int(bytes)
    }

    /// Runs the check. `progress` receives one line at each step (for stderr).
    ///
    /// - Throws: ``Failure/queriesTooLarge(count:estimate:allowed:)`` before building anything when the queries alone
    ///   (one element an answer) do not fit the memory guard, or once the first layout is built and its answers to a
    ///   sample of the queries (a quarter more) say they and the layout do not; a later storage whose layout and
    ///   queries together do not fit is skipped.
    public func run(progress: (String) -> Void = { _ in }) throws -> Report {
        guard (1...Self.maximumQueryCount).contains(queryCount) else {
            throw Failure.invalid("the query count must be from 1 to \(Self.maximumQueryCount), got \(queryCount)")
        }
        // Up front, before anything is built, a floor: one element an answer. Once the first layout is built, the
        // answers it gives to a sample of the queries replace it.
        var queryBytes = Self.estimatedQueryBytes(queryCount: queryCount,
                                                  itemCount: workload.content(seed: seed).itemCount,
                                                  elementsPerAnswer: 1)
        if case let .tooLarge(estimate, allowed) = memoryGuard.decide(estimate: queryBytes) {
            throw Failure.queriesTooLarge(count: queryCount, estimate: estimate, allowed: allowed)
        }
        var report = Report(workload: workload, reference: variants[0].name, categoryCounts: [:])
        report.policy = policy
        report.rects = rects
        var crossReference: [[ObservedElement]]? = nil
        var queries: [VerificationQuery] = []
        var firstRefusal: Failure? = nil

        for storage in storages {
            var workload = self.workload
            workload.storage = storage
            workload.variants = variants.map(\.name)
            workload.invalidations = [.context]
            if let problem = workload.problem { throw Failure.invalid(problem) }
            let builder = WorkloadBuilder(workload: workload, seed: seed)
            if let (reason, estimate, allowed) = builder.memoryProblem(layouts: 1, extraBytes: queryBytes,
                                                                       memoryGuard: memoryGuard) {
                firstRefusal = firstRefusal ?? .tooLarge(storage: storage, estimate: estimate, allowed: allowed)
                progress("skipping \(storage.rawValue) storage: \(reason)")
                report.skipped.append((storage, reason))
                continue
            }
            progress("building \(builder.content.dimensions) \(workload.layout.name) in \(storage.rawValue) storage "
                     + "(about \(formatBytes(workload.estimatedBytes(seed: seed, layouts: 1))))")
            let rssBefore = ResidentMemory.currentBytes()
            let layout = builder.makeLayout(mode: .context, variant: variants[0])
            let host = CollectionViewHost(layout: layout, viewportSize: viewport, counts: builder.content.itemCounts)
            let (_, buildNanos) = MonotonicClock.measure { host.layoutIfNeeded() }
            let rssAfter = ResidentMemory.currentBytes()
            let items = Double(Swift.max(1, builder.content.itemCount))
            report.storages.append(StorageReport(
                storage: storage, buildNanoseconds: buildNanos,
                requestedBytesPerCell: Double(layout.attributeBytes) / items,
                residentBytesPerCell: rssBefore.flatMap { b in rssAfter.map { Double($0 - b) / items } },
                contentSize: layout.contentSize))

            if queries.isEmpty {
                queries = makeQueries(layout: layout, host: host, counts: builder.content.itemCounts)
                for query in queries { report.categoryCounts[query.category, default: 0] += 1 }
                // The up-front estimate counts 256 elements an answer, which refuses the documented 10^6 queries
                // over a small grid; the answers this layout gives to a sample of the queries say how many it holds.
                // Checked again with that (a quarter more, for the spread of a mean over 256 queries), before any
                // answer is kept.
                let measured = Self.measuredElementsPerAnswer(layout: layout, host: host, queries: queries,
                                                              variant: variants[0])
                queryBytes = Self.estimatedQueryBytes(queryCount: queries.count,
                                                      itemCount: builder.content.itemCount,
                                                      elementsPerAnswer: Swift.max(1, 1.25 * measured))
                let (withLayout, overflow) = queryBytes.addingReportingOverflow(
                    workload.estimatedBytes(seed: seed, layouts: 1))
                if case let .tooLarge(estimate, allowed) = memoryGuard.decide(estimate: overflow ? .max : withLayout) {
                    throw Failure.queriesTooLarge(count: queryCount, estimate: estimate, allowed: allowed)
                }
            }

            var reference: [[ObservedElement]] = []
            let comparison = ElementComparison(contract: layout.rectContract)
            var observer = ElementObserver()
            for variant in variants {
                var row = VariantReport(storage: storage, variant: variant.name)
                var ticker = ProgressTicker(
                    label: "\(variant.name) over \(storage.rawValue)", unit: "query", total: queries.count)
                for (index, query) in queries.enumerated() {
                    host.setContentOffset(query.contentOffset)
                    host.layoutIfNeeded()
                    let t0 = MonotonicClock.now()
                    let tested = observer.query(layout, in: query.rect, using: variant)
                    let elapsed = MonotonicClock.now() &- t0
                    row.queries += 1
                    row.totalNanoseconds &+= elapsed
                    row.cellsTested += tested
                    row.cellsReturned += observer.count
                    if query.category == .viewport {
                        row.viewportQueries += 1
                        row.viewportNanoseconds &+= elapsed
                    }
                    let answer = observer.elements
                    let expected: [ObservedElement]?
                    let isReference = variant == variants[0]
                    if isReference {
                        expected = crossReference?[index]
                        reference.append(answer)
                    } else {
                        expected = reference[index]
                    }
                    if let expected,
                       comparison.compare(
                           expected: expected, actual: answer, rect: query.rect,
                           reference: { layout.ownAttributes(of: $0) },
                           place: Self.describe(query)
                               + (isReference ? ", against \(storages[0].rawValue) storage" : ""),
                           into: &row.tally) > 0
                    {
                        row.mismatches += 1
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

    /// The mean number of elements `layout` returns with `variant` for up to 256 of `queries`, taken evenly.
    static func measuredElementsPerAnswer(layout: any MeasuredLayout, host: CollectionViewHost,
                                          queries: [VerificationQuery], variant: QueryVariant) -> Double {
        guard !queries.isEmpty else { return 0 }
        let step = Swift.max(1, queries.count / 256)
        var buffer: [LayoutAttributes] = []
        var total = 0, asked = 0
        for index in stride(from: 0, to: queries.count, by: step) {
            host.setContentOffset(queries[index].contentOffset)
            host.layoutIfNeeded()
            _ = layout.attributesForElements(in: queries[index].rect, into: &buffer, using: variant)
            total += buffer.count
            asked += 1
        }
        return Double(total) / Double(asked)
    }

    private func makeQueries(layout: any MeasuredLayout, host: CollectionViewHost, counts: ItemCounts)
        -> [VerificationQuery]
    {
        let generator = QuerySet(contentSize: layout.contentSize, viewport: viewport, counts: counts) { path, offset in
            host.setContentOffset(offset)
            host.layoutIfNeeded()
            return layout.attributesForItem(at: path)?.frame ?? .null
        }
        // A UIKit layout is asked only rects UIKit sends (`RectContract`): the others are left out, not altered.
        return generator.make(count: queryCount, seed: seed, shape: rects).compactMap { query in
            layout.rectContract.admit(query.rect).map { VerificationQuery(category: query.category,
                                                                          contentOffset: query.contentOffset, rect: $0) }
        }
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
        "\(query.category.rawValue) query at offset \(query.contentOffset)"
    }
}
