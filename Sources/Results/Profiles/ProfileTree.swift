/// A region's calls unfolded into a tree of call paths, per operation: what a flame graph (icicle) of the region
/// draws, and, against a baseline's tree, how much each path moved.
///
/// callgrind records a call graph (which function called which, and what those calls cost), not every call path, so
/// the tree is that graph unfolded from its roots: a node is a function reached along one path, and its children are
/// its calls, each given the share of the call's cost that this path's share of the function's inclusive cost
/// implies. That is exact for a function reached along one path, which most are, and a proportion for one reached
/// along several. Only calls the profile kept are unfolded (the costliest, between functions it kept), so the part of a
/// node its children do not cover is its own instructions and its calls into functions not kept.
public struct ProfileTree: Hashable, Sendable {
    /// A function reached along one call path.
    public struct Node: Hashable, Sendable {
        /// The function's name; the root is ``ProfileTree/rootName``.
        public var name: String
        /// Its instructions per operation along this path, everything it called included.
        public var value: Double
        /// `value` less the same path's value in the baseline's tree (the whole value for a path the baseline lacks);
        /// `nil` until ``compared(with:)``.
        public var delta: Double?
        /// Its calls, costliest first.
        public var children: [Node]

        /// Creates a node.
        public init(name: String, value: Double, delta: Double? = nil, children: [Node] = []) {
            self.name = name
            self.value = value
            self.delta = delta
            self.children = children
        }

        /// The part of ``value`` its children do not cover: its own instructions and its calls into functions the
        /// profile did not keep.
        public var uncovered: Double {
            Swift.max(0, value - children.reduce(0) { $0 + $1.value })
        }

        /// The number of nodes in this subtree.
        public var count: Int { 1 + children.reduce(0) { $0 + $1.count } }
    }

    /// The name of the root, which stands for the whole region.
    public static let rootName = "all"

    /// The root: the region's total per operation, with the roots of its call graph below it.
    public var root: Node

    /// Creates a tree from its root.
    public init(root: Node) {
        self.root = root
    }

    /// The tree of `region` (whose functions are `functions`, the profile's table).
    ///
    /// - Parameters:
    ///   - region: the counted region whose calls the tree unfolds.
    ///   - functions: the profile's function table, which the region's entries index.
    ///   - maximumDepth: calls deeper than this many levels below the root are not unfolded.
    ///   - minimumShare: a call path costing less than this share of the region's total is not drawn.
    ///   - maximumNodes: the most nodes the tree holds (the costliest paths are unfolded first).
    public init(region: RegionProfile, functions: [ProfiledFunction], maximumDepth: Int = 32,
                minimumShare: Double = 0.002, maximumNodes: Int = 600) {
        let operations = Double(Swift.max(1, region.operations))
        let total = Double(region.total) / operations
        var inclusive: [Int: Double] = [:]
        for cost in region.costs { inclusive[cost.function] = Double(cost.inclusive) / operations }
        var calls: [Int: [(callee: Int, cost: Double)]] = [:]
        var called: Set<Int> = []
        for call in region.calls where call.caller != call.callee {
            calls[call.caller, default: []].append((call.callee, Double(call.cost) / operations))
            called.insert(call.callee)
        }
        func name(_ function: Int) -> String {
            functions.indices.contains(function) ? functions[function].name : "function \(function)"
        }
        for key in calls.keys {
            calls[key]?.sort { ($0.cost, name($1.callee)) > ($1.cost, name($0.callee)) }
        }
        let threshold = total * minimumShare
        var budget = maximumNodes - 1
        func unfold(_ function: Int, value: Double, path: Set<Int>, depth: Int) -> Node {
            var node = Node(name: name(function), value: value)
            guard depth < maximumDepth, let own = inclusive[function], own > 0 else { return node }
            let scale = Swift.min(1, value / own)
            for call in calls[function] ?? [] where !path.contains(call.callee) {
                let share = call.cost * scale
                guard share >= threshold, share > 0, budget > 0 else { continue }
                budget -= 1
                node.children.append(unfold(call.callee, value: share, path: path.union([call.callee]),
                                            depth: depth + 1))
            }
            return node
        }
        // The graph's roots (kept functions no kept call reaches), costliest first, while they fit in the total:
        // a function whose callers were not kept looks like a root, but does not fit beside the one that covers it.
        let candidates = region.costs.filter { !called.contains($0.function) }
            .map { (function: $0.function, value: Double($0.inclusive) / operations) }
            .sorted { ($0.value, name($1.function)) > ($1.value, name($0.function)) }
        var root = Node(name: Self.rootName, value: total)
        var used = 0.0
        for candidate in candidates where candidate.value >= threshold && candidate.value > 0 && budget > 0 {
            guard used + candidate.value <= total * (1 + 1e-9) else { continue }
            used += candidate.value
            budget -= 1
            root.children.append(unfold(candidate.function, value: candidate.value, path: [candidate.function],
                                        depth: 1))
        }
        self.root = root
    }

    /// This tree with each node's ``Node/delta`` against the node of the same call path in `baseline`.
    public func compared(with baseline: ProfileTree) -> ProfileTree {
        var values: [[String]: Double] = [:]
        func record(_ node: Node, _ path: [String]) {
            let here = path + [node.name]
            values[here, default: 0] += node.value
            for child in node.children { record(child, here) }
        }
        record(baseline.root, [])
        func mark(_ node: Node, _ path: [String]) -> Node {
            let here = path + [node.name]
            var marked = node
            marked.delta = node.value - (values[here] ?? 0)
            marked.children = node.children.map { mark($0, here) }
            return marked
        }
        return ProfileTree(root: mark(root, []))
    }
}
