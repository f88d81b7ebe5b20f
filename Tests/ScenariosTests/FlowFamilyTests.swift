import Foundation
import Layouts
import LayoutModel
import Testing

@testable import Scenarios

/// The flow families as suite files and the catalog see them: decoding, ids, problems, estimates and suites.
@Suite("Flow families")
struct FlowFamilyTests {
    static func decode(_ json: String) throws -> AnyLayoutFamily {
        try JSONDecoder().decode(AnyLayoutFamily.self, from: Data(json.utf8))
    }

    @Test("a suite file's layout object decodes, missing keys at their defaults, and round-trips")
    func decoding() throws {
        let flow = try Self.decode(
            #"{"name": "flow", "scrollDirection": "horizontal", "pinFooters": true, "alignment": "left"}"#)
        let family = try #require(flow.as(FlowFamily.self))
        #expect(family.options.scrollDirection == .horizontal && family.options.pinFooters && family.options.pinHeaders)
        #expect(family.alignment == .left && family.options.headerHeight == 40)
        #expect(flow.idComponent == "flow-h-hd40p-ft20p-sp10-in8-left")
        let again = try JSONDecoder().decode(AnyLayoutFamily.self, from: JSONEncoder().encode(flow))
        #expect(again == flow)
        let global = try Self.decode(#"{"name": "global-header", "globalHeaderHeight": 200}"#)
        #expect(global.idComponent == "global-header-g200-hd40-ft0-sp10-in8")
        #expect(try Self.decode(#"{"name": "flow-left"}"#).idComponent == "flow-left-v-hd40p-ft20-sp10-in8")
        #expect(throws: DecodingError.self) { try Self.decode(#"{"name": "flow", "pinHeader": true}"#) }
    }

    @Test("families refuse what they cannot lay out, in one line")
    func problems() {
        let content = ContentSpec(sections: 10, itemsPerSection: 10)
        #expect(FlowFamily(options: FlowOptions(spacing: -1)).problem(for: content)?.contains("spacing") == true)
        #expect(LeftAlignedFlowFamily(options: FlowOptions(scrollDirection: .horizontal)).problem(for: content)
                == "the left-aligned flow scrolls vertically only")
        #expect(GlobalHeaderFamily(globalHeaderHeight: 0).problem(for: content)?.contains("greater than 0") == true)
        #expect(FlowFamily().problem(for: content) == nil)
    }

    @Test("a new layout answers the collection view with one of its family's variants, not the reference")
    func activeVariant() {
        let content = ContentSpec(sections: 3, itemsPerSection: 3)
        for family in [AnyLayoutFamily(FlowFamily()), AnyLayoutFamily(LeftAlignedFlowFamily()),
                       AnyLayoutFamily(GlobalHeaderFamily())] {
            let layout = family.base.makeLayout(for: content, storage: .compact)
            #expect(family.familyType.queryVariants.contains(layout.activeVariant), "\(family)")
            #expect(layout.activeVariant != layout.referenceVariant, "\(family)")
        }
    }

    @Test("the memory estimate bounds what a prepared layout holds")
    func estimates() {
        for sizes in [SizeDistribution.uniform, .perCell] {
            for counts in CountDistribution.allCases {
                let content = ContentSpec(sections: 40, itemsPerSection: 50, counts: counts, sizes: sizes)
                for family in [AnyLayoutFamily(FlowFamily()), AnyLayoutFamily(LeftAlignedFlowFamily()),
                               AnyLayoutFamily(GlobalHeaderFamily())] {
                    let layout = family.base.makeLayout(for: content, storage: .compact)
                    layout.prepare(in: content.state(contentOffset: .zero, viewport: ViewportPreset.phone.size))
                    let estimate = family.base.estimatedBytes(for: content, storage: .compact)
                    #expect(layout.attributeBytes <= estimate, "\(family) \(sizes) \(counts)")
                }
            }
        }
        let huge = ContentSpec(sections: 10_000, itemsPerSection: 10_000)
        #expect(FlowFamily().estimatedBytes(for: huge, storage: .compact) < 8_000_000_000)
    }

    @Test("quick gains one flow workload of 10^6 items with pinned headers; standard and full cover every variant")
    func suites() {
        let quick = FlowFamily.workloads(forSuite: .quick) + LeftAlignedFlowFamily.workloads(forSuite: .quick)
            + GlobalHeaderFamily.workloads(forSuite: .quick)
        #expect(quick.count == 1)
        #expect(quick.first.map { $0.rows * $0.columns } == 1_000_000)
        #expect(quick.first?.layout.as(FlowFamily.self)?.options.pinHeaders == true)
        for suite in [BuiltInSuite.standard, .full] {
            let workloads = FlowFamily.workloads(forSuite: suite) + LeftAlignedFlowFamily.workloads(forSuite: suite)
                + GlobalHeaderFamily.workloads(forSuite: suite)
            let variants = Set(workloads.flatMap(\.variants))
            #expect(variants == ["naive", "indexed", "recursive", "one-pass", "as-written", "lean"])
            #expect(workloads.allSatisfy { $0.problem == nil })
        }
        #expect(FlowFamily.workloads(forSuite: .full).contains { $0.rows * $0.columns == 100_000_000 })
        for name in ["flow", "flow-left", "global-header"] { #expect(LayoutCatalog.builtIn.names.contains(name)) }
    }
}
