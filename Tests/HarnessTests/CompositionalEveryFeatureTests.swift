import LayoutBenchTestSupport
import LayoutModel
import Layouts
import Scenarios
import Testing
import Verification

/// Every feature of the compositional family at once over self-sizing content (issue 38: "every native strategy
/// agrees with its reference over seeded content with every feature mixed"): carousels (`groupPaging` or
/// `continuous`, 30% of the sections), section backgrounds, item and group badges, pinned `.estimated` headers and an
/// `.estimated` footer fitted from their views (E8), a layout-wide `.estimated` header and footer (G7), one pinned
/// and one not, and a grid whose rows are uniform across siblings (E7). Each feature has its own test; this one
/// mixes them, through the harness's three checks and the conformance checker.
@Suite("Compositional, every feature at once")
struct CompositionalEveryFeatureTests {
    /// The family with every option on: carousels scrolling `orthogonal`, the layout-wide header pinned when
    /// `pinLayoutHeader`, the footer pinned when not.
    static func family(_ orthogonal: CompositionalOrthogonalBehavior, pinLayoutHeader: Bool) -> CompositionalFamily {
        var family = CompositionalFamily(preset: .mixed, pinHeaders: true, headerHeight: 40, footerHeight: 30)
        (family.orthogonal, family.orthogonalFraction) = (orthogonal, 0.3)
        family.decorations = .background
        family.badges = .both
        family.estimatedBoundaries = true
        (family.layoutHeaderHeight, family.layoutFooterHeight) = (44, 30)
        (family.pinLayoutHeader, family.pinLayoutFooter) = (pinLayoutHeader, !pinLayoutHeader)
        family.estimatedLayoutBoundary = true
        family.uniformRows = true
        return family
    }

    static let shapes: [(CompositionalOrthogonalBehavior, Bool)] = [(.groupPaging, true), (.continuous, false)]

    static func workload(_ family: CompositionalFamily, itemsPerLine: Int, strategy: UpdateStrategy = .full,
                         trace: ScrollTraceKind = .selfSizing, invalidations: [InvalidationMode] = [.context])
        -> WorkloadSpec
    {
        WorkloadSpec(rows: 20, columns: 30, layout: AnyLayoutFamily(family), trace: trace, traceFrames: 120,
                     variants: [CompositionalQueryVariants.indexed.name], invalidations: invalidations,
                     updates: strategy, selfSizing: SelfSizingSpec(itemsPerLine: itemsPerLine, fittingCost: 0))
    }

    @Test("every option is on and named in the id")
    func everyOption() {
        let family = Self.family(.groupPaging, pinLayoutHeader: true)
        #expect(family.idComponent == "compositional-mixed-hd40p-ft30-orthgroupPaging0.3-bg-badgeboth-lh44p-lf30"
                + "-uniform-estbd-estlb")
        #expect(family.hasCarousels && family.hasLayoutBoundary)
        var content = ContentSpec(sections: 20, itemsPerSection: 30)
        content.selfSizing = SelfSizingSpec(itemsPerLine: 3, fittingCost: 0)
        #expect(family.supportsSelfSizing(for: content))
        #expect(family.updateStrategies(for: content) == [.full, .incremental])
    }

    /// Both strategies against a fresh layout told the fitted sizes and against each other, every anchoring, a
    /// list and the uniform 3-across grid; under `top` and `bottom` no frame jumps.
    @Test("verify updates passes the self-sizing and rotate traces, every anchoring",
          arguments: [ScrollTraceKind.selfSizing, .rotate], [1, 3])
    func verifyUpdates(trace: ScrollTraceKind, itemsPerLine: Int) throws {
        for (orthogonal, pinned) in Self.shapes {
            let workload = Self.workload(Self.family(orthogonal, pinLayoutHeader: pinned), itemsPerLine: itemsPerLine,
                                         trace: trace)
            #expect(workload.problem == nil)
            let report = try UpdateVerification(workload: workload, seed: 3, traceKind: trace, frames: 120).run()
            #expect(report.runs.count == 2 * ScrollAnchoring.allCases.count)
            #expect(Set(report.runs.map(\.strategy)) == [.full, .incremental])
            for run in report.runs {
                #expect(run.passed, """
                    \(orthogonal) \(run.anchoring) \(run.strategy): \(run.firstFreshMismatch ?? "") \
                    \(run.firstFullMismatch ?? "")
                    """)
                #expect(run.checkedFrames == 120 && run.updateFrames > 0)
                if run.anchoring != .none { #expect(run.jumpMax == 0, "\(orthogonal) \(run.anchoring)") }
            }
        }
    }

    /// Full and context invalidation answer alike at every frame of the orthogonal trace (swipes inside the
    /// carousels while the view pans, cells fitting as they come on screen) and of the mixed trace, both strategies,
    /// both query variants; context lays out far fewer elements.
    @Test("verify invalidation passes the orthogonal and mixed traces, both strategies and variants",
          arguments: [ScrollTraceKind.orthogonal, .mixed], [UpdateStrategy.full, .incremental])
    func verifyInvalidation(trace: ScrollTraceKind, strategy: UpdateStrategy) throws {
        for (orthogonal, pinned) in Self.shapes {
            let workload = Self.workload(Self.family(orthogonal, pinLayoutHeader: pinned), itemsPerLine: 3,
                                         strategy: strategy, trace: trace, invalidations: [.context, .full])
            for variant in [CompositionalQueryVariants.naive, CompositionalQueryVariants.indexed] {
                let report = try InvalidationVerification(
                    workload: workload, seed: 9, viewport: Size(width: 390, height: 844), traceKind: trace,
                    frames: 150, variant: variant).run()
                #expect(report.checkedFrames == 150)
                #expect(report.passed, """
                    \(orthogonal) \(variant): \(report.firstMismatch ?? "") \(report.firstAccountingViolation ?? "")
                    """)
            }
        }
    }

    /// Every query variant against the reference over seeded rects.
    @Test("verify passes: every variant against the reference, both strategies",
          arguments: [UpdateStrategy.full, .incremental])
    func verifyQueries(strategy: UpdateStrategy) throws {
        for (orthogonal, pinned) in Self.shapes {
            let workload = Self.workload(Self.family(orthogonal, pinLayoutHeader: pinned), itemsPerLine: 3,
                                         strategy: strategy)
            let report = try QueryVerification(workload: workload, seed: 5, viewport: Size(width: 390, height: 844),
                                               queryCount: 200).run()
            #expect(report.passed, "\(orthogonal): \(report.rows.compactMap(\.firstMismatch).first ?? "")")
        }
    }

    /// The conformance checker (queries, traces, batch updates and the self-sizing traces of a list and a grid).
    @Test("the conformance checker passes", arguments: [0, 1])
    func conformance(shape: Int) {
        let (orthogonal, pinned) = Self.shapes[shape]
        let workload = WorkloadSpec(rows: 12, columns: 30, layout: AnyLayoutFamily(Self.family(orthogonal,
                                                                                            pinLayoutHeader: pinned)))
        let failures = checkLayoutFamily(workload, seed: 7, rects: 40, traces: [.mixed, .orthogonal],
                                         traceFrames: 45)
        #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
    }
}
