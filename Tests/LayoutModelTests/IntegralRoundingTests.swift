import LayoutModel
import Testing

/// `integralFloor` and `integralCeiling`, which `Rect.integral` uses instead of libm's `floor` and `ceil`: bit for
/// bit the same as `rounded(.down)` and `rounded(.up)`, signed zeros, NaN and the ends of the range included.
@Suite("Rounding without libm")
struct IntegralRoundingTests {
    static let special: [Double] = [
        0, -0.0, 0.5, -0.5, 1, -1, 1.5, -1.5, 2.5, -2.5, 0.1, -0.1, 1.0 / 3, -1.0 / 3, 0x1p-1074, -0x1p-1074,
        0x1p52 - 0.5, -(0x1p52 - 0.5), 0x1p52, -0x1p52, 0x1p52 + 1, 0x1p53, -0x1p63, 0x1p63, 1e300, -1e300,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan,
        4503599627370495.5, -4503599627370495.5, 123456.789, -123456.789,
    ]

    static func same(_ a: Double, _ b: Double) -> Bool { a.isNaN ? b.isNaN : a.bitPattern == b.bitPattern }

    @Test("special values")
    func specialValues() {
        for v in Self.special {
            #expect(Self.same(v.integralFloor, v.rounded(.down)), "floor(\(v))")
            #expect(Self.same(v.integralCeiling, v.rounded(.up)), "ceil(\(v))")
        }
    }

    @Test("every multiple of 1/6 from -50 to 50, and seeded doubles of every magnitude")
    func sweep() {
        for n in -300...300 {
            let v = Double(n) / 6
            #expect(Self.same(v.integralFloor, v.rounded(.down)) && Self.same(v.integralCeiling, v.rounded(.up)),
                    "\(v)")
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let v = Double(bitPattern: state)
            if !(Self.same(v.integralFloor, v.rounded(.down)) && Self.same(v.integralCeiling, v.rounded(.up))) {
                Issue.record("\(v) (bits \(state))")
                return
            }
        }
    }
}
