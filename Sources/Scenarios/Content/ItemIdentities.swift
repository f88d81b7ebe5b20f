import LayoutModel

/// The app's model of which item is where, as batch updates move items around: each item has a key (its section's
/// key and its own), and a size provider asks for the size of the key, not of the index path, as a delegate's
/// `sizeForItemAt` reads the model's item at that path.
///
/// Without it, an item inserted at the top of a section would take the size of the item that was there and every
/// item after it the size of its predecessor: sizes would depend on positions, and an incremental layout could not
/// be checked against a freshly built one.
///
/// Items keep the keys of the content they were made with (section `s`, item `i`), so before any update a keyed
/// size is the plain size. An inserted or reloaded item or section gets a new key (new content, a new seeded size); a
/// moved one keeps its key, across sections too. A section that no batch has touched holds no per-item memory.
///
/// The item keys a batch gives follow columns, so that a grid stays a grid (the same item keys in every row, and
/// separable sizes, keyed by item key, stay separable):
/// - an item the batch inserts (not a move's) takes its section's key and the item key `base + i`, `i` being its new
///   index; `base` is a per-batch counter that the batch advances past the largest index it inserts at. Keys stay
///   unique within a section because one batch's indices in a section differ, and across batches because `base`
///   only grows (it starts at 2^31, above any content's item keys). A column inserted in every row has one item key.
/// - a section the batch inserts (not a move's) whose count is that of the first section the batch did not insert
///   takes that section's item keys with its own section key, when a batch has touched that section (untouched, its
///   item keys are `0..<count`, which the new section has anyway) and every item of it still carries its own section
///   key (so its item keys differ). A row inserted into a grid whose columns changed gets the grid's columns.
public final class ItemIdentities: @unchecked Sendable {
    /// A run of consecutive item keys of one section key (an item moved in from another section keeps its own).
    struct Run: Hashable {
        var section: Int
        var first: Int
        var count: Int
    }

    /// A section: its key, its count, and its items' keys as runs (empty: keys (`key`, `0..<count`)).
    struct Section: Hashable {
        var key: Int
        var count: Int
        var runs: [Run]
    }

    private(set) var sections: [Section]
    private var nextSectionKey: Int
    private var nextItemKey = 1 << 31
    private var stashedItems: [(path: ElementPath, key: (section: Int, item: Int))] = []
    private var stashedSections: [(index: Int, section: Section)] = []

    /// The identities of content with `counts`: item `i` of section `s` has key (`s`, `i`).
    public init(counts: ItemCounts) {
        sections = (0..<counts.numberOfSections).map {
            Section(key: $0, count: counts.numberOfItems(inSection: $0), runs: [])
        }
        nextSectionKey = counts.numberOfSections
    }

    /// The number of sections.
    public var numberOfSections: Int { sections.count }

    /// The number of items in `section`.
    public func numberOfItems(inSection section: Int) -> Int { sections[section].count }

    /// The key of section `section`: its items' section key, unless they were moved in from another section.
    ///
    /// - Complexity: O(1).
    public func sectionKey(_ section: Int) -> Int { sections[section].key }

    /// The key of the item at (`section`, `item`).
    ///
    /// - Complexity: O(runs in the section): 1 until a batch touches it.
    @inline(__always)
    public func key(section: Int, item: Int) -> (section: Int, item: Int) {
        let record = sections[section]
        if record.runs.isEmpty { return (record.key, item) }
        var index = item
        for run in record.runs {
            if index < run.count { return (run.section, run.first + index) }
            index -= run.count
        }
        preconditionFailure("item \(item) is past the \(record.count) items of section \(section)")
    }

    /// Applies a planned batch: the steps in order, an inserted section taking its count from `after` (the data
    /// source's counts after the batch).
    ///
    /// - Complexity: O(steps × runs in the sections they touch), plus O(sections) per section step.
    public func apply(_ plan: BatchUpdatePlan, after: ItemCounts) {
        stashedItems.removeAll(keepingCapacity: true)
        stashedSections.removeAll(keepingCapacity: true)
        var insertedSections: [Int] = []
        var largestInsertedItem = -1
        for step in plan.steps {
            switch step {
            case let .deleteItem(path):
                stashedItems.append((path, removeItem(section: path.section, at: path.item)))
            case let .deleteSection(index):
                stashedSections.append((index, sections.remove(at: index)))
            case let .insertSection(index, source):
                if let source, let stash = stashedSections.firstIndex(where: { $0.index == source }) {
                    sections.insert(stashedSections[stash].section, at: index)
                } else {
                    sections.insert(Section(key: nextSectionKey, count: after.numberOfItems(inSection: index), runs: []),
                                    at: index)
                    nextSectionKey += 1
                    insertedSections.append(index)
                }
            case let .insertItem(path, source):
                var key: (section: Int, item: Int)
                if let source, let stash = stashedItems.firstIndex(where: { $0.path == source }) {
                    key = stashedItems[stash].key
                } else {
                    key = (sections[path.section].key, nextItemKey + path.item)
                    largestInsertedItem = Swift.max(largestInsertedItem, path.item)
                }
                insertItem(key: key, section: path.section, at: path.item)
            }
        }
        nextItemKey += largestInsertedItem + 1
        if !insertedSections.isEmpty { giveTemplateKeys(toInserted: insertedSections) }
    }

    /// Gives each section in `inserted` (ascending indices of sections the batch inserted, not moved) the item keys
    /// of the first section not among them, under its own section key, when that section has been touched, has the
    /// same count, and holds only items of its own section key (see the type's documentation).
    ///
    /// - Complexity: O(inserted sections × runs of the template), plus O(inserted sections) to find it.
    private func giveTemplateKeys(toInserted inserted: [Int]) {
        var template = 0
        for index in inserted where index == template { template += 1 }
        guard template < sections.count else { return }
        let source = sections[template]
        guard !source.runs.isEmpty, source.runs.allSatisfy({ $0.section == source.key }) else { return }
        for index in inserted where sections[index].count == source.count {
            let key = sections[index].key
            sections[index].runs = source.runs.map { Run(section: key, first: $0.first, count: $0.count) }
        }
    }

    /// Removes the item at `item` of `section` and answers its key.
    private func removeItem(section: Int, at item: Int) -> (section: Int, item: Int) {
        var record = sections[section]
        sections[section].runs = []  // `record.runs` is unique while it changes
        if record.runs.isEmpty { record.runs = [Run(section: record.key, first: 0, count: record.count)] }
        var index = item, run = 0
        while index >= record.runs[run].count {
            index -= record.runs[run].count
            run += 1
        }
        let current = record.runs[run]
        let key = current.first + index
        if current.count == 1 {
            record.runs.remove(at: run)
        } else if index == 0 {
            record.runs[run] = Run(section: current.section, first: current.first + 1, count: current.count - 1)
        } else if index == current.count - 1 {
            record.runs[run].count -= 1
        } else {
            record.runs[run].count = index
            record.runs.insert(Run(section: current.section, first: key + 1, count: current.count - index - 1),
                               at: run + 1)
        }
        record.count -= 1
        if record.runs.isEmpty { record.runs = [Run(section: record.key, first: 0, count: 0)] }
        sections[section] = record
        return (current.section, key)
    }

    /// Inserts an item with `key` at `item` of `section`.
    private func insertItem(key: (section: Int, item: Int), section: Int, at item: Int) {
        var record = sections[section]
        sections[section].runs = []
        if record.runs.isEmpty { record.runs = [Run(section: record.key, first: 0, count: record.count)] }
        var index = item, run = 0
        while run < record.runs.count && index > record.runs[run].count {
            index -= record.runs[run].count
            run += 1
        }
        let single = Run(section: key.section, first: key.item, count: 1)
        if run < record.runs.count && index == record.runs[run].count && record.runs[run].section == key.section
            && record.runs[run].first + record.runs[run].count == key.item {
            record.runs[run].count += 1  // extends the run it ends
        } else if run < record.runs.count && index == 0 {
            record.runs.insert(single, at: run)
        } else if run < record.runs.count && index == record.runs[run].count {
            record.runs.insert(single, at: run + 1)
        } else if run < record.runs.count {
            let current = record.runs[run]
            record.runs[run].count = index
            record.runs.insert(contentsOf: [single, Run(section: current.section, first: current.first + index,
                                                        count: current.count - index)],
                               at: run + 1)
        } else {
            record.runs.append(single)
        }
        record.count += 1
        sections[section] = record
    }
}

extension ItemIdentities: Hashable {
    /// Identities are the app's model objects: equal when they are the same object.
    public static func == (lhs: ItemIdentities, rhs: ItemIdentities) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
