import Foundation
import LayoutModel
import Layouts
import Masonry
import Testing
import Scenarios

@Suite("MasonryFamily")
struct MasonryFamilyTests {
    private func decode(_ json: String) throws -> AnyLayoutFamily {
        let decoder = JSONDecoder()
        decoder.userInfo[LayoutCatalog.userInfoKey] = LayoutCatalog.builtIn.adding(MasonryFamily.self)
        return try decoder.decode(AnyLayoutFamily.self, from: Data(json.utf8))
    }

    @Test func missingParametersTakeTheirDefaults() throws {
        #expect(try decode(#"{"name": "masonry"}"#).as(MasonryFamily.self) == MasonryFamily())
        #expect(try decode(#"{"name": "masonry", "columns": 4}"#).as(MasonryFamily.self)
                    == MasonryFamily(columns: 4, spacing: 8))
        #expect(try decode(#"{"name": "masonry", "spacing": 2.5}"#).as(MasonryFamily.self)
                    == MasonryFamily(columns: 3, spacing: 2.5))
        #expect(throws: DecodingError.self) { try decode(#"{"name": "masonry", "rows": 4}"#) }
    }

    @Test func encodingRoundTrips() throws {
        let family = AnyLayoutFamily(MasonryFamily(columns: 5, spacing: 4))
        let data = try JSONEncoder().encode(family)
        #expect(try decode(String(decoding: data, as: UTF8.self)) == family)
    }

    @Test func idsNameTheParametersThatChangeWhatIsMeasured() {
        #expect(MasonryFamily().idComponent == "masonry-c3")
        #expect(MasonryFamily(columns: 4).idComponent == "masonry-c4")
        #expect(MasonryFamily(columns: 4, spacing: 2).idComponent == "masonry-c4-s2")
    }

    @Test(arguments: [(0, 8.0), (21, 8.0), (3, -1.0), (3, .infinity), (3, .nan), (20, 20.0)])
    func refusesImpossibleParameters(columns: Int, spacing: Double) {
        let content = ContentSpec(sections: 10, itemsPerSection: 10)
        #expect(MasonryFamily(columns: columns, spacing: spacing).problem(for: content) != nil)
    }

    @Test func takesVariedCounts() {
        let content = ContentSpec(sections: 10, itemsPerSection: 10, counts: .varied)
        #expect(MasonryFamily().problem(for: content) == nil)
        #expect(MasonryFamily(columns: 20, spacing: 0).problem(for: content) == nil)
    }

    /// The memory guard's estimate covers what a prepared layout holds.
    @Test(arguments: [CountDistribution.uniform, .varied], [1, 3, 20])
    func estimateCoversThePreparedLayout(counts: CountDistribution, columns: Int) {
        let content = ContentSpec(sections: 50, itemsPerSection: 30, counts: counts, sizes: .perCell, seed: 5)
        let family = MasonryFamily(columns: columns, spacing: 1)
        let layout = family.makeLayout(for: content, storage: .compact)
        layout.prepare(in: content.state(contentOffset: .zero, viewport: Size(width: 390, height: 844)))
        #expect(layout.attributeBytes > 0)
        #expect(family.estimatedBytes(for: content, storage: .compact) >= layout.attributeBytes)
        let huge = ContentSpec(sections: .max / 2, itemsPerSection: .max / 2)
        #expect(family.estimatedBytes(for: huge, storage: .compact) == .max)
    }
}

@Suite("MasonryFamily's option")
struct MasonryParameterOptionTests {
    private let catalog = LayoutCatalog.builtIn.adding(MasonryFamily.self)

    @Test func columnsHasAnOptionOfItsOwn() throws {
        let alias = try #require(catalog.parameterAliases.first { $0.family == MasonryFamily.name })
        #expect(alias.option == "--masonry-columns" && alias.parameter.key == "columns" && alias.takesWholeNumbers)
        let setting = LayoutSetting(key: "columns", text: "4", option: "--masonry-columns")
        #expect(try catalog.family(named: "masonry", settings: [setting]).as(MasonryFamily.self)
                    == MasonryFamily(columns: 4))
    }

    @Test func theOptionBelongsToMasonryAlone() {
        let setting = LayoutSetting(key: "columns", text: "4", option: "--masonry-columns")
        #expect(throws: LayoutSettingsError.optionsOfAnotherFamily(["--masonry-columns"], owner: "masonry",
                                                                   layout: "flow")) {
            try catalog.family(named: "flow", settings: [setting])
        }
    }
}
