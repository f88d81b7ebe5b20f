import LayoutBenchTestSupport
import LayoutModel
import Layouts
import TestFixtures
import Testing

@testable import Scenarios

/// The conformance checker over every family of the built-in catalog, and over the test support's minimal list, with
/// seeded content at several shapes, edge cases included.
@Suite("Layout conformance")
struct LayoutConformanceTests {
    /// A workload of each family at each of a few shapes: a single element, thin strips, and a moderate block.
    static func workloads(of family: any LayoutFamily.Type) -> [WorkloadSpec] {
        let shapes = [(1, 1), (3, 40), (40, 3), (30, 25)]
        return shapes.flatMap { rows, columns in
            family.storages.flatMap { storage in
                SizeDistribution.allCases.compactMap { sizes -> WorkloadSpec? in
                    let workload = WorkloadSpec(rows: rows, columns: columns, sizes: sizes,
                                                layout: AnyLayoutFamily(family.init()), storage: storage)
                    return workload.problem == nil ? workload : nil
                }
            }
        }
    }

    static let catalog = LayoutCatalog.builtIn.adding(MinimalListFamily.self)

    /// Every built-in family's workloads, one test case each: a family with many storages and size distributions (the
    /// sticky grid has 36) no longer runs alone at the end of a parallel test run.
    static let builtInWorkloads: [WorkloadSpec] = LayoutCatalog.builtIn.names.flatMap { name in
        catalog.family(named: name).map(workloads(of:)) ?? []
    }

    @Test("every built-in family has workloads here") func everyFamilyHasWorkloads() {
        let families = Set(Self.builtInWorkloads.map { $0.layout.familyType.name })
        #expect(families == Set(LayoutCatalog.builtIn.names))
    }

    @Test("every built-in family conforms", arguments: builtInWorkloads)
    func builtInFamilies(workload: WorkloadSpec) throws {
        let failures = checkLayoutFamily(workload, seed: stableSeed(workload.id), rects: 60, traceFrames: 60,
                                         maximumFailures: 200)
        // The left-aligned flow's one-pass variant is kept as the code it models writes it, and diverges on rects
        // that cut lines (Guides/FlowLayout.md): its failures, and only its, are expected.
        let onePassExpected = workload.layout.familyType.name == LeftAlignedFlowFamily.name
        let unexpected = onePassExpected ? failures.filter { !Self.isOnePass($0) } : failures
        #expect(unexpected.isEmpty, "\(workload.id):\n\(unexpected.joined(separator: "\n"))")
    }

    /// Whether a checker failure is one of the one-pass variant's.
    static func isOnePass(_ failure: String) -> Bool { failure.hasPrefix(FlowQueryVariants.onePass.name + " ") }

    /// Flow workloads over every option combination the issue names: pinned or not (headers, footers), vertical
    /// or horizontal, uniform or per-item sizes, varied counts with empty sections, zero-size headers and footers.
    static let flowCombinations: [WorkloadSpec] = {
        var result: [WorkloadSpec] = []
        for direction in FlowScrollDirection.allCases {
            for (pinHeaders, pinFooters) in [(false, false), (true, false), (true, true)] {
                for (header, footer) in [(40.0, 20.0), (0.0, 0.0), (0.0, 24.0)] {
                    for sizes in [SizeDistribution.uniform, .perCell] {
                        for counts in CountDistribution.allCases {
                            let options = FlowOptions(scrollDirection: direction, pinHeaders: pinHeaders,
                                                      pinFooters: pinFooters, headerHeight: header,
                                                      footerHeight: footer)
                            result.append(WorkloadSpec(rows: 24, columns: 7, counts: counts, sizes: sizes,
                                                       layout: AnyLayoutFamily(FlowFamily(options: options))))
                        }
                    }
                }
            }
        }
        return result
    }()

    @Test("the flow conforms over its option combinations", arguments: flowCombinations)
    func flowOptions(workload: WorkloadSpec) {
        let failures = checkLayoutFamily(workload, seed: 11, rects: 40, traces: [.mixed, .fling], traceFrames: 40)
        #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
    }

    @Test("the flow conforms left-aligned, with zero spacing and wide insets",
          arguments: [FlowFamily(options: FlowOptions(), alignment: .left),
                      FlowFamily(options: FlowOptions(spacing: 0, inset: 0)),
                      FlowFamily(options: FlowOptions(pinFooters: true, spacing: 3, inset: 60))])
    func flowVariety(family: FlowFamily) {
        let workload = WorkloadSpec(rows: 30, columns: 9, counts: .varied, sizes: .perCell,
                                    layout: AnyLayoutFamily(family))
        let failures = checkLayoutFamily(workload, seed: 5, traces: [.mixed, .jump])
        #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
    }

    @Test("the left-aligned flow: only the one-pass variant fails, and it does", arguments: CountDistribution.allCases)
    func leftAlignedFlow(counts: CountDistribution) {
        let workload = WorkloadSpec(rows: 30, columns: 9, counts: counts, sizes: .perCell,
                                    layout: AnyLayoutFamily(LeftAlignedFlowFamily()))
        let failures = checkLayoutFamily(workload, seed: 9, traces: [.mixed, .fling], maximumFailures: 500)
        #expect(failures.filter { !Self.isOnePass($0) }.isEmpty,
                "\(failures.filter { !Self.isOnePass($0) }.joined(separator: "\n"))")
        #expect(failures.contains { Self.isOnePass($0) })
    }

    @Test("the global header conforms, with varied counts, footers and no section headers",
          arguments: [GlobalHeaderFamily(), GlobalHeaderFamily(headerHeight: 0, footerHeight: 16),
                      GlobalHeaderFamily(headerHeight: 30, globalHeaderHeight: 300, inset: 40)])
    func globalHeader(family: GlobalHeaderFamily) {
        for counts in CountDistribution.allCases {
            let workload = WorkloadSpec(rows: 30, columns: 9, counts: counts, sizes: .perCell,
                                        layout: AnyLayoutFamily(family))
            let failures = checkLayoutFamily(workload, seed: 13, traces: [.mixed, .fling, .jump])
            #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
        }
    }

    @Test("the sticky grid conforms with several sticky counts",
          arguments: [(0, 0), (1, 0), (0, 2), (2, 3)])
    func stickyCounts(rows: Int, columns: Int) {
        let workload = WorkloadSpec(rows: 50, columns: 40, sizes: .perCell, stickyRows: rows, stickyColumns: columns)
        let failures = checkLayoutFamily(workload, seed: 7, traces: [.mixed, .fling, .jump])
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("the minimal list conforms, with varied counts and empty sections", arguments: CountDistribution.allCases)
    func minimalList(counts: CountDistribution) {
        let workload = WorkloadSpec(rows: 40, columns: 6, counts: counts, sizes: .perCell,
                                    layout: AnyLayoutFamily(MinimalListFamily()))
        let failures = checkLayoutFamily(workload, seed: 3)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("the checker finds a variant that differs from the reference")
    func catchesDivergence() {
        let workload = WorkloadSpec(rows: 20, columns: 5, layout: AnyLayoutFamily(BrokenListFamily()))
        let failures = checkLayoutFamily(workload, seed: 3, rects: 40)
        #expect(failures.contains { $0.contains("search differs from the brute-force filter") })
    }
}

/// The minimal list with a search variant that drops the last element it finds: what the checker must catch.
struct BrokenListFamily: LayoutFamily {
    static let name = "broken-list"
    static let summary = "a list whose search variant drops an element"
    static var queryVariants: [QueryVariant] { MinimalListLayout.variants }
    var idComponent: String { "broken-list" }
    func problem(for content: ContentSpec) -> String? { nil }
    func estimatedBytes(for content: ContentSpec, storage: AttributeStorageKind) -> Int { 1 << 20 }
    func makeLayout(_ request: LayoutRequest) -> any MeasuredLayout {
        BrokenList(sizes: request.content.makeSizes())
    }

    final class BrokenList: MeasuredLayout {
        let list: MinimalListLayout
        init(sizes: GridSizes) { list = MinimalListLayout(sizes: sizes) }
        func prepare(in state: CollectionViewState) -> PreparationWork { list.prepare(in: state) }
        var contentSize: Size { list.contentSize }
        func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
            list.attributesForElements(in: rect, into: &buffer)
        }
        func attributesForItem(at path: ElementPath) -> LayoutAttributes? { list.attributesForItem(at: path) }
        func attributesForSupplementaryElement(ofKind kind: ElementKind, at path: ElementPath) -> LayoutAttributes? {
            list.attributesForSupplementaryElement(ofKind: kind, at: path)
        }
        func invalidate(with context: InvalidationContext) { list.invalidate(with: context) }
        var queryVariants: [QueryVariant] { list.queryVariants }
        var referenceVariant: QueryVariant { list.referenceVariant }
        var activeVariant: QueryVariant {
            get { list.activeVariant }
            set { list.activeVariant = newValue }
        }
        func attributesForElements(in rect: Rect, into buffer: inout [LayoutAttributes], using variant: QueryVariant)
            -> Int
        {
            let tested = list.attributesForElements(in: rect, into: &buffer, using: variant)
            if variant.tag == 1 && buffer.count > 1 { buffer.removeLast() }
            return tested
        }
        var attributeBytes: Int { list.attributeBytes }
        func isPinned(_ attributes: LayoutAttributes) -> Bool { false }
    }
}
