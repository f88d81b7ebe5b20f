import Foundation
import LayoutModel
import Testing

@testable import Scenarios

/// Every length a family takes (`--set` or a suite file's layout object) is bounded by
/// `LayoutLimits.maximumContentExtent`, so that no content size or query sweep over it can overflow.
@Suite("Family length limits")
struct FamilyLengthLimitTests {
    static func family(_ name: String, _ key: String, _ value: Double) throws -> AnyLayoutFamily {
        let json = try JSONSerialization.data(withJSONObject: ["name": name, key: value])
        return try JSONDecoder().decode(AnyLayoutFamily.self, from: json)
    }

    static let lengths: [(String, String)] = [
        ("flow", "spacing"), ("flow", "inset"), ("flow", "headerHeight"), ("flow", "footerHeight"),
        ("flow-left", "spacing"), ("global-header", "globalHeaderHeight"), ("global-header", "headerHeight"),
        ("compositional", "headerHeight"), ("compositional", "footerHeight"), ("carousel", "currentSide"),
        ("carousel", "otherSide"), ("carousel", "spacing"),
    ]

    @Test("a length beyond 1e15 points is refused in one line naming it", arguments: lengths, [1e20, 1e300, 2e15])
    func refused(length: (String, String), value: Double) throws {
        let (name, key) = length
        let workload = WorkloadSpec(rows: 1, columns: 1000, layout: try Self.family(name, key, value))
        let problem = try #require(workload.problem)
        #expect(problem.contains("\(key) must be"), "\(problem)")
        #expect(!problem.contains("\n"))
    }

    // The flow's inset has a tighter bound of its own: the room it leaves for items.
    @Test("100000 points is accepted", arguments: lengths.filter { $0.1 != "inset" })
    func largestAccepted(length: (String, String)) throws {
        let family = try Self.family(length.0, length.1, 100_000)
        #expect(family.base.problem(for: ContentSpec(sections: 1, itemsPerSection: 10)) == nil)
    }

    /// Found by the --set fuzzer (scripts/fuzz.sh): `flow` with `headerHeight=1e308` passed the checks, its content
    /// height overflowed to infinity and the query set's random offsets trapped.
    @Test("the fuzzer's input is refused before anything is built")
    func fuzzerInput() throws {
        let workload = WorkloadSpec(rows: 6, columns: 6, counts: .varied, sizes: .perCell,
                                    layout: try Self.family("flow", "headerHeight", 1e308))
        #expect(workload.problem?.contains("headerHeight must be from 0 to 1e15 points") == true)
    }
}
