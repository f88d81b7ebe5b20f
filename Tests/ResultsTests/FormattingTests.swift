@testable import Results
import Testing

/// Issue 29, defect 1: `format` converted with `Int(rounded / scale)`, which traps at 2^63, so a results file with a
/// metric of 1e20 crashed `report`, `compare` and `gate`. Every formatter now takes any `Double`.
@Suite("Formatting: every figure prints, none traps")
struct FormattingTests {
    /// Values at every edge: zeros, subnormals, the last exact integers, Int's limits, huge and non-finite values.
    static let extremes: [Double] = [
        0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, 0.5, 1.5, -2.5,
        9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_993, 1e15, 1e16 + 0.5,
        9.223372036854775807e18, -9.223372036854775808e18, 1e19, 1e20, -1e20, 1e100, 1e307, 1e308,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .nan, .infinity, -.infinity,
    ]

    @Test("format, formatScientific and formatWhole give text for every extreme value and decimals 0 to 20")
    func neverTraps() {
        for value in Self.extremes {
            for decimals in -1...20 {
                #expect(!format(value, decimals: decimals).isEmpty)
                #expect(!formatScientific(value, significantDecimals: decimals).isEmpty)
            }
            #expect(!formatWhole(value).isEmpty)
            #expect(!formatDuration(nanoseconds: value).isEmpty)
            #expect(!formatRatio(value).isEmpty)
            #expect(!formatNumber(value).isEmpty)
            #expect(!formatFigure(value, unit: "calls").isEmpty)
            #expect(!formatCount(value).isEmpty)
            for other in Self.extremes {
                #expect(!formatChange(value, other, unit: "instructions").isEmpty)
                #expect(!formatDelta(value, other).isEmpty)
                let (a, b) = formatNumbers(value, other)
                #expect(!a.isEmpty && !b.isEmpty)
            }
        }
    }

    @Test("fixed point up to 2^53, exactly as before", arguments: [
        (1.234, 2, "1.23"), (1.235, 0, "1"), (-0.004, 2, "0.00"), (-0.006, 2, "-0.01"), (0.05, 3, "0.050"),
        (123_456.5, 0, "123457"), (9_007_199_254_740_991, 0, "9007199254740991"), (1e15, 2, "1000000000000000"),
    ])
    func fixedPoint(value: Double, decimals: Int, expected: String) {
        #expect(format(value, decimals: decimals) == expected)
    }

    @Test("decimals are dropped where 10^decimals times the value would pass 2^53")
    func droppedDecimals() {
        #expect(format(1e14, decimals: 3) == "100000000000000.0")
        #expect(format(123_456.789, decimals: 12) == "123456.7890000000")
    }

    @Test("2^53 and above in scientific notation", arguments: [
        (1e20, 2, "1.00e20"), (-1e20, 2, "-1.00e20"), (9.223372036854775807e18, 0, "9.22e18"),
        (.greatestFiniteMagnitude, 2, "1.80e308"), (9_007_199_254_740_992, 3, "9.007e15"),
    ])
    func scientific(value: Double, decimals: Int, expected: String) {
        #expect(format(value, decimals: decimals) == expected)
    }

    @Test("scientific notation rounds the mantissa into [1, 10)")
    func mantissa() {
        #expect(formatScientific(9.996e6, significantDecimals: 2) == "1.00e7")
        #expect(formatScientific(-2.5e-7, significantDecimals: 1) == "-2.5e-7")
        #expect(formatScientific(5e-324, significantDecimals: 1) == "4.9e-324")
        #expect(formatScientific(0, significantDecimals: 2) == "0")
        #expect(formatCount(9.96e6) == "1.0e7")
        #expect(formatRatio(1.23e5) == "1.2e5x")
    }

    @Test("tables and comparisons of a 1e20 metric")
    func hugeMetric() {
        #expect(formatFigure(1e20, unit: "calls") == "1.00e20 calls")
        #expect(formatDuration(nanoseconds: 1e20) == "100000000000.00 s")
        #expect(formatChange(1e20, 2e20, unit: "") == "1.00e20 → 2.00e20 (+1.00e20, +100 %)")
        #expect(formatChange(-.greatestFiniteMagnitude, .greatestFiniteMagnitude, unit: "").hasPrefix("-1.80e308 → 1.80e308"))
    }
}
