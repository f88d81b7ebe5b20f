import Foundation
import LayoutModel
import Layouts
import Measurement
import Scenarios
import Harness
import Verification

/// The conformance checker every layout family runs, as swift-collections' `CheckCollection`: call it with a
/// workload of the family (its content, parameters and storage) and collect the failures it returns, each one line.
///
/// Every comparison goes through the verifiers' one classification (``Verification/ElementComparison``: missing,
/// moved, attribute differences, extras outside and inside the rect, a hidden element left out not missing), and
/// `policy` decides which classes fail: by default every one (``Verification/MismatchPolicy/exact``), stricter than
/// `verify`, whose default lets extras pass; give ``Verification/MismatchPolicy/standard`` for a layout that returns
/// supersets by design, as UIKit tolerates.
///
/// It checks, over a seeded set of rects (viewport sweeps, random, edge-aligned, empty and outside rects, each at
/// its own content offset; for a family that asks the rects UIKit sends (``Scenarios/VisibleRectQueryFamily``),
/// those rects, unless `rectShape` says ``Scenarios/QueryRectShape/any``):
/// - every query variant returns the set of a brute-force filter of every element's attributes (items through
///   `attributesForItem`, supplementary elements through `attributesForSupplementaryElement`) by the layout's
///   ``Layouts/RectContract``: Foundation's `CGRect.intersects` for a robust layout, CoreGraphics' rule for UIKit
///   code, which is also asked only the rects its contract admits; an element returned outside the rect, or twice,
///   is an extra;
/// - the content size bounds every element that is not pinned;
///
/// and, after every frame of each trace (a mixed trace of scrolls, flings, jumps, resizes and data-source changes by
/// default), that the layout in context mode shows exactly what a freshly built layout prepared from scratch at the
/// same bounds and counts shows, and what the full-invalidation wrapper shows: the same content size and visible
/// set. A family with a switch target (``Scenarios/SwitchingLayoutFamily/makeSwitchTarget(for:storage:)``) also runs a
/// `layout-switch` trace: after each switch, the layout switched to is compared with a freshly built layout of its own
/// kind. In release builds it also checks that a steady-state scroll frame in context mode allocates nothing.
///
/// Then, for every batch-update strategy the family offers, `updateBatches` seeded batches of `updateShape`
/// (`checkLayoutFamilyUpdates(_:seed:viewport:batches:shape:maximumFailures:)`): after each, the layout answers
/// exactly as a freshly built layout of its strategy, and as the `full` strategy within 1e-9 relative. And for a
/// family that resolves self-sizing items, the self-sizing traces
/// (`checkLayoutFamilySelfSizing(_:seed:frames:maximumFailures:)`).
///
/// - Returns: the failures, at most `maximumFailures`; empty when the family conforms.
public func checkLayoutFamily(
    _ workload: WorkloadSpec, seed: UInt64, viewport: Size = Size(width: 390, height: 844), rects: Int = 120,
    traces: [ScrollTraceKind] = [.mixed], traceFrames: Int = 90, updateBatches: Int = 24,
    updateShape: UpdateBatchShape = .automatic, maximumFailures: Int = 10, policy: MismatchPolicy = .exact,
    rectShape: QueryRectShape? = nil
) -> [String] {
    var failures: [String] = []
    func fail(_ message: String) { if failures.count < maximumFailures { failures.append(message) } }
    if let problem = workload.problem { return ["invalid workload: \(problem)"] }
    let builder = WorkloadBuilder(workload: workload, seed: seed)
    let family = workload.layout.familyType

    // Queries.
    let layout = builder.makeLayout(mode: .context)
    let offered = workload.layout.base.queryVariants(for: builder.content)
    if layout.referenceVariant != family.referenceVariant || Set(layout.queryVariants) != Set(offered) {
        fail("the layout's variants \(layout.queryVariants) (reference \(layout.referenceVariant)) are not the "
             + "family's \(offered) for this content (reference \(family.referenceVariant))")
    }
    let host = CollectionViewHost(layout: layout, viewportSize: viewport, counts: builder.content.itemCounts)
    host.layoutIfNeeded()
    let counts = builder.content.itemCounts
    let queries = QuerySet(contentSize: layout.contentSize, viewport: viewport, counts: counts) { path, offset in
        host.setContentOffset(offset)
        host.layoutIfNeeded()
        return layout.attributesForItem(at: path)?.frame ?? .null
    }.make(count: rects, seed: seed, shape: rectShape ?? family.defaultQueryRectShape).compactMap { query in
        // UIKit code is asked only rects UIKit sends (`RectContract`).
        layout.rectContract.admit(query.rect).map {
            VerificationQuery(category: query.category, contentOffset: query.contentOffset, rect: $0)
        }
    }
    let contract = layout.rectContract
    let comparison = ElementComparison(contract: contract)
    var observer = ElementObserver()
    /// One comparison, a failure line when its tally fails under the policy.
    func check(_ expected: [ObservedElement], _ actual: [ObservedElement], rect: Rect?, _ what: String,
               reference: (LayoutAttributes) -> LayoutAttributes? = { _ in nil }) {
        var tally = MismatchTally()
        comparison.compare(expected: expected, actual: actual, rect: rect, reference: reference, place: what,
                           into: &tally)
        if tally.fails(under: policy) {
            fail("\(what): \(tally.summary ?? ""); first \(tally.exampleLines.first ?? "")")
        }
    }
    for query in queries {
        host.setContentOffset(query.contentOffset)
        host.layoutIfNeeded()
        let every = allAttributes(of: layout, counts: counts)
        let place = "\(query.category.rawValue) rect \(query.rect) at offset \(query.contentOffset)"
        // An orthogonal section's items scroll across the layout's axis, past the content's width
        // (`Guides/CompositionalLayout.md`, O3), and their badges with them (B7): only their extent along the axis
        // is held to the content size (along x in a layout whose sections scroll along y, a UIKit layout that
        // scrolls horizontally: Guides/UIKitCompositional.md, H9).
        let orthogonal = layout as? any OrthogonalScrollingLayout
        let alongY = orthogonal?.orthogonalSectionsScrollAlongY ?? false
        for element in every where !layout.isPinned(element) {
            let size = layout.contentSize
            let f = element.frame
            let scrolls = element.kind.category == .cell || (element.kind.category == .supplementary
                && element.kind != .sectionHeader && element.kind != .sectionFooter)
            let across = scrolls && orthogonal?.orthogonalOffset(ofSection: element.path.section) != nil
            let outsideX = f.minX < 0 || f.maxX > size.width + 1e-9
            let outsideY = f.minY < 0 || f.maxY > size.height + 1e-9
            if across ? (alongY ? outsideX : outsideY) : outsideX || outsideY {
                fail("\(element) lies outside the content size \(size) but is not pinned")
                break
            }
        }
        let expected = observed(bruteForceFilter(every, in: query.rect, contract: contract), of: layout)
        for variant in layout.queryVariants {
            check(expected, observer.observe(layout, in: query.rect, using: variant), rect: query.rect,
                  "\(variant) differs from the brute-force filter on \(place)",
                  reference: { layout.ownAttributes(of: $0) })
        }
    }

    // Traces: context against a fresh layout and against full invalidation, after every frame.
    let switches = builder.makeSwitchTarget(mode: .context) != nil
    for kind in traces + (switches && !traces.contains(.layoutSwitch) ? [.layoutSwitch] : []) {
        var context = builder.makeLayout(mode: .context)
        let full = builder.makeLayout(mode: .full)
        // The pairs a layout-switch trace alternates between; `onTarget` tells which kind the hosts show.
        let contextPair = builder.makeSwitchTarget(mode: .context).map { LayoutSwitchPair(context, $0) }
        let fullPair = builder.makeSwitchTarget(mode: .full).map { LayoutSwitchPair(full, $0) }
        var onTarget = false
        let contextHost = CollectionViewHost(layout: context, viewportSize: viewport, counts: counts)
        let fullHost = CollectionViewHost(layout: full, viewportSize: viewport, counts: counts)
        contextHost.layoutIfNeeded()
        fullHost.layoutIfNeeded()
        let trace = ScrollTrace.make(kind, TraceParameters(
            contentSize: context.contentSize, viewport: viewport, rows: workload.rows, columns: workload.columns,
            frameRate: workload.frameRate, seed: seed, maximumFrames: traceFrames))
        for (index, original) in trace.events.enumerated() {
            var event = original
            if case let .jump(path) = event {
                event = .scroll(to: builder.jumpOffset(to: path, on: contextHost) ?? contextHost.contentOffset)
            }
            if case .switchLayout = event {
                guard let contextPair, let fullPair else {
                    fail("\(kind.rawValue) trace switches layouts, but the family has no switch target")
                    return failures
                }
                context = contextPair.other(than: context)
                onTarget.toggle()
                builder.apply(event, to: contextHost, switching: contextPair)
                builder.apply(event, to: fullHost, switching: fullPair)
            } else {
                builder.apply(event, to: contextHost)
                builder.apply(event, to: fullHost)
            }
            let report = contextHost.layoutIfNeeded()
            fullHost.layoutIfNeeded()
            if case .switchLayout = event, !report.layoutSwitched {
                fail("\(kind.rawValue) trace, frame \(index): the host did not report the switch")
            }
            let fresh = (onTarget ? builder.makeSwitchTarget(mode: .context) : nil) ?? builder.makeLayout(mode: .context)
            let freshHost = CollectionViewHost(layout: fresh, viewportSize: contextHost.bounds.size,
                                               counts: contextHost.state.counts)
            freshHost.setContentOffset(contextHost.contentOffset)
            freshHost.layoutIfNeeded()
            let shown = shownElements(context, contextHost, &observer)
            let bounds = contextHost.bounds
            let place = "\(kind.rawValue) trace, frame \(index) (\(original))"
            if context.contentSize != fresh.contentSize {
                fail("\(place): content size \(context.contentSize) in context mode, \(fresh.contentSize) fresh")
            }
            check(shownElements(fresh, freshHost, &observer), shown, rect: bounds,
                  "\(place): context mode differs from a fresh layout")
            check(shownElements(full, fullHost, &observer), shown, rect: bounds,
                  "\(place): context mode differs from full invalidation")
            check(observed(bruteForceFilter(allAttributes(of: context, counts: contextHost.state.counts), in: bounds,
                                            contract: context.rectContract), of: context),
                  shown, rect: bounds, "\(place): the visible set differs from the brute-force filter",
                  reference: { context.ownAttributes(of: $0) })
            if failures.count >= maximumFailures { return failures }
        }
    }

    // Batch updates, every strategy against fresh builds and against full.
    failures += checkLayoutFamilyUpdates(workload, seed: seed, viewport: viewport, batches: updateBatches,
                                         shape: updateShape, maximumFailures: maximumFailures - failures.count,
                                         policy: policy)
    if failures.count >= maximumFailures { return failures }

    // Self-sizing, for a family that declares it: every strategy against fresh builds told the fitted sizes. The
    // estimate replaces the size distribution and the self-sizing layouts keep no per-storage attributes, so the
    // check runs once per shape: for uniform sizes in the family's first storage.
    if workload.sizes == .uniform && workload.storage == family.storages.first {
        failures += checkLayoutFamilySelfSizing(workload, seed: seed, maximumFailures: maximumFailures - failures.count,
                                                policy: policy)
        if failures.count >= maximumFailures { return failures }
    }

    #if !DEBUG
    // A steady-state scroll frame in context mode allocates nothing.
    if Jemalloc.isActive {
        let steady = builder.makeLayout(mode: .context)
        let steadyHost = builder.makeHost(steady)
        let offsets = builder.traceOffsets(contentSize: { steadyHost.layoutIfNeeded(); return steady.contentSize }())
        for offset in offsets.prefix(workload.framesPerTurn) {
            steadyHost.setContentOffset(offset)
            steadyHost.layoutIfNeeded()
        }
        steadyHost.setContentOffset(.zero)
        steadyHost.layoutIfNeeded()
        for (index, offset) in offsets.prefix(CountingRules.frames).enumerated() {
            guard let delta = try? AllocationCounter.measure({ () -> FrameReport in
                steadyHost.setContentOffset(offset)
                return steadyHost.layoutIfNeeded()
            }).allocations.get() else { break }
            if delta.allocatedBytes != 0 {
                fail("steady-state context frame \(index) allocated \(delta.allocatedBytes) bytes")
                break
            }
        }
    }
    #endif
    return failures
}

/// `elements` (a brute-force filter's answer) with the appearances `layout`'s per-element calls give them, for a layout
/// that reports appearances (``Layouts/AppearanceReportingLayout``); plain otherwise. Sorted.
func observed(_ elements: [LayoutAttributes], of layout: any MeasuredLayout) -> [ObservedElement] {
    guard let reporting = layout as? any AppearanceReportingLayout else { return ObservedElement.plain(elements) }
    return elements.map { ObservedElement($0, appearance: reporting.appearance(of: $0) ?? .plain) }.sorted()
}

/// What `host` shows of `layout`: its visible set, with appearances (the bounds asked again through the active
/// variant) for a layout that reports them. Sorted.
func shownElements(_ layout: any MeasuredLayout, _ host: CollectionViewHost, _ observer: inout ElementObserver)
    -> [ObservedElement]
{
    guard layout is any AppearanceReportingLayout else { return ObservedElement.plain(host.visibleAttributes) }
    return observer.observe(layout, in: host.bounds, using: layout.activeVariant)
}
