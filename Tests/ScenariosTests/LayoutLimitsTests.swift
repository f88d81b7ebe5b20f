import Foundation
import LayoutModel
import Testing

@testable import Scenarios

/// Every built-in family bounds its parameters by what it can lay out (``LayoutLimits``), and the query set never
/// traps, whatever the content size.
@Suite("Layout limits")
struct LayoutLimitsTests {
    static let content = ContentSpec(sections: 100, itemsPerSection: 100)
    static let limit = LayoutLimits.maximumContentExtent

    /// Each family with one length parameter at `value`.
    static func families(_ value: Double) -> [(String, any LayoutFamily)] {
        [("flow spacing", FlowFamily(options: FlowOptions(spacing: value))),
         ("flow headerHeight", FlowFamily(options: FlowOptions(headerHeight: value))),
         ("flow footerHeight", FlowFamily(options: FlowOptions(footerHeight: value))),
         ("left-aligned flow spacing", LeftAlignedFlowFamily(options: FlowOptions(spacing: value))),
         ("global-header globalHeaderHeight", GlobalHeaderFamily(globalHeaderHeight: value)),
         ("global-header spacing", GlobalHeaderFamily(spacing: value)),
         ("compositional headerHeight", CompositionalFamily(headerHeight: value)),
         ("compositional footerHeight", CompositionalFamily(footerHeight: value)),
         ("carousel currentSide", CarouselFamily(currentSide: value)),
         ("carousel otherSide", CarouselFamily(otherSide: value)),
         ("carousel spacing", CarouselFamily(spacing: value))]
    }

    @Test("a length beyond the limit, infinite or NaN is refused, naming the parameter, the value and the range",
          arguments: [1e300, 1e308, Double.greatestFiniteMagnitude, .infinity, .nan, 2e15])
    func lengthOutOfRange(value: Double) {
        for (name, family) in Self.families(value) {
            let problem = family.problem(for: Self.content)
            #expect(problem?.contains(name) == true, "\(name) = \(value): \(problem ?? "accepted")")
            #expect(problem?.contains("1e15") == true, "\(name) = \(value): \(problem ?? "accepted")")
        }
    }

    @Test("lengths within the limit whose sum exceeds it are refused by the content's extent")
    func extentOverLimit() {
        let big = ContentSpec(sections: 10_000, itemsPerSection: 10_000)
        let spacing = FlowFamily(options: FlowOptions(spacing: 1e14)).problem(for: big)
        #expect(spacing?.contains("over the 1e15-point limit") == true, "\(spacing ?? "accepted")")
        let header = CompositionalFamily(headerHeight: 1e12).problem(for: big)
        #expect(header?.contains("over the 1e15-point limit") == true, "\(header ?? "accepted")")
        let carousel = CarouselFamily(otherSide: 5e14).problem(for: big)
        #expect(carousel?.contains("over the 1e15-point limit") == true, "\(carousel ?? "accepted")")
    }

    @Test("the defaults and large but reasonable values are accepted")
    func reasonableAccepted() {
        for (name, family) in Self.families(1000) {
            #expect(family.problem(for: Self.content) == nil, "\(name)")
        }
        let big = ContentSpec(sections: 10_000, itemsPerSection: 10_000)
        #expect(FlowFamily().problem(for: big) == nil)
        #expect(StickyGridFamily().problem(for: big) == nil)
    }

    @Test("a workload with an out-of-range parameter is refused by the workload's check, as run and verify use it")
    func workloadRefuses() {
        let workload = WorkloadSpec(rows: 10, columns: 10, layout: AnyLayoutFamily(FlowFamily(options: FlowOptions(
            spacing: 1e300))))
        #expect(workload.problem?.contains("spacing") == true)
    }

    @Test("the query set never traps on an infinite, NaN, negative or huge content size or viewport",
          arguments: [Double.infinity, .nan, -5, 1e308, .greatestFiniteMagnitude])
    func querySetBounded(side: Double) {
        for (content, viewport) in [(Size(width: side, height: side), Size(width: 390, height: 844)),
                                    (Size(width: 1000, height: 1000), Size(width: side, height: side))] {
            let set = QuerySet(contentSize: content, viewport: viewport, rows: 10, columns: 10) { row, column, _ in
                Rect(x: Double(column) * 100, y: Double(row) * 100, width: 100, height: 100)
            }
            let queries = set.make(count: 50, seed: 3)
            #expect(queries.count == 50)
            #expect(queries.map(\.category) == set.make(count: 50, seed: 3).map(\.category))
        }
    }
}
