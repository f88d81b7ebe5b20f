import LayoutModel
import Testing

@testable import Scenarios

@Suite("Update traces")
struct UpdateTraceTests {
    /// 100 sections of 100 items laid out as a vertical list of 44-point rows on a phone.
    static func parameters(frames: Int = 600, seed: UInt64 = 7, counts: ItemCounts? = nil) -> TraceParameters {
        TraceParameters(contentSize: Size(width: 390, height: 10_000 * 44), viewport: Size(width: 390, height: 844),
                        rows: 100, columns: 100, frameRate: .hz60, seed: seed, maximumFrames: frames, counts: counts)
    }

    /// Replays the trace's batches as a host does: each planned against the counts before and the app's counts
    /// after with complete validation. Returns the counts after every event.
    static func replayCounts(_ trace: ScrollTrace, from start: ItemCounts) throws -> [ItemCounts] {
        var counts = start
        let app = BatchUpdatePlan(), host = BatchUpdatePlan()
        var result: [ItemCounts] = []
        for event in trace.events {
            if case let .update(batch, added) = event {
                var after = counts
                try app.apply(batch, to: &after, addedSectionCounts: added)
                try host.plan(batch, before: counts, after: after, validation: .complete)
                counts = after
            }
            result.append(counts)
        }
        return result
    }

    @Test("every batch of an update trace is valid against the counts it meets",
          arguments: ScrollTraceKind.updateTraces, [UInt64(1), 2, 3])
    func batchesAreValid(kind: ScrollTraceKind, seed: UInt64) throws {
        let trace = ScrollTrace.make(kind, Self.parameters(seed: seed))
        #expect(trace.events.count == 600)
        #expect(trace.events.contains { $0.isUpdate }, "\(kind) has no update")
        _ = try Self.replayCounts(trace, from: .uniform(sections: 100, itemsPerSection: 100))
    }

    @Test("varied counts: batches are drawn over the counts given")
    func variedCounts() throws {
        let counts = ItemCounts.perSection((0..<100).map { $0 % 7 == 0 ? 0 : 50 + $0 })
        for kind in ScrollTraceKind.updateTraces {
            let trace = ScrollTrace.make(kind, Self.parameters(counts: counts))
            _ = try Self.replayCounts(trace, from: counts)
        }
    }

    @Test("inserts-above: one scroll to the middle, then an insert and a delete of item [0, 0] in turn")
    func insertsAbove() throws {
        let trace = ScrollTrace.make(.insertsAbove, Self.parameters(frames: 9))
        let middle = (10_000.0 * 44 - 844) / 2
        #expect(trace.events.first == .scroll(to: Point(x: 0, y: middle.rounded())))
        let first = ElementPath(section: 0, item: 0)
        #expect(Array(trace.events.dropFirst()) == (0..<8).map {
            .update(BatchUpdate([$0 % 2 == 0 ? .insertItems([first]) : .deleteItems([first])]), addedSectionCounts: [])
        })
        let counts = try Self.replayCounts(trace, from: .uniform(sections: 100, itemsPerSection: 100))
        #expect(counts.last == ItemCounts.uniform(sections: 100, itemsPerSection: 100).perSection)
    }

    @Test("edits: every fourth frame is a batch, the others scroll")
    func editsCadence() {
        let trace = ScrollTrace.make(.edits, Self.parameters(frames: 200))
        for (index, event) in trace.events.enumerated() {
            #expect(event.isUpdate == ((index + 1) % 4 == 0), "frame \(index)")
        }
    }

    @Test("feed: flings only towards the end, and appends pages at the end of the last section")
    func feedAppends() throws {
        let trace = ScrollTrace.make(.feed, Self.parameters(frames: 1_000))
        var last = -Double.infinity
        var counts = ItemCounts.uniform(sections: 100, itemsPerSection: 100)
        var pages = 0
        for event in trace.events {
            switch event {
            case let .scroll(point):
                #expect(point.y >= last)
                last = point.y
            case let .update(batch, _):
                let section = counts.numberOfSections - 1, first = counts.numberOfItems(inSection: section)
                let page = (first..<(first + ScrollTrace.updatePageItems)).map { ElementPath(section: section, item: $0) }
                #expect(batch.operations == [.insertItems(page)])
                counts = try Self.replayCounts(ScrollTrace(kind: .feed, frameRate: .hz60, events: [event]), from: counts)[0]
                pages += 1
            default: Issue.record("unexpected \(event)")
            }
        }
        #expect(pages >= 2)
    }

    @Test("chat: starts at the end, messages at the end, older pages at the start of section 0")
    func chatShape() {
        let parameters = Self.parameters(frames: 2_000)
        let trace = ScrollTrace.make(.chat, parameters)
        guard case let .scroll(first) = trace.events[0] else {
            Issue.record("the first frame is not a scroll")
            return
        }
        #expect(first.y == 10_000 * 44 - 844)
        var olderPages = 0, messages = 0
        for event in trace.events {
            guard case let .update(batch, _) = event, case let .insertItems(paths) = batch.operations[0] else { continue }
            if paths.count == 1 { messages += 1 } else if paths.first == ElementPath(section: 0, item: 0) {
                olderPages += 1
            }
        }
        #expect(messages == 2_000 / 8)
        let smallParameters = TraceParameters(
            contentSize: Size(width: 390, height: 4_400), viewport: Size(width: 390, height: 844), rows: 10,
            columns: 10, frameRate: .hz60, seed: 3, maximumFrames: 600)
        let small = ScrollTrace.make(.chat, smallParameters)
        #expect(small.events.contains { event in
            guard case let .update(batch, _) = event, case let .insertItems(paths) = batch.operations[0] else { return false }
            return paths.count == ScrollTrace.updatePageItems && paths[0] == ElementPath(section: 0, item: 0)
        })
        _ = olderPages
    }

    @Test("a horizontal-only content pans along x")
    func horizontal() {
        let parameters = TraceParameters(contentSize: Size(width: 100_000, height: 300),
                                         viewport: Size(width: 390, height: 844), rows: 1, columns: 1000,
                                         frameRate: .hz60, seed: 5, maximumFrames: 120)
        for kind in ScrollTraceKind.updateTraces {
            for event in ScrollTrace.make(kind, parameters).events {
                if case let .scroll(point) = event { #expect(point.y == 0, "\(kind)") }
            }
        }
    }
}
