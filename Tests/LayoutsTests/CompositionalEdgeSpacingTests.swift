import LayoutModel
import Layouts
import Testing

/// The edge-spacing placement of a group (Guides/CompositionalLayout.md, ES1 to ES6).
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

    @Test("ES6: across a horizontal group's axis, flexible and fixed top and bottom place each item in the group")
    func acrossHorizontal() {
        let group = CompositionalGroup(axis: .horizontal, size: CompositionalSize(width: .absolute(180),
                                                                                  height: .absolute(100)),
                                       subitems: [item(60, 40), item(60, 50), item(60, 30)],
                                       contentInsets: EdgeInsets(top: 10, left: 0, bottom: 10, right: 0))
        let slots = CompositionalLayout.slots(of: group, edgeSpacing: [
            CompositionalEdgeSpacing(top: .flexible(0), bottom: .fixed(0)),
            CompositionalEdgeSpacing(top: .flexible(5), bottom: .flexible(5)),
            CompositionalEdgeSpacing(top: .fixed(10), bottom: .flexible(0)),
        ], sizedTo: Size(width: 180, height: 100))
        // The group's inner height is 100 - 10 - 10 = 80, from y 10. Along x nothing moves: 0, 60, 120.
        // Item 0 (40 high): the one flexible edge is above it and takes 80 - 0 - 40 - 0 = 40: y 10 + 40 = 50, its
        // bottom on the inner bottom edge (90).
        // Item 1 (50 high): 80 - 5 - 50 - 5 = 20 left, 10 to each flexible edge: y 10 + 5 + 10 = 25 (centred).
        // Item 2 (30 high): its flexible edge is below it, so it lies after its fixed 10: y 10 + 10 = 20.
        #expect(slots == [Rect(x: 0, y: 50, width: 60, height: 40), Rect(x: 60, y: 25, width: 60, height: 50),
                          Rect(x: 120, y: 20, width: 60, height: 30)])
    }

    @Test("ES6 in a vertical group: leading and trailing, and no room left is no share")
    func acrossVertical() {
        let group = CompositionalGroup(axis: .vertical, size: CompositionalSize(width: .absolute(100),
                                                                                height: .absolute(200)),
                                       subitems: [item(60, 50), item(120, 50)])
        let slots = CompositionalLayout.slots(of: group, edgeSpacing: [
            CompositionalEdgeSpacing(leading: .flexible(0), trailing: .fixed(8)),
            CompositionalEdgeSpacing(leading: .flexible(4)),
        ], sizedTo: Size(width: 100, height: 200))
        // Item 0: 100 - 0 - 60 - 8 = 32 to its flexible leading edge: x 32 (its trailing edge 8 from the group's).
        // Item 1 is wider than the group: 100 - 4 - 120 < 0 leaves nothing, so it lies after its minimum: x 4.
        // Stacked: y 0, 50, then the cycle again at 100 and 150.
        #expect(slots == [Rect(x: 32, y: 0, width: 60, height: 50), Rect(x: 4, y: 50, width: 120, height: 50),
                          Rect(x: 32, y: 100, width: 60, height: 50), Rect(x: 4, y: 150, width: 120, height: 50)])
    }
}
