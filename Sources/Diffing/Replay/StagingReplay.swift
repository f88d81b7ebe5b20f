import LayoutModel

/// Where an element is after stages are replayed: carried from the old snapshot, or new content (an insert, a
/// reload, or the items of an inserted section).
public enum ReplayedOrigin: Hashable, Sendable {
    /// The element at this path in the old snapshot, carried unchanged.
    case old(ElementPath)
    /// New content, taken from the new snapshot.
    case new
}

/// The stages replayed the way the collection view applies them: each batch through the host's
/// ``LayoutModel/BatchUpdatePlan`` with UIKit's complete checks, its steps applied to where every element came from.
public struct StagingReplay: Hashable, Sendable {
    /// The origin of every section after the last stage (an old section index, or `nil` when inserted).
    public var sections: [Int?]
    /// The origin of every item after the last stage, per section.
    public var items: [[ReplayedOrigin]]

    /// Replays `stages` from a data source of `oldCounts`.
    ///
    /// - Throws: the host's ``LayoutModel/BatchUpdateError`` for the first batch it refuses, with the stage's index.
    /// - Complexity: O(stages × (sections + operations log operations) + items).
    public init(_ stages: [UpdateStage], from oldCounts: [Int]) throws(StagingReplayError) {
        sections = oldCounts.indices.map { $0 }
        items = oldCounts.enumerated().map { section, count in
            (0..<count).map { .old(ElementPath(section: section, item: $0)) }
        }
        let plan = BatchUpdatePlan()
        var counts = oldCounts
        for (index, stage) in stages.enumerated() {
            do {
                try plan.plan(stage.batch, before: .perSection(counts), after: .perSection(stage.counts),
                              validation: .complete)
            } catch {
                throw StagingReplayError(stage: index, error: error)
            }
            let beforeSections = sections, beforeItems = items
            for step in plan.steps {
                switch step {
                case let .deleteItem(path): items[path.section].remove(at: path.item)
                case let .deleteSection(section):
                    sections.remove(at: section)
                    items.remove(at: section)
                case let .insertSection(section, source):
                    if let source {
                        sections.insert(beforeSections[source], at: section)
                        items.insert(beforeItems[source], at: section)
                    } else {
                        sections.insert(nil, at: section)
                        items.insert([ReplayedOrigin](repeating: .new, count: stage.counts[section]), at: section)
                    }
                case let .insertItem(path, source):
                    let origin = source.map { beforeItems[$0.section][$0.item] } ?? .new
                    items[path.section].insert(origin, at: path.item)
                }
            }
            counts = stage.counts
        }
    }
}

/// A batch the host refuses during a replay: the stage and UIKit's reason.
public struct StagingReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The index of the refused stage.
    public var stage: Int
    /// The host's reason.
    public var error: BatchUpdateError

    /// Creates an error.
    public init(stage: Int, error: BatchUpdateError) {
        self.stage = stage
        self.error = error
    }

    /// `stage 1: Invalid update: …`.
    public var description: String { "stage \(stage): \(error)" }
}

extension Snapshot {
    /// The first way in which replaying `update`'s stages from this snapshot fails to give `new` exactly: a batch
    /// the host refuses, a section or item count, an element whose identifier or section identifier differs, an
    /// element carried unchanged whose content changed (a missed reload); with `keepingIdentity`, also an element
    /// that both snapshots hold in a kept section, unchanged, but that was deleted and inserted instead of carried.
    /// `nil` when the replay gives `new`.
    ///
    /// For ``DiffStrategy/reload`` (no stages) the answer is `nil`: `reloadData()` takes `new` as it is.
    ///
    /// - Complexity: the replay's, plus O(items) (and hashing every old item with `keepingIdentity`).
    public func mismatch(replaying update: StagedUpdate, to new: Self, keepingIdentity: Bool = false)
        -> StagingMismatch?
    {
        guard !update.reloadsData else { return nil }
        let replay: StagingReplay
        do {
            replay = try StagingReplay(update.stages, from: itemCounts)
        } catch {
            return .refused(error)
        }
        guard replay.sections.count == new.sections.count else {
            return .sectionCount(expected: new.sections.count, actual: replay.sections.count)
        }
        var kept: [ItemIdentifier: ElementPath] = [:]
        if keepingIdentity {
            let newIdentifiers = Set(new.sections.map(\.identifier))
            for (index, section) in sections.enumerated() where newIdentifiers.contains(section.identifier) {
                for (item, identifier) in section.items.enumerated() {
                    kept[identifier] = ElementPath(section: index, item: item)
                }
            }
        }
        for (index, newSection) in new.sections.enumerated() {
            if let origin = replay.sections[index], sections[origin].identifier != newSection.identifier {
                return .element(path: .section(index), expected: String(describing: newSection.identifier),
                                actual: String(describing: sections[origin].identifier))
            }
            let origins = replay.items[index]
            guard origins.count == newSection.items.count else {
                return .itemCount(section: index, expected: newSection.items.count, actual: origins.count)
            }
            for (item, origin) in origins.enumerated() {
                let path = ElementPath(section: index, item: item)
                switch origin {
                case let .old(from):
                    let identifier = sections[from.section].items[from.item]
                    guard identifier == newSection.items[item] else {
                        return .element(path: path, expected: String(describing: newSection.items[item]),
                                        actual: String(describing: identifier))
                    }
                    guard sections[from.section].contents[from.item] == newSection.contents[item] else {
                        return .missedReload(path: path, identifier: String(describing: identifier))
                    }
                case .new:
                    if keepingIdentity, replay.sections[index] != nil, let from = kept[newSection.items[item]],
                       sections[from.section].contents[from.item] == newSection.contents[item]
                    {
                        return .identityLost(path: path, identifier: String(describing: newSection.items[item]))
                    }
                }
            }
        }
        return nil
    }
}

/// How a staged update fails to take one snapshot to another: one line each.
public enum StagingMismatch: Hashable, Sendable, CustomStringConvertible {
    /// The host refused a batch.
    case refused(StagingReplayError)
    /// The replay ends with a different number of sections.
    case sectionCount(expected: Int, actual: Int)
    /// A section ends with a different number of items.
    case itemCount(section: Int, expected: Int, actual: Int)
    /// The element at `path` (a section's `ElementPath.section(_:)` for a section) has another identifier.
    case element(path: ElementPath, expected: String, actual: String)
    /// An item carried unchanged whose content changed: a reload the stages miss.
    case missedReload(path: ElementPath, identifier: String)
    /// An unchanged item of a kept section that was deleted and inserted instead of carried.
    case identityLost(path: ElementPath, identifier: String)

    /// One line.
    public var description: String {
        switch self {
        case let .refused(error): "the host refused \(error)"
        case let .sectionCount(expected, actual): "\(actual) sections after the stages, expected \(expected)"
        case let .itemCount(section, expected, actual):
            "section \(section) has \(actual) items after the stages, expected \(expected)"
        case let .element(path, expected, actual): "\(path) is \(actual) after the stages, expected \(expected)"
        case let .missedReload(path, identifier): "\(path) (\(identifier)) changed content but was not reloaded"
        case let .identityLost(path, identifier):
            "\(path) (\(identifier)) is unchanged in a kept section but was deleted and inserted"
        }
    }
}
