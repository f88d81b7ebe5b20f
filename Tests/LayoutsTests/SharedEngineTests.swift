import LayoutModel
import Testing

@testable import Layouts

/// The paths issue 35 merged, each checked against what it replaced: the one query front door (null and NaN rects,
/// the buffer emptied), the compositional engine's per-element answers (the full layout's now come from the
/// templates' arithmetic, as the incremental layout's always did), and the forwarding base of the wrapping layouts.
@Suite("Shared engines")
struct SharedEngineTests {
    /// Two sections in turn, one with a pinned header and a footer, one with a pinned footer and no header, so that
    /// templates, pinning and boundary items all differ between sections.
    static let provider = AlternatingSectionProvider([
        CompositionalPresets.grid(footer: CompositionalPresets.footer(height: 20, pinned: false)),
        CompositionalPresets.column(header: nil, footer: CompositionalPresets.footer(height: 30, pinned: true)),
    ])
    static let counts = [7, 3, 0, 12, 5, 9]

    static func state(y: Double) -> CollectionViewState {
        CollectionViewState(bounds: Rect(x: 0, y: y, width: 390, height: 844), counts: .perSection(counts))
    }

    /// A layout prepared from scratch at `y`.
    static func prepared<Layout: MeasuredLayout>(_ layout: Layout, y: Double) -> Layout {
        layout.invalidate(with: .everything)
        layout.prepare(in: state(y: y))
        return layout
    }

    /// Every element the reference variant returns for the whole content, by path and kind.
    static func referenceElements(_ layout: some MeasuredLayout) -> [LayoutAttributes] {
        var buffer: [LayoutAttributes] = []
        let all = Rect(x: -1, y: -1_000, width: 1_000, height: layout.contentSize.height + 2_000)
        layout.attributesForElements(in: all, into: &buffer, using: layout.referenceVariant)
        return buffer
    }

    @Test("Compositional: the full and incremental layouts answer every per-element question alike, and as their queries",
          arguments: [0.0, 700, 1_900])
    func compositionalPerElementAnswers(y: Double) {
        let full = Self.prepared(CompositionalLayout(provider: Self.provider), y: y)
        let incremental = Self.prepared(IncrementalCompositionalLayout(provider: Self.provider), y: y)
        let elements = Self.referenceElements(full)
        #expect(elements == Self.referenceElements(incremental))
        // Every item of every section (the empty one included) comes back once.
        #expect(elements.filter { $0.kind == .cell }.count == Self.counts.reduce(0, +))
        for element in elements {
            let answer: LayoutAttributes?
            if element.kind == .cell {
                answer = full.attributesForItem(at: element.path)
                #expect(incremental.attributesForItem(at: element.path) == answer)
            } else {
                answer = full.attributesForSupplementaryElement(ofKind: element.kind, at: element.path)
                #expect(incremental.attributesForSupplementaryElement(ofKind: element.kind, at: element.path) == answer)
            }
            #expect(answer == element)
            #expect(full.isPinned(element) == incremental.isPinned(element))
        }
        #expect(elements.contains { full.isPinned($0) })
        // Out of range: no answer from either.
        for path in [ElementPath(section: -1, item: 0), ElementPath(section: 6, item: 0), ElementPath(section: 1, item: 3)] {
            #expect(full.attributesForItem(at: path) == nil && incremental.attributesForItem(at: path) == nil)
        }
        #expect(full.attributesForSupplementaryElement(ofKind: ElementKind.sectionHeader,
                                                       at: ElementPath(section: 1, item: 0)) == nil)
        #expect(incremental.attributesForSupplementaryElement(ofKind: ElementKind.sectionHeader,
                                                              at: ElementPath(section: 1, item: 0)) == nil)
    }

    @Test("Compositional: the shared invalidation questions answer as each layout did: a size change, a scroll with pins")
    func compositionalInvalidationQuestions() {
        let full = Self.prepared(CompositionalLayout(provider: Self.provider), y: 0)
        let incremental = Self.prepared(IncrementalCompositionalLayout(provider: Self.provider), y: 0)
        let state = Self.state(y: 0)
        let scrolled = Rect(x: 0, y: 10, width: 390, height: 844)
        let resized = Rect(x: 0, y: 0, width: 400, height: 844)
        for layout in [full as any MeasuredLayout, incremental] {
            #expect(layout.shouldInvalidate(forBoundsChange: scrolled, in: state))
            #expect(layout.shouldInvalidate(forBoundsChange: resized, in: state))
            #expect(!layout.shouldInvalidate(forBoundsChange: state.bounds, in: state))
            #expect(layout.invalidationContext(forBoundsChange: scrolled, in: state)
                == InvalidationContext(invalidatePinnedElements: true))
            #expect(layout.invalidationContext(forBoundsChange: resized, in: state)
                == InvalidationContext(invalidateDelegateMetrics: true, invalidatePinnedElements: true))
        }
        // Without a pinned element a scroll does not invalidate.
        let plain = Self.prepared(CompositionalLayout(section: CompositionalPresets.grid(header: nil)), y: 0)
        #expect(!plain.shouldInvalidate(forBoundsChange: scrolled, in: state))
    }

    /// One layout of each family that comes in through the front door.
    static func frontDoorLayouts() -> [any MeasuredLayout] {
        let flow = FlowConfiguration(scrollDirection: .vertical, itemSizing: .uniform(Size(width: 100, height: 50)),
                                     metrics: UniformFlowMetrics(FlowSectionMetrics()), pinning: .none)
        return [
            prepared(CompositionalLayout(provider: provider), y: 0),
            prepared(IncrementalCompositionalLayout(provider: provider), y: 0),
            prepared(FlowLayout(flow), y: 0),
            prepared(IncrementalFlowLayout(flow), y: 0),
        ]
    }

    @Test("Front door: a null or NaN rect empties the buffer and tests nothing, in every variant; a real rect answers")
    func frontDoor() {
        let stale = LayoutAttributes(frame: Rect(x: 1, y: 2, width: 3, height: 4), path: ElementPath(section: 9, item: 9))
        let nan = Double.nan
        let refused = [Rect.null, Rect(x: nan, y: 0, width: 10, height: 10), Rect(x: 0, y: nan, width: 10, height: 10),
                       Rect(x: 0, y: 0, width: nan, height: 10), Rect(x: 0, y: 0, width: 10, height: nan)]
        for layout in Self.frontDoorLayouts() {
            for variant in layout.queryVariants {
                for rect in refused {
                    var buffer = [stale]
                    #expect(layout.attributesForElements(in: rect, into: &buffer, using: variant) == 0)
                    #expect(buffer.isEmpty)
                }
                var buffer = [stale]
                let tested = layout.attributesForElements(in: Rect(x: 0, y: 0, width: 390, height: 300), into: &buffer,
                                                          using: variant)
                #expect(tested > 0 && !buffer.isEmpty && !buffer.contains(stale))
            }
            // The entry point runs the active variant.
            var entry: [LayoutAttributes] = []
            var direct: [LayoutAttributes] = []
            let rect = Rect(x: 0, y: 100, width: 390, height: 500)
            layout.attributesForElements(in: rect, into: &entry)
            layout.attributesForElements(in: rect, into: &direct, using: layout.activeVariant)
            #expect(entry == direct)
        }
    }

    @Test("Forwarding: the wrappers answer every forwarded question as their base, and set the base's variant")
    func forwarding() {
        let base = Self.prepared(IncrementalCompositionalLayout(provider: Self.provider), y: 700)
        let full = FullInvalidationLayout(base)
        let flowConfiguration = FlowConfiguration(
            scrollDirection: .vertical, itemSizing: .uniform(Size(width: 1, height: 1)),
            metrics: UniformFlowMetrics(FlowSectionMetrics()), pinning: .none)
        let sizing = Self.prepared(
            SelfSizingFlowLayout(flowConfiguration, estimated: FlowEstimatedSize(itemsPerLine: 2, extent: 44)), y: 0)
        let pairs: [(wrapper: any MeasuredLayout, base: any MeasuredLayout)] = [(full, base), (sizing, sizing.base)]
        for (wrapper, base) in pairs {
            #expect(wrapper.contentSize == base.contentSize)
            #expect(wrapper.queryVariants == base.queryVariants)
            #expect(wrapper.referenceVariant == base.referenceVariant)
            #expect(wrapper.rectContract == base.rectContract)
            let rect = Rect(x: 0, y: 600, width: 390, height: 844)
            for variant in base.queryVariants {
                wrapper.activeVariant = variant
                #expect(base.activeVariant == variant)
                var mine: [LayoutAttributes] = [], theirs: [LayoutAttributes] = []
                wrapper.attributesForElements(in: rect, into: &mine)
                base.attributesForElements(in: rect, into: &theirs)
                #expect(mine == theirs && !mine.isEmpty)
                #expect(wrapper.attributesForElements(in: rect, into: &mine, using: variant)
                    == base.attributesForElements(in: rect, into: &theirs, using: variant))
                #expect(mine == theirs)
                for element in mine {
                    #expect(wrapper.isPinned(element) == base.isPinned(element))
                    if element.kind == .cell {
                        #expect(wrapper.attributesForItem(at: element.path) == base.attributesForItem(at: element.path))
                    } else {
                        #expect(wrapper.attributesForSupplementaryElement(ofKind: element.kind, at: element.path)
                            == base.attributesForSupplementaryElement(ofKind: element.kind, at: element.path))
                    }
                }
            }
        }
        #expect(full.attributeBytes == base.attributeBytes)
        #expect(sizing.attributeBytes > sizing.base.attributeBytes)
        // What each wrapper changes stays its own: full mode invalidates on every bounds change.
        let state = Self.state(y: 700)
        #expect(full.shouldInvalidate(forBoundsChange: state.bounds, in: state))
        #expect(!base.shouldInvalidate(forBoundsChange: state.bounds, in: state))
        #expect(sizing.shouldInvalidate(forBoundsChange: state.bounds, in: state)
            == sizing.base.shouldInvalidate(forBoundsChange: state.bounds, in: state))
    }
}
