import Testing

@testable import Results

/// A region's call graph unfolded into the call paths a flame graph draws.
@Suite("Instruction profiles: call trees")
struct ProfileTreeTests {
    typealias P = ProfileFixtures
    typealias Node = ProfileTree.Node

    @Test("the tree of a region: the whole region on top, its root, then calls costliest first, per operation")
    func tree() throws {
        let region = try #require(P.current.region(.query, scenario: P.scenario))
        let tree = ProfileTree(region: region, functions: P.current.functions)
        #expect(tree.root == Node(name: "all", value: 1060, children: [
            Node(name: "countScenario(_:)", value: 1060, children: [
                Node(name: "RowBucketQuery.query(_:in:)", value: 1050, children: [
                    Node(name: "_QueryWindow.hits(_:)", value: 400),
                    Node(name: "Array.append(_:)", value: 200),
                    Node(name: "_selfTestInjectedCost()", value: 100),
                    Node(name: "small()", value: 35),
                ]),
            ]),
        ]))
        #expect(tree.root.count == 7)
        #expect(tree.root.children[0].children[0].uncovered == 315)
    }

    @Test("compared with the baseline's tree, each path says how much it moved; a new path moved by all of it")
    func compared() throws {
        let before = ProfileTree(region: try #require(P.baseline.region(.query, scenario: P.scenario)),
                                 functions: P.baseline.functions)
        let after = ProfileTree(region: try #require(P.current.region(.query, scenario: P.scenario)),
                                functions: P.current.functions)
        let tree = after.compared(with: before)
        #expect(tree.root.delta == 60)
        let query = tree.root.children[0].children[0]
        #expect(query.delta == 60)
        #expect(query.children.map(\.delta) == [0, 0, 100, 35])
    }

    /// main calls a (60) and b (40); both call c (20 and 30), which does nothing but call d (50); d calls a back.
    static let shared = RegionProfile(
        kind: .frame, operations: 1, total: 100, remainder: 0,
        costs: [FunctionCost(function: 0, selfCost: 0, inclusive: 100), FunctionCost(function: 1, selfCost: 40,
                                                                                      inclusive: 60),
                FunctionCost(function: 2, selfCost: 10, inclusive: 40), FunctionCost(function: 3, selfCost: 0,
                                                                                     inclusive: 50),
                FunctionCost(function: 4, selfCost: 50, inclusive: 50)],
        calls: [CallCost(caller: 0, callee: 1, cost: 60), CallCost(caller: 0, callee: 2, cost: 40),
                CallCost(caller: 1, callee: 3, cost: 20), CallCost(caller: 2, callee: 3, cost: 30),
                CallCost(caller: 3, callee: 4, cost: 50), CallCost(caller: 4, callee: 1, cost: 1)],
        others: [])
    static let names = ["main", "a", "b", "c", "d"].map { ProfiledFunction(name: $0) }

    @Test("a function reached along several paths splits its calls in proportion; a cycle is not followed")
    func sharedCallee() {
        let tree = ProfileTree(region: Self.shared, functions: Self.names)
        let main = tree.root.children[0]
        #expect(main.name == "main" && main.children.map(\.name) == ["a", "b"])
        let underA = main.children[0].children[0], underB = main.children[1].children[0]
        #expect(underA.name == "c" && underA.value == 20 && underA.children.map(\.value) == [20])
        #expect(underB.name == "c" && underB.value == 30 && underB.children.map(\.value) == [30])
        // d calls a, which is already on the path main > a > c > d: not unfolded again.
        #expect(underA.children[0].children.isEmpty)
        // Under b, a is not on the path: d > a is unfolded, at its share (1 of d's 50, 30 of them here).
        #expect(underB.children[0].children.map(\.name) == ["a"])
        #expect(underB.children[0].children[0].value == 0.6)
    }

    @Test("paths below the minimum share, and nodes past the budget, are left out")
    func limits() {
        let tree = ProfileTree(region: Self.shared, functions: Self.names, minimumShare: 0.25)
        // Only paths of at least 25 instructions: main (100), a (60), b (40), c under b (30), d under it (30).
        #expect(tree.root.count == 6)
        let small = ProfileTree(region: Self.shared, functions: Self.names, maximumNodes: 3)
        #expect(small.root.count == 3)
    }

    @Test("a function whose callers were not kept looks like a root, but is not drawn beside the one covering it")
    func orphans() {
        var region = Self.shared
        region.calls.removeAll { $0.caller == 1 && $0.callee == 3 }
        region.calls.removeAll { $0.caller == 2 && $0.callee == 3 }
        let tree = ProfileTree(region: region, functions: Self.names)
        // c (50) is now a root candidate too, but main (100) already fills the region.
        #expect(tree.root.children.map(\.name) == ["main"])
    }
}
