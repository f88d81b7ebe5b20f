import LayoutModel
import SeededRandom
import Testing

@testable import Layouts

/// The differential check every feature of the self-sizing compositional layouts runs (`Guides/CompositionalLayout.md`,
/// "Self-sizing"): two hosts, one over the `incremental` strategy and one over `full`, laid out at the top and then
/// driven through the same seeded frames (scrolls, jumps to anywhere in the content, rotations after the tenth, and refits of the visible elements
/// whose content changed, through the preferred-attributes pair); after every frame the `incremental` layout answers
/// exactly as the `full` one and as fresh layouts of both strategies told the sizes fitted so far, its `indexed`
/// query as its `naive` one, both hosts at the same offset, and under `top` no frame jumps.
///
/// A feature's test gives the sections and which visible elements a content change refits, and checks what was
/// fitted in the fitting ``run(seed:)`` returns.
struct SelfSizingCompositionalDifferential {
    /// Cells and supplementary views whose fitted heights are functions of the kind, path and width offered,
    /// recording what they answered.
    final class Fitting: ItemFitting {
        let height: (ElementKind, ElementPath, Double) -> Double
        let fitsSupplementaryViews: Bool
        var record = ResolvedItemSizes()
        var calls: [(ElementKind, ElementPath)] = []
        init(supplementary: Bool, _ height: @escaping (ElementKind, ElementPath, Double) -> Double) {
            (self.height, fitsSupplementaryViews) = (height, supplementary)
        }
        func preferredAttributes(fitting original: LayoutAttributes) -> LayoutAttributes {
            var preferred = original
            calls.append((original.kind, original.path))
            preferred.frame.size.height = height(original.kind, original.path, original.frame.size.width)
            record.record(preferred.frame.size.height, for: original)
            return preferred
        }
    }

    /// The sections, repeated over the seeded section count from the seed's phase.
    let sections: [CompositionalSection]
    /// Whether the host asks visible supplementary views to fit (`ItemFitting.fitsSupplementaryViews`).
    var fitsSupplementaryViews = false
    /// The visible elements a content change refits (cells by default).
    var refits: (LayoutAttributes) -> Bool = { $0.kind == .cell }
    /// Mixed into the seed, so that two features' tests do not draw the same counts.
    var salt: UInt64
    /// The frames driven.
    var steps = 30
    /// Wraps the alternating sections' provider (backgrounds, badges: `DecoratedSectionProvider`,
    /// `BadgedSectionProvider`); the sections as given by default.
    var wrap: (any CompositionalSectionProvider) -> any CompositionalSectionProvider = { $0 }
    /// The layout-wide header and footer every layout driven and built fresh holds (G1 to G7); none by default.
    var boundaryItems: [CompositionalLayoutBoundaryItem] = []
    /// The most a fitted supplementary view is high (a header, a footer, a layout-wide item).
    var supplementaryHeightLimit = 90.0
    /// Rects queried after each frame besides the bounds, a 2000-point square and the whole content (e.g. a thin
    /// band, where an element's reach matters), given the `incremental` host's state.
    var extraRects: (CollectionViewState) -> [Rect] = { _ in [] }
    /// A check of each rect's answer beyond the strategies' agreement: the `incremental` layout, the `full` one, the
    /// `incremental` layout's indexed answer (sorted) and where it is, for the messages.
    var check: ((IncrementalSelfSizingCompositionalLayout, SelfSizingCompositionalLayout, [LayoutAttributes], String)
        -> Void)?

    /// Drives both hosts over `seed` and checks every frame; answers the `incremental` host's fitting.
    @discardableResult
    func run(seed: Int) -> Fitting {
        var random = SeededGenerator(seed: UInt64(seed) &+ salt)
        let provider = wrap(AlternatingSectionProvider(sections, phase: seed % sections.count))
        let counts = ItemCounts.perSection((0..<Int.random(in: 3...7, using: &random)).map { _ in
            Int.random(in: 0...40, using: &random)
        })
        let layout = IncrementalSelfSizingCompositionalLayout(provider: provider)
        let full = SelfSizingCompositionalLayout(provider: provider)
        if !boundaryItems.isEmpty { (layout.boundaryItems, full.boundaryItems) = (boundaryItems, boundaryItems) }
        var viewport = Size(width: 390, height: 300)
        let mixSeed = UInt64(seed)
        var revision: UInt64 = 0
        // Text-like heights: 20 points of padding and 20.5-point lines of about 7 points a character, at most 300
        // (a supplementary view at most `supplementaryHeightLimit`); a content change (`revision`) draws new text.
        let height = { (kind: ElementKind, path: ElementPath, width: Double) -> Double in
            var mix = SplitMix64(state: mixSeed &* 0x9E37 &+ revision &* 0x51 &+ UInt64(path.section) << 32
                                 &+ UInt64(path.item) &+ UInt64(kind.id) << 48)
            let characters = Double(mix.next() % 400)
            let lines = (characters * 7 / Swift.max(20, width - 16)).rounded(.up)
            return Swift.min(kind == .cell ? 300 : supplementaryHeightLimit, 20 + lines * 20.5)
        }
        let fitting = Fitting(supplementary: fitsSupplementaryViews, height)
        let fullFitting = Fitting(supplementary: fitsSupplementaryViews, height)
        let anchoring: ScrollAnchoring = seed % 3 == 2 ? .none : .top
        layout.resizeAnchoring = anchoring
        full.resizeAnchoring = anchoring
        let host = CollectionViewHost(layout: layout, viewportSize: viewport, counts: counts)
        let fullHost = CollectionViewHost(layout: full, viewportSize: viewport, counts: counts)
        for (host, fitting) in [(host, fitting), (fullHost, fullFitting)] {
            host.itemFitting = fitting
            host.scrollAnchoring = anchoring
        }
        // The first frame at the top, as an app's first: what is on screen there is fitted first.
        host.layoutIfNeeded()
        fullHost.layoutIfNeeded()
        var failed = false
        for step in 0..<steps where !failed {
            let offset = host.contentOffset.y
            let choice = Int.random(in: 0..<10, using: &random)
            var target: Point? = Point(x: 0, y: Swift.max(0, offset + Double(Int.random(in: -120...160,
                                                                                       using: &random))))
            switch choice {
            case 0: target = Point(x: 0, y: Double.random(in: 0...layout.contentSize.height, using: &random).rounded())
            case 1 where step > 10:
                target = nil
                fitting.record = ResolvedItemSizes()
                fullFitting.record = ResolvedItemSizes()
                viewport = Size(width: viewport.height, height: viewport.width)
                host.setViewportSize(viewport)
                fullHost.setViewportSize(viewport)
            case 2:
                // The visible elements' content changes: each refits through the preferred-attributes pair.
                target = nil
                revision += 1
                for element in host.visibleAttributes where refits(element) {
                    for (driven, record, state) in [(layout as any CollectionLayout, fitting, host.state),
                                                    (full, fullFitting, fullHost.state)] {
                        let original = element.kind == .cell
                            ? driven.attributesForItem(at: element.path)
                            : driven.attributesForSupplementaryElement(ofKind: element.kind, at: element.path)
                        guard let original else { continue }
                        let preferred = record.preferredAttributes(fitting: original)
                        guard driven.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred,
                                                            withOriginalAttributes: original, in: state)
                        else { continue }
                        driven.invalidate(with: driven.invalidationContext(forPreferredLayoutAttributes: preferred,
                                                                           withOriginalAttributes: original,
                                                                           in: state))
                        driven.prepare(in: state)
                    }
                }
            default: break
            }
            if let target {
                host.setContentOffset(target)
                fullHost.setContentOffset(target)
            }
            host.layoutIfNeeded()
            fullHost.layoutIfNeeded()
            if anchoring == .top {
                #expect(host.sizingReport.jump == 0, "seed \(seed) step \(step): a jump under top")
                #expect(fullHost.sizingReport.jump == 0, "seed \(seed) step \(step): a jump under top (full)")
            }
            #expect(host.contentOffset == fullHost.contentOffset, "seed \(seed) step \(step)")
            let fresh = IncrementalSelfSizingCompositionalLayout(provider: provider,
                                                                 resolved: fitting.record.snapshot())
            let freshFull = SelfSizingCompositionalLayout(provider: provider, resolved: fullFitting.record.snapshot())
            if !boundaryItems.isEmpty {
                (fresh.boundaryItems, freshFull.boundaryItems) = (boundaryItems, boundaryItems)
            }
            fresh.prepare(in: host.state)
            freshFull.prepare(in: fullHost.state)
            for other in [fresh.contentSize, full.contentSize, freshFull.contentSize] {
                #expect(other == layout.contentSize, "seed \(seed) step \(step)")
                if other != layout.contentSize { failed = true }
            }
            for rect in [host.state.bounds, Rect(x: 0, y: 0, width: 2000, height: 2000),
                         Rect(origin: .zero, size: layout.contentSize)] + extraRects(host.state) {
                var mine: [LayoutAttributes] = [], naive: [LayoutAttributes] = []
                var fullNaive: [LayoutAttributes] = []
                layout.attributesForElements(in: rect, into: &mine)
                layout.attributesForElements(in: rect, into: &naive, using: CompositionalQueryVariants.naive)
                full.attributesForElements(in: rect, into: &fullNaive, using: CompositionalQueryVariants.naive)
                mine.sort()
                #expect(mine == naive.sorted(), "seed \(seed) step \(step) in \(rect): indexed vs naive")
                #expect(mine == fullNaive.sorted(), "seed \(seed) step \(step) in \(rect): full's naive")
                if mine != naive.sorted() || mine != fullNaive.sorted() { failed = true }
                check?(layout, full, mine, "seed \(seed) step \(step) in \(rect)")
                for (name, other) in [("fresh", fresh as any CollectionLayout), ("full", full),
                                      ("fresh full", freshFull)] {
                    var theirs: [LayoutAttributes] = []
                    other.attributesForElements(in: rect, into: &theirs)
                    #expect(mine == theirs.sorted(), "seed \(seed) step \(step) in \(rect): \(name)")
                    if mine != theirs.sorted() { failed = true }
                }
            }
        }
        return fitting
    }
}
