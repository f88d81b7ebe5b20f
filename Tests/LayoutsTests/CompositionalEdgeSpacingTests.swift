import LayoutModel
import Layouts
import Testing

/// The edge-spacing placement of a group (Guides/CompositionalLayout.md, ES1 to ES5).
@Suite("Compositional edge spacing")
struct CompositionalEdgeSpacingTests {
    func item(_ width: Double, _ height: Double, insets: EdgeInsets = .zero) -> CompositionalItem {
        CompositionalItem(size: CompositionalSize(width: .absolute(width), height: .absolute(height)),
                          contentInsets: insets)
    }

    @Test("ES1-ES3: fixed trailing edges beside flexible gaps share what is left")
    func flexibleGaps() {
        let group = CompositionalGroup(axis: .horizontal, size: CompositionalSize(width: .absolute(300),
                                                                                  height: .absolute(60)),
                                       subitems: [item(60, 60)], interItemSpacing: .flexible(10))
        let slots = CompositionalLayout.slots(of: group, edgeSpacing: [CompositionalEdgeSpacing(trailing: .fixed(10))],
                                              sizedTo: Size(width: 300, height: 60))
        // Each item needs 60 + 10 and 10 before it after the first: 3 take 70 * 3 + 20 = 230, a fourth 310 > 300.
        // The leftover 70 goes to the two flexible gaps: 10 + 35 = 45. x = 0, 0 + 60 + 10 + 45 = 115, 230 (ending
        // at 230 + 60 + 10 = 300).
        #expect(slots == [Rect(x: 0, y: 0, width: 60, height: 60), Rect(x: 115, y: 0, width: 60, height: 60),
                          Rect(x: 230, y: 0, width: 60, height: 60)])
    }

    @Test("ES1-ES3 on a vertical group: flexible top edges")
    func vertical() {
        let group = CompositionalGroup(axis: .vertical, size: CompositionalSize(width: .absolute(60),
                                                                                height: .absolute(300)),
                                       subitems: [item(60, 60)])
        let slots = CompositionalLayout.slots(of: group, edgeSpacing: [CompositionalEdgeSpacing(top: .flexible(20))],
                                              sizedTo: Size(width: 60, height: 300))
        // 20 + 60 = 80 an item: three (240) fit, four (320) do not; 60 left over, 20 more on each top: y = 40,
        // 140, 240.
        #expect(slots == [Rect(x: 0, y: 40, width: 60, height: 60), Rect(x: 0, y: 140, width: 60, height: 60),
                          Rect(x: 0, y: 240, width: 60, height: 60)])
    }

    @Test("ES4, ES5: with a count, the items share what the edges and gaps leave; content insets shrink inside")
    func counted() {
        let group = CompositionalGroup(axis: .horizontal, size: CompositionalSize(width: .absolute(300),
                                                                                  height: .absolute(50)),
                                       subitems: [item(10, 50, insets: EdgeInsets(top: 0, left: 4, bottom: 0,
                                                                                  right: 4))],
                                       count: 3, interItemSpacing: .fixed(15))
        let slots = CompositionalLayout.slots(
            of: group, edgeSpacing: [CompositionalEdgeSpacing(leading: .fixed(5), trailing: .fixed(5))],
            sizedTo: Size(width: 300, height: 50))
        // (300 - 2 * 15 - 3 * (5 + 5)) / 3 = 80 wide: slots at 5, 5 + 80 + 5 + 15 + 5 = 110, 215; the insets of 4
        // leave 72 at slot + 4.
        #expect(slots == [Rect(x: 9, y: 0, width: 72, height: 50), Rect(x: 114, y: 0, width: 72, height: 50),
                          Rect(x: 219, y: 0, width: 72, height: 50)])
    }

    @Test("without edge spacing, the slots are the engine's own", arguments: [
        CompositionalGroup(axis: .horizontal, size: CompositionalSize(width: .absolute(300), height: .absolute(60)),
                           subitems: [CompositionalItem(size: CompositionalSize(width: .absolute(70),
                                                                                height: .fractionalHeight(1)))],
                           interItemSpacing: .flexible(6), contentInsets: EdgeInsets(top: 2, left: 3, bottom: 4,
                                                                                     right: 5)),
        CompositionalGroup(axis: .vertical, size: CompositionalSize(width: .absolute(100), height: .absolute(300)),
                           subitems: [CompositionalItem(size: CompositionalSize(width: .fractionalWidth(1),
                                                                                height: .absolute(33)),
                                                        contentInsets: EdgeInsets(top: 1, left: 1, bottom: 1,
                                                                                  right: 1))],
                           count: 4, interItemSpacing: .fixed(8)),
        CompositionalGroup(axis: .horizontal, size: CompositionalSize(width: .absolute(390), height: .absolute(50)),
                           subitems: [CompositionalItem(size: CompositionalSize(width: .fractionalWidth(1.0 / 3),
                                                                                height: .absolute(50))),
                                      CompositionalItem(size: CompositionalSize(width: .absolute(40),
                                                                                height: .estimated(20)))]),
    ])
    func differential(group: CompositionalGroup) {
        let size = group.size.resolved(in: Size(width: 0, height: 0))
        #expect(CompositionalLayout.slots(of: group, edgeSpacing: [], sizedTo: size)
            == CompositionalLayout.slots(of: group, sizedTo: size))
        #expect(CompositionalLayout.slots(of: group, edgeSpacing: [nil, nil], sizedTo: size)
            == CompositionalLayout.slots(of: group, sizedTo: size))
    }
}
