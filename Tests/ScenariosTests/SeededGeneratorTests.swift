import Testing

@testable import Scenarios
import SeededRandom

@Suite("SeededGenerator")
struct SeededGeneratorTests {
    @Test("the same seed gives the same sequence; different seeds differ")
    func determinism() {
        var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42), c = SeededGenerator(seed: 43)
        let sa = (0..<100).map { _ in a.next() }
        let sb = (0..<100).map { _ in b.next() }
        let sc = (0..<100).map { _ in c.next() }
        #expect(sa == sb)
        #expect(sa != sc)
        #expect(Set(sa).count == 100)
    }

    @Test("the sequence is fixed across releases (xoshiro256** seeded by SplitMix64)")
    func knownValues() {
        // SplitMix64 from state 0: the published first output.
        var sm = SplitMix64(state: 0)
        #expect(sm.next() == 0xE220_A839_7B1D_CDAF)
        var g = SeededGenerator(seed: 0)
        let first = g.next()
        var again = SeededGenerator(seed: 0)
        #expect(again.next() == first)
    }
}
