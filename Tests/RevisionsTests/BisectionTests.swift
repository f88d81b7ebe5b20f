import Testing
@testable import Revisions

@Suite("Bisection (the search alone)")
struct BisectionTests {
    /// A history of 64 commits: the good one (0) and 63 after it, the last one bad; the change is at `culprit`.
    @Test("on 64 commits it finds every culprit exactly, in ⌈log2 64⌉ + 1 measurements or fewer counting the good one",
          arguments: 1...63)
    func exact(culprit: Int) {
        var asked: [Int] = []
        let outcome = Bisection(count: 63).run { index in
            asked.append(index)
            return index >= culprit ? .new : .old
        }
        #expect(outcome.exact && !outcome.inconclusive && !outcome.badIsOld)
        #expect(outcome.firstNew == culprit && outcome.lastOld == culprit - 1)
        #expect(Set(asked).count == asked.count, "no commit is asked about twice")
        // The good commit is measured too: 1 + 6 = 7 = ⌈log2 64⌉ + 1. Only when the culprit is the bad commit itself
        // is it measured as well, to confirm it.
        #expect(asked.count + 1 <= (culprit == 63 ? 8 : 7))
    }

    @Test("a commit that does not build is skipped for a neighbour; the culprit is still exact when it builds")
    func skip() {
        let outcome = Bisection(count: 63).run { index in
            if index == 32 || index == 31 { return .skip("error: broken") }
            return index >= 40 ? .new : .old
        }
        #expect(outcome.exact && outcome.firstNew == 40)
        #expect(!outcome.skipped.isEmpty && Set(outcome.skipped.keys).isSubset(of: [31, 32]))
    }

    @Test("when the commits next to the change do not build, the answer is the range, not a guess")
    func skippedCulprit() {
        let outcome = Bisection(count: 63).run { index in
            if (20...22).contains(index) { return .skip("broken") }
            return index >= 21 ? .new : .old
        }
        #expect(!outcome.exact)
        #expect(outcome.lastOld == 19 && outcome.firstNew == 23)
    }

    @Test("an inconclusive measurement stops the search with the open range")
    func inconclusive() {
        var asked = 0
        let outcome = Bisection(count: 63).run { index in
            asked += 1
            return asked == 3 ? .inconclusive : index >= 50 ? .new : .old
        }
        #expect(outcome.inconclusive && !outcome.exact)
        #expect(outcome.lastOld < 50 && outcome.firstNew >= 50)
    }

    @Test("a bad commit that is not new is reported as such; a range of one commit costs one measurement")
    func badIsOld() {
        let outcome = Bisection(count: 10).run { _ in .old }
        #expect(outcome.badIsOld && !outcome.exact && outcome.asked.last == 10)
        let one = Bisection(count: 1).run { _ in .new }
        #expect(one.exact && one.firstNew == 1 && one.asked == [1])
    }
}
