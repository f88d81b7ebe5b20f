import Foundation
import Layouts
import Testing

@testable import Scenarios

/// The typed parameter list: everything a family used to write by hand (decoder, encoder, values, defaults) derived
/// from one declaration per parameter.
@Suite("Family parameters")
struct FamilyParameterTests {
    static func decode(_ json: String) throws -> AnyLayoutFamily {
        let decoder = JSONDecoder()
        decoder.userInfo[LayoutCatalog.userInfoKey] = LayoutCatalog.builtIn
        return try decoder.decode(AnyLayoutFamily.self, from: Data(json.utf8))
    }

    @Test("every built-in family at its defaults encodes and decodes back to itself, and decodes from its name alone")
    func roundTrip() throws {
        for family in LayoutCatalog.builtIn.families {
            let value = AnyLayoutFamily(erasing: family.init())
            let data = try JSONEncoder().encode(value)
            #expect(try JSONDecoder().decode(AnyLayoutFamily.self, from: data) == value, "\(family.name)")
            #expect(try Self.decode(#"{"name": "\#(family.name)"}"#) == value, "\(family.name)")
            // The encoded object holds the name and every parameter, no more.
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(Set(object.keys) == Set(["name"] + family.parameters.map(\.key)), "\(family.name)")
        }
    }

    @Test("a given parameter is read, the others keep init()'s defaults")
    func partial() throws {
        let flow = try #require(try Self.decode(#"{"name": "flow", "pinHeaders": false, "alignment": "left"}"#)
            .as(FlowFamily.self))
        #expect(flow == FlowFamily(options: FlowOptions(pinHeaders: false), alignment: .left))
        let grid = try #require(try Self.decode(#"{"name": "sticky-grid", "stickyColumns": 3}"#).as(StickyGridFamily.self))
        #expect(grid == StickyGridFamily(stickyRows: 1, stickyColumns: 3))
    }

    @Test("descriptions, values and whole-number keys follow from the list")
    func derived() {
        let flow = FlowFamily.parameters
        #expect(flow.map(\.key) == ["scrollDirection", "pinHeaders", "pinFooters", "headerHeight", "footerHeight",
                                    "spacing", "inset", "alignment"])
        #expect(flow.first { $0.key == "scrollDirection" }?.acceptedValues == ["vertical", "horizontal"])
        #expect(flow.first { $0.key == "inset" }?.defaultValue == "8")
        #expect(flow.first { $0.key == "inset" }?.acceptedValues == nil)
        #expect(CompositionalFamily().parameterValues == ["preset": "grid", "pinHeaders": "true", "headerHeight": "40",
                                                          "footerHeight": "0", "pinFooters": "false",
                                                          "orthogonal": "none", "orthogonalFraction": "0",
                                                          "decorations": "none", "badges": "none",
                                                          "layoutHeaderHeight": "0", "pinLayoutHeader": "false",
                                                          "layoutFooterHeight": "0", "pinLayoutFooter": "false",
                                                          "uniformRows": "false", "estimatedBoundaries": "false",
                                                          "estimatedLayoutBoundary": "false"])
        #expect(StickyGridFamily.wholeNumberKeys == ["stickyRows", "stickyColumns"])
        #expect(CarouselFamily.wholeNumberKeys.isEmpty)
    }

    @Test("a value that is none of an enumeration's cases is refused naming every case")
    func refusedChoice() {
        #expect(throws: (any Error).self) { try Self.decode(#"{"name": "compositional", "preset": "grrid"}"#) }
        do {
            _ = try Self.decode(#"{"name": "flow", "scrollDirection": "diagonal"}"#)
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription == "scrollDirection must be vertical or horizontal, got diagonal")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
