import Foundation
import LayoutBenchTestSupport
import Layouts
import Testing

@testable import Scenarios

/// Families are found by name, coded as `{"name": …, …parameters}`, and refused in one line when unknown.
@Suite("LayoutCatalog")
struct LayoutCatalogTests {
    static let catalog = LayoutCatalog.builtIn.adding(MinimalListFamily.self)

    static func decodeWorkload(_ json: String, catalog: LayoutCatalog = catalog) throws -> WorkloadSpec {
        let decoder = JSONDecoder()
        decoder.userInfo[LayoutCatalog.userInfoKey] = catalog
        return try decoder.decode(WorkloadSpec.self, from: Data(json.utf8))
    }

    @Test("a workload round-trips through JSON with its layout and variants")
    func roundTrip() throws {
        let workload = WorkloadSpec(rows: 7, columns: 9, counts: .varied, sizes: .perCell,
                                    layout: AnyLayoutFamily(MinimalListFamily()), variants: ["search"])
        let data = try JSONEncoder().encode(workload)
        let decoder = JSONDecoder()
        decoder.userInfo[LayoutCatalog.userInfoKey] = Self.catalog
        #expect(try decoder.decode(WorkloadSpec.self, from: data) == workload)
        let sticky = WorkloadSpec(rows: 5, columns: 6, stickyRows: 2, stickyColumns: 0, strategies: [.binarySearch])
        #expect(try decoder.decode(WorkloadSpec.self, from: try JSONEncoder().encode(sticky)) == sticky)
    }

    @Test("without a layout key a workload is the sticky grid, with the legacy sticky keys as its parameters")
    func legacyWorkload() throws {
        let workload = try Self.decodeWorkload(#"{"rows": 4, "columns": 5, "stickyColumns": 3}"#)
        #expect(workload.layout == AnyLayoutFamily(StickyGridFamily(stickyRows: 1, stickyColumns: 3)))
        // Uniform sizes: every strategy, prefix sums included.
        #expect(workload.variants == ["linear-scan", "row-buckets", "binary-search", "prefix-sums"])
        #expect(workload.id == "4x5/uniform/sticky1x3/compact/phone/fling@60")
    }

    @Test("an unknown layout names the known ones; a catalog's own family is found")
    func unknownLayout() throws {
        #expect(throws: DecodingError.self) {
            _ = try Self.decodeWorkload(#"{"rows": 4, "columns": 5, "layout": {"name": "minimal-list"}}"#,
                                        catalog: .builtIn)
        }
        let list = try Self.decodeWorkload(#"{"rows": 4, "columns": 5, "layout": {"name": "minimal-list"}}"#)
        #expect(list.layout.name == "minimal-list" && list.variants == ["scan", "search"])
        do {
            _ = try Self.decodeWorkload(#"{"rows": 4, "columns": 5, "layout": {"name": "spiral"}}"#)
            Issue.record("an unknown layout decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription == "unknown layout 'spiral'; known layouts are sticky-grid, flow, flow-left, global-header, compositional, carousel, minimal-list")
        }
    }

    @Test("adding a family of a name already listed replaces it, in place")
    func replacing() {
        let catalog = LayoutCatalog([MinimalListFamily.self, StickyGridFamily.self]).adding(MinimalListFamily.self)
        #expect(catalog.names == ["minimal-list", "sticky-grid"])
    }

    @Test("the did-you-mean suggestion finds typos, plurals and truncations, and nothing far away")
    func suggestions() {
        let keys = WorkloadSpec.CodingKeys.allCases.map(\.rawValue)
        #expect(StrictKeys.closest(to: "stikyRows", in: ["stickyRows", "stickyColumns"]) == "stickyRows")
        #expect(StrictKeys.closest(to: "strategy", in: keys) == "strategies")
        #expect(StrictKeys.closest(to: "traceFrame", in: keys) == "traceFrames")
        #expect(StrictKeys.closest(to: "colour", in: keys) == nil)
    }

    @Test("the built-in suites give each family of the catalog workloads of its own")
    func builtInSuitesOverTheCatalog() {
        let suites = Suite.builtIn(catalog: Self.catalog)
        for suite in suites {
            #expect(suite.problem == nil, "\(suite.name): \(suite.problem ?? "")")
            #expect(suite.workloads.contains { $0.layout.name == "minimal-list" }, "\(suite.name)")
        }
        let gate = suites.first { $0.name == "gate" }
        #expect(gate?.workloads.filter { $0.layout.name == "sticky-grid" && !$0.trace.hasUpdates }
                == StickyGridFamily.workloads(forSuite: .gate))
    }
}
