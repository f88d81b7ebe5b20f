/// The items of one section, as UIKit's `NSDiffableDataSourceSectionSnapshot` (iOS 14): an ordered list, or an
/// outline where an item may have children and be expanded or collapsed. Apply it to a section of a data source
/// with ``UICollectionViewDiffableDataSource/apply(_:to:animatingDifferences:completion:)``: the section shows its
/// visible items (``visibleItems``: the roots, and the children of every expanded item whose ancestors are expanded
/// too), in depth-first order.
///
/// Identifiers are unique in the section snapshot; misuse UIKit raises on (an identifier added twice, an unknown
/// parent or item) ends the process with UIKit's reason in one line and exit status 1, as the snapshot's does.
///
/// Storage: each item's node (parent, children, expanded) is hashed, so ``contains(_:)``, ``parent(of:)``,
/// ``isExpanded(_:)`` and appending are O(1) a call; the depth-first lists (``items``, ``visibleItems``,
/// ``index(of:)``) walk the outline, O(n).
public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable> {
    /// An item's place in the outline.
    struct Node {
        var parent: ItemIdentifierType?
        var children: [ItemIdentifierType] = []
        var isExpanded = false
    }

    /// The items without a parent, in order.
    var _roots: [ItemIdentifierType] = []
    /// Every item's node.
    var _nodes: [ItemIdentifierType: Node] = [:]

    /// An empty section snapshot.
    public init() {}

    // MARK: Reading

    /// Every item, in depth-first order (a parent before its children), collapsed or not.
    /// - Complexity: O(n).
    public var items: [ItemIdentifierType] { _walk(visibleOnly: false) }

    /// The items without a parent, in order.
    public var rootItems: [ItemIdentifierType] { _roots }

    /// The items a collection view shows: the roots, and the children of each expanded item whose ancestors are all
    /// expanded, in depth-first order.
    /// - Complexity: O(visible items + their collapsed children's lists).
    public var visibleItems: [ItemIdentifierType] { _walk(visibleOnly: true) }

    /// Whether the item is in the section snapshot.
    /// - Complexity: O(1).
    public func contains(_ item: ItemIdentifierType) -> Bool { _nodes[item] != nil }

    /// The item's index in ``items``, or `nil`.
    /// - Complexity: O(n).
    public func index(of item: ItemIdentifierType) -> Int? {
        guard contains(item) else { return nil }
        return items.firstIndex(of: item)
    }

    /// The item's parent, or `nil` for a root item or an item not in the section snapshot.
    /// - Complexity: O(1).
    public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? { _nodes[child]?.parent }

    /// The item's depth: 0 for a root item. An unknown item is UIKit's exception.
    /// - Complexity: O(depth).
    public func level(of item: ItemIdentifierType) -> Int {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in
            var node = try _node(item, call: "level(of:)")
            var level = 0
            while let parent = node.parent, let next = _nodes[parent] {
                level += 1
                node = next
            }
            return level
        }
    }

    /// Whether the item is expanded (its children shown when it is visible).
    /// - Complexity: O(1).
    public func isExpanded(_ item: ItemIdentifierType) -> Bool { _nodes[item]?.isExpanded ?? false }

    /// Whether the item is visible: a root, or every ancestor expanded.
    /// - Complexity: O(depth).
    public func isVisible(_ item: ItemIdentifierType) -> Bool {
        guard var node = _nodes[item] else { return false }
        while let parent = node.parent {
            guard let next = _nodes[parent], next.isExpanded else { return false }
            node = next
        }
        return true
    }

    /// The item's subtree as a section snapshot: its children as roots, or the item itself as the root when
    /// `includingParent`. An unknown item is UIKit's exception.
    /// - Complexity: O(the subtree).
    public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> Self {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in
            let node = try _node(parent, call: "snapshot(of:includingParent:)")
            var result = Self()
            result._roots = includingParent ? [parent] : node.children
            var stack = result._roots
            while let item = stack.popLast() {
                guard let copied = _nodes[item] else { continue }
                result._nodes[item] = copied
                stack.append(contentsOf: copied.children)
            }
            for root in result._roots { result._nodes[root]?.parent = nil }
            return result
        }
    }

    // MARK: Changing

    /// Adds items at the end of the roots, or of `parent`'s children.
    /// - Complexity: O(k).
    public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in try _append(items, to: parent) }
    }

    /// Adds items just before `item`, among its siblings.
    /// - Complexity: O(k + siblings).
    public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in
            try _insert(items, relativeTo: item, after: false)
        }
    }

    /// Adds items just after `item`, among its siblings.
    /// - Complexity: O(k + siblings).
    public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in
            try _insert(items, relativeTo: item, after: true)
        }
    }

    /// Deletes items with their children.
    /// - Complexity: O(k + the deleted subtrees + their siblings).
    public mutating func delete(_ items: [ItemIdentifierType]) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in try _delete(items) }
    }

    /// Deletes every item.
    public mutating func deleteAll() { self = Self() }

    /// Expands items: their children become visible when they are.
    public mutating func expand(_ items: [ItemIdentifierType]) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in try _setExpanded(items, true, "expand(_:)") }
    }

    /// Collapses items: their children are hidden.
    public mutating func collapse(_ items: [ItemIdentifierType]) {
        UIKitCompatibility.raising { () throws(DiffableDataSourceError) in
            try _setExpanded(items, false, "collapse(_:)")
        }
    }

    // MARK: Throwing forms

    func _node(_ item: ItemIdentifierType, call: String) throws(DiffableDataSourceError) -> Node {
        guard let node = _nodes[item] else { throw .unknownItem(item, in: call) }
        return node
    }

    /// The error for items already present or named twice, or `nil`.
    func _duplicates(_ items: [ItemIdentifierType]) -> DiffableDataSourceError? {
        var seen = Set<ItemIdentifierType>(minimumCapacity: items.count)
        let duplicates = items.filter { _nodes[$0] != nil || !seen.insert($0).inserted }
        return duplicates.isEmpty ? nil : .duplicateItems(duplicates)
    }

    /// ``append(_:to:)``, throwing UIKit's reason.
    package mutating func _append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil)
        throws(DiffableDataSourceError)
    {
        if let parent { _ = try _node(parent, call: "append(_:to:)") }
        if let error = _duplicates(items) { throw error }
        for item in items { _nodes[item] = Node(parent: parent) }
        if let parent { _nodes[parent]?.children.append(contentsOf: items) } else { _roots.append(contentsOf: items) }
    }

    /// ``insert(_:before:)`` and ``insert(_:after:)``, throwing UIKit's reason.
    package mutating func _insert(_ items: [ItemIdentifierType], relativeTo anchor: ItemIdentifierType, after: Bool)
        throws(DiffableDataSourceError)
    {
        let node = try _node(anchor, call: after ? "insert(_:after:)" : "insert(_:before:)")
        if let error = _duplicates(items) { throw error }
        for item in items { _nodes[item] = Node(parent: node.parent) }
        func place(_ siblings: inout [ItemIdentifierType]) {
            let index = (siblings.firstIndex(of: anchor) ?? siblings.count) + (after ? 1 : 0)
            siblings.insert(contentsOf: items, at: min(index, siblings.count))
        }
        if let parent = node.parent { place(&_nodes[parent, default: Node(parent: nil)].children) } else { place(&_roots) }
    }

    /// ``delete(_:)``, throwing UIKit's reason.
    package mutating func _delete(_ items: [ItemIdentifierType]) throws(DiffableDataSourceError) {
        for item in items { _ = try _node(item, call: "delete(_:)") }
        for item in items {
            guard let node = _nodes[item] else { continue }  // already gone with an ancestor
            if let parent = node.parent { _nodes[parent]?.children.removeAll { $0 == item } } else {
                _roots.removeAll { $0 == item }
            }
            var stack = [item]
            while let gone = stack.popLast() {
                if let removed = _nodes.removeValue(forKey: gone) { stack.append(contentsOf: removed.children) }
            }
        }
    }

    /// ``expand(_:)`` and ``collapse(_:)``, throwing UIKit's reason.
    package mutating func _setExpanded(_ items: [ItemIdentifierType], _ expanded: Bool, _ call: String)
        throws(DiffableDataSourceError)
    {
        for item in items { _ = try _node(item, call: call) }
        for item in items { _nodes[item]?.isExpanded = expanded }
    }

    /// The depth-first list: every item, or only the visible ones.
    func _walk(visibleOnly: Bool) -> [ItemIdentifierType] {
        var result: [ItemIdentifierType] = []
        result.reserveCapacity(visibleOnly ? _roots.count : _nodes.count)
        var stack = Array(_roots.reversed())
        while let item = stack.popLast() {
            result.append(item)
            guard let node = _nodes[item], !visibleOnly || node.isExpanded else { continue }
            stack.append(contentsOf: node.children.reversed())
        }
        return result
    }
}

extension NSDiffableDataSourceSectionSnapshot.Node: Sendable where ItemIdentifierType: Sendable {}
extension NSDiffableDataSourceSectionSnapshot: Sendable where ItemIdentifierType: Sendable {}
