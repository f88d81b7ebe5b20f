import Foundation
import Results
import Testing

@testable import Report

/// The differential flame graph: an icicle of a region's call tree, boxes as wide as their paths' instructions,
/// coloured by their change.
@Suite("Flame graphs")
struct FlameGraphTests {
    typealias Node = ProfileTree.Node

    /// 200 instructions per query: the root calls `query` (150, of which `hits` 90 and `copy` 40) and `log` (50,
    /// of which `format` 0.2, too narrow to draw at 400 pixels).
    static let tree = ProfileTree(root: Node(name: "all", value: 200, delta: 20, children: [
        Node(name: "main", value: 200, delta: 20, children: [
            Node(name: "query", value: 150, delta: 30, children: [
                Node(name: "hits", value: 90, delta: 30),
                Node(name: "copy", value: 40, delta: 0),
            ]),
            Node(name: "log", value: 50, delta: -10, children: [Node(name: "format", value: 0.2, delta: 0)]),
        ]),
    ]))

    @Test("the root spans the width; each node's calls lie side by side under it, as wide as their share")
    func geometry() {
        let boxes = FlameGraph.layout(Self.tree, left: 10, width: 400)
        typealias Box = FlameGraph.Box
        #expect(boxes == [
            Box(name: "all", depth: 0, x: 10, width: 400, value: 200, delta: 20),
            Box(name: "main", depth: 1, x: 10, width: 400, value: 200, delta: 20),
            Box(name: "query", depth: 2, x: 10, width: 300, value: 150, delta: 30),
            Box(name: "hits", depth: 3, x: 10, width: 180, value: 90, delta: 30),
            Box(name: "copy", depth: 3, x: 190, width: 80, value: 40, delta: 0),
            Box(name: "log", depth: 2, x: 310, width: 100, value: 50, delta: -10),
        ])
        // At 2000 pixels `format` is 2 pixels wide and drawn.
        #expect(FlameGraph.layout(Self.tree, width: 2000).last?.name == "format")
        #expect(FlameGraph.layout(ProfileTree(root: Node(name: "all", value: 0)), width: 400).isEmpty)
    }

    @Test("more is vermillion, fewer blue, deeper with the share of the largest change; unchanged grey")
    func colours() {
        #expect(FlameGraph.fill(delta: 30, largest: 30) == "#d55e00")
        #expect(FlameGraph.fill(delta: -30, largest: 30) == "#0072b2")
        #expect(FlameGraph.fill(delta: 0, largest: 30) == "#e4e4e4")
        #expect(FlameGraph.fill(delta: nil, largest: 30) == "#c9d7e6")
        // A tenth of the largest: 23.5 % of the way from white.
        #expect(FlameGraph.fill(delta: 3, largest: 30) == "#f5d9c3")
    }

    @Test("every box is a data marker with its figures in a tooltip; long names are cut to fit")
    func render() {
        let svg = FlameGraph(title: "s: query.instructions", tree: Self.tree, operation: "query").render()
        #expect(svg.contains("data-chart=\"flame\""))
        let points = svg.components(separatedBy: "class=\"point\"").count - 1
        #expect(svg.contains("data-points=\"\(points)\"") && points == 7)
        #expect(svg.contains("<title>hits: 90.0 instructions per query (45.0 %), change +30</title>"))
        #expect(svg.contains("colour: its change"))
    }
}
