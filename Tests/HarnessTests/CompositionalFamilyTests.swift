import Foundation
import LayoutBenchTestSupport
import LayoutModel
import Layouts
import Measurement
import Sampling
import Testing

@testable import Scenarios
@testable import Harness
import Verification

/// The compositional family as suite files, the catalog, the conformance checker and the runner see it.
@Suite("Compositional family")
struct CompositionalFamilyTests {
    static func decode(_ json: String) throws -> AnyLayoutFamily {
        try JSONDecoder().decode(AnyLayoutFamily.self, from: Data(json.utf8))
    }

    @Test("a suite file's layout object decodes, missing keys at their defaults, and round-trips")
    func decoding() throws {
        let decoded = try Self.decode(#"{"name": "compositional", "preset": "mixed", "footerHeight": 20}"#)
        let family = try #require(decoded.as(CompositionalFamily.self))
        #expect(family.preset == .mixed && family.pinHeaders && family.headerHeight == 40 && !family.pinFooters)
        #expect(decoded.idComponent == "compositional-mixed-hd40p-ft20")
        #expect(try JSONDecoder().decode(AnyLayoutFamily.self, from: JSONEncoder().encode(decoded)) == decoded)
        #expect(throws: DecodingError.self) { try Self.decode(#"{"name": "compositional", "preset": "list"}"#) }
        #expect(throws: DecodingError.self) { try Self.decode(#"{"name": "compositional", "pinHeader": true}"#) }
        #expect(LayoutCatalog.builtIn.family(named: "compositional") != nil)
    }

    @Test("the family refuses what it cannot lay out, and other families refuse the layout-switch trace")
    func problems() {
        let content = ContentSpec(sections: 10, itemsPerSection: 10)
        #expect(CompositionalFamily(headerHeight: -1).problem(for: content)?.contains("headerHeight") == true)
        #expect(CompositionalFamily().problem(for: ContentSpec(sections: 10, itemsPerSection: 10, sizes: .perCell))?
            .contains("uniform sizes") == true)
        let flow = WorkloadSpec(rows: 10, columns: 10, layout: AnyLayoutFamily(FlowFamily()), trace: .layoutSwitch)
        #expect(flow.problem?.contains("has no layout to switch to") == true)
        let grid = WorkloadSpec(rows: 10, columns: 10, layout: AnyLayoutFamily(CompositionalFamily()),
                                trace: .layoutSwitch)
        #expect(grid.problem == nil)
        #expect(CompositionalPreset.allCases.allSatisfy { $0.switched.switched == $0 && $0.switched != $0 })
    }

    @Test("badges: a suite file's key, named in the id, and the layout's provider is a plain one without them")
    func badges() throws {
        let decoded = try Self.decode(#"{"name": "compositional", "badges": "both"}"#)
        let family = try #require(decoded.as(CompositionalFamily.self))
        #expect(family.badges == .both && decoded.idComponent == "compositional-grid-hd40p-ft0-badgeboth")
        #expect(throws: DecodingError.self) { try Self.decode(#"{"name": "compositional", "badges": "corner"}"#) }
        let content = ContentSpec(sections: 3, itemsPerSection: 4)
        #expect(!(CompositionalFamily().provider(.grid, seed: content.seed) is any CompositionalBadgingProvider))
        #expect(family.provider(.grid, seed: content.seed) is any CompositionalBadgingProvider)
        #expect(CompositionalFamily.badges(.item).group.isEmpty && CompositionalFamily.badges(.group).perSlot.isEmpty)
    }

    @Test("carousels: seeded, named in the id, refused outside 0...1")
    func carousels() {
        var family = CompositionalFamily()
        #expect(!family.hasCarousels && !family.idComponent.contains("orth"))
        family.orthogonal = .paging
        family.orthogonalFraction = 0.25
        #expect(family.idComponent == "compositional-grid-hd40p-ft0-orthpaging0.25")
        let content = ContentSpec(sections: 400, itemsPerSection: 10)
        #expect(family.problem(for: content) == nil)
        let spans = (family.makeLayout(for: content, storage: .compact) as? any OrthogonalScrollingLayout)
        let host = CollectionViewHost(layout: family.makeLayout(for: content, storage: .compact),
                                      viewportSize: Size(width: 390, height: 844), counts: content.itemCounts)
        host.layoutIfNeeded()
        let sections = (host.layout as? any OrthogonalScrollingLayout)?.orthogonalSections() ?? []
        // About a quarter of 400 sections, the same for the same seed.
        #expect(spans != nil && sections.count > 70 && sections.count < 130)
        #expect(sections.allSatisfy { $0.rule.behavior == .paging })
        family.orthogonalFraction = 1.5
        #expect(family.problem(for: content)?.contains("orthogonalFraction") == true)
    }

    @Test("the estimate is per section, honest against the prepared layout, and independent of the item count")
    func estimate() {
        let small = ContentSpec(sections: 1000, itemsPerSection: 10)
        let large = ContentSpec(sections: 1000, itemsPerSection: 10_000)
        let family = CompositionalFamily()
        #expect(family.estimatedBytes(for: small, storage: .compact) == family.estimatedBytes(for: large, storage: .compact))
        let layout = family.makeLayout(for: large, storage: .compact)
        let host = CollectionViewHost(layout: layout, viewportSize: Size(width: 390, height: 844),
                                      counts: large.itemCounts)
        host.layoutIfNeeded()
        #expect(layout.attributeBytes <= family.estimatedBytes(for: large, storage: .compact))
    }

    /// The presets and options: every preset, headers pinned or not or absent, footers pinned or not, uniform and
    /// varied counts (empty sections included).
    static let combinations: [WorkloadSpec] = {
        var result: [WorkloadSpec] = []
        for preset in CompositionalPreset.allCases {
            for (pinHeaders, header, footer, pinFooters) in [(true, 40.0, 0.0, false), (false, 40.0, 20.0, false),
                                                             (true, 40.0, 20.0, true), (false, 0.0, 0.0, false)] {
                for counts in CountDistribution.allCases {
                    let family = CompositionalFamily(preset: preset, pinHeaders: pinHeaders, headerHeight: header,
                                                     footerHeight: footer, pinFooters: pinFooters)
                    result.append(WorkloadSpec(rows: 12, columns: 9, counts: counts, layout: AnyLayoutFamily(family)))
                }
            }
        }
        // Carousels between the presets' sections, in every behaviour.
        for (index, behavior) in CompositionalOrthogonalBehavior.allCases.enumerated() where behavior != .none {
            var family = CompositionalFamily(preset: index % 2 == 0 ? .grid : .mixed, footerHeight: 20)
            family.orthogonal = behavior
            family.orthogonalFraction = 0.5
            result.append(WorkloadSpec(rows: 12, columns: 9, counts: .varied, layout: AnyLayoutFamily(family)))
        }
        // Section backgrounds (D1-D4): with pinned headers and footers, and between carousels.
        var backgrounds = CompositionalFamily(preset: .mixed, footerHeight: 20, pinFooters: true)
        backgrounds.decorations = .background
        result.append(WorkloadSpec(rows: 12, columns: 9, counts: .varied, layout: AnyLayoutFamily(backgrounds)))
        backgrounds.orthogonal = .groupPaging
        backgrounds.orthogonalFraction = 0.5
        result.append(WorkloadSpec(rows: 12, columns: 9, counts: .varied, layout: AnyLayoutFamily(backgrounds)))
        // Item and group badges (B1-B7): on the presets, and on carousels with backgrounds.
        var badged = CompositionalFamily(preset: .mixed, footerHeight: 20, pinFooters: true)
        badged.badges = .both
        result.append(WorkloadSpec(rows: 12, columns: 9, counts: .varied, layout: AnyLayoutFamily(badged)))
        backgrounds.badges = .item
        result.append(WorkloadSpec(rows: 12, columns: 9, counts: .varied, layout: AnyLayoutFamily(backgrounds)))
        // Layout-wide header and footer (G1-G6): pinned header over pinned section headers, a pinned footer, and
        // between carousels with backgrounds and badges.
        var global = CompositionalFamily(preset: .mixed, footerHeight: 20)
        global.layoutHeaderHeight = 60
        global.pinLayoutHeader = true
        global.layoutFooterHeight = 30
        result.append(WorkloadSpec(rows: 12, columns: 9, counts: .varied, layout: AnyLayoutFamily(global)))
        global.pinLayoutHeader = false
        global.pinLayoutFooter = true
        result.append(WorkloadSpec(rows: 12, columns: 9, counts: .varied, layout: AnyLayoutFamily(global)))
        backgrounds.layoutHeaderHeight = 50
        backgrounds.pinLayoutHeader = true
        result.append(WorkloadSpec(rows: 12, columns: 9, counts: .varied, layout: AnyLayoutFamily(backgrounds)))
        // Self-sizing content's headers and footers `.estimated`, fitted from their views (E8): the self-sizing
        // checker fits them.
        var estimated = CompositionalFamily(preset: .mixed, footerHeight: 20, pinFooters: true)
        estimated.estimatedBoundaries = true
        result.append(WorkloadSpec(rows: 12, columns: 9, counts: .varied, layout: AnyLayoutFamily(estimated)))
        // An estimated layout-wide header (pinned) and footer (G7): the self-sizing checker fits them.
        estimated.layoutHeaderHeight = 44
        estimated.pinLayoutHeader = true
        estimated.layoutFooterHeight = 30
        estimated.estimatedLayoutBoundary = true
        result.append(WorkloadSpec(rows: 12, columns: 9, counts: .varied, layout: AnyLayoutFamily(estimated)))
        return result
    }()

    @Test("every preset and option conforms, a layout switch included", arguments: combinations)
    func conformance(workload: WorkloadSpec) {
        let failures = checkLayoutFamily(workload, seed: 7, rects: 40, traces: [.mixed, .resize, .layoutSwitch],
                                         traceFrames: 45)
        #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
    }

    @Test("a layout-wide header and footer: named in the id, only the full strategy without self-sizing, and verify and verify invalidation pass with them pinned",
          arguments: [(true, false), (false, true)])
    func layoutBoundary(pinHeader: Bool, pinFooter: Bool) throws {
        var family = CompositionalFamily(preset: .mixed, footerHeight: 20)
        family.layoutHeaderHeight = 60
        family.layoutFooterHeight = 30
        family.pinLayoutHeader = pinHeader
        family.pinLayoutFooter = pinFooter
        #expect(family.idComponent.hasSuffix("-lh60\(pinHeader ? "p" : "")-lf30\(pinFooter ? "p" : "")"))
        let content = ContentSpec(sections: 40, itemsPerSection: 30)
        #expect(family.updateStrategies(for: content) == [.full])
        // Self-sizing content: both self-sizing strategies lay them out (G7).
        var selfSizing = content
        selfSizing.selfSizing = SelfSizingSpec()
        #expect(family.supportsSelfSizing(for: selfSizing))
        #expect(family.updateStrategies(for: selfSizing) == [.full, .incremental])
        #expect(CompositionalFamily().updateStrategies(for: content) == [.full, .incremental])
        let workload = WorkloadSpec(rows: 40, columns: 30, counts: .varied, layout: AnyLayoutFamily(family))
        let incremental = WorkloadSpec(rows: 40, columns: 30, layout: AnyLayoutFamily(family), trace: .edits,
                                       updates: .incremental)
        #expect(incremental.problem?.contains("does not offer the incremental update strategy") == true)
        let report = try InvalidationVerification(
            workload: workload, seed: 5, viewport: Size(width: 390, height: 844), traceKind: .mixed,
            frames: 120).run()
        #expect(report.checkedFrames == 120)
        #expect(report.passed, "\(report.firstMismatch ?? "") \(report.firstAccountingViolation ?? "")")
        let queries = try QueryVerification(workload: workload, seed: 5, viewport: Size(width: 390, height: 844),
                                            queryCount: 200).run()
        #expect(queries.passed, "\(queries.rows.compactMap(\.firstMismatch).first ?? "")")
    }

    @Test("verify invalidation takes the layout-switch trace, and refuses it for a family with no switch target")
    func verifyInvalidation() throws {
        let workload = WorkloadSpec(rows: 40, columns: 30, counts: .varied,
                                    layout: AnyLayoutFamily(CompositionalFamily(preset: .mixed, footerHeight: 20)))
        let report = try InvalidationVerification(
            workload: workload, seed: 5, viewport: Size(width: 390, height: 844), traceKind: .layoutSwitch,
            frames: 120).run()
        #expect(report.checkedFrames == 120)
        #expect(report.passed, "\(report.firstMismatch ?? "") \(report.firstAccountingViolation ?? "")")
        let grid = WorkloadSpec(rows: 10, columns: 10)
        #expect(throws: InvalidationVerification.Failure.self) {
            try InvalidationVerification(workload: grid, seed: 5, viewport: Size(width: 390, height: 844),
                                         traceKind: .layoutSwitch, frames: 30).run()
        }
    }

    @Test("a layout-switch workload measures its switch frames apart; scroll frames recompute only pinned headers")
    func switchMetrics() throws {
        let workload = WorkloadSpec(rows: 50, columns: 40, layout: AnyLayoutFamily(CompositionalFamily()),
                                    trace: .layoutSwitch, traceFrames: 90)
        let runner = WorkloadRunner(workload: workload, seed: 3, deterministicOnly: true,
                                    measureAllocations: Jemalloc.isActive)
        guard case let .measured(results) = runner.run() else {
            Issue.record("the workload was not measured")
            return
        }
        #expect(results.count == 4)
        let context = try #require(results.first { $0.id == workload.scenarioID(variant: "indexed", invalidation: .context) })
        // A switch prepares the other layout in full: 2000 items and 50 headers.
        #expect(context.metrics["switch.recomputedElements"]?.min == 2050)
        // 60 measured scroll frames; every twentieth event is a switch.
        #expect(context.metrics["switch.recomputedElements"]?.count == 3)
        #expect(try #require(context.metrics["switch.visibleChanges"]).max > 0)
        // A scroll frame re-pins at most the two headers a phone's bounds can hold.
        #expect(try #require(context.metrics["frame.recomputedElements"]).max <= 2)
        if Jemalloc.isActive { #expect(context.metrics["switch.allocations"] != nil) }
        #if !DEBUG
        // Optimised, nothing allocates in steady state: not a scroll, not a full rebuild, not a switch.
        if Jemalloc.isActive {
            let full = try #require(results.first {
                $0.id == workload.scenarioID(variant: "indexed", invalidation: .full)
            })
            #expect(context.metrics["frame.allocatedBytes"]?.max == 0)
            #expect(full.metrics["frame.allocatedBytes"]?.max == 0)
            #expect(context.metrics["switch.allocatedBytes"]?.max == 0)
        }
        #endif
        let timed = WorkloadRunner(workload: WorkloadSpec(
            rows: 20, columns: 20, layout: AnyLayoutFamily(CompositionalFamily()), trace: .layoutSwitch,
            traceFrames: 60, variants: ["indexed"], invalidations: [.context],
            queryPolicy: SamplingPolicy(minimumSamples: 2, maximumSamples: 2, timeBudgetNanoseconds: 1_000_000),
            framePolicy: SamplingPolicy(minimumSamples: 60, maximumSamples: 60, timeBudgetNanoseconds: 50_000_000,
                                        targetRelativeError: 0, warmupOperations: 0)),
            seed: 3, deterministicOnly: false, measureAllocations: false)
        guard case let .measured(timedResults) = timed.run(), let first = timedResults.first else {
            Issue.record("the timed workload was not measured")
            return
        }
        #expect(first.metrics["switch.time"] != nil && first.metrics["frame.time"] != nil)
        #expect((first.metrics["switch.time"]?.count ?? 0) + (first.metrics["frame.time"]?.count ?? 0) >= 60)
    }
}
