import SeededRandom
/// The seeded draws a trace generator makes, built on ``SeededGenerator`` alone.
///
/// The conversions are written out rather than taken from `Double.random(in:using:)`, whose algorithm the standard
/// library does not promise to keep, so a trace stays the same bit for bit across toolchains.
struct _TraceRandom {
    private var generator: SeededGenerator

    /// Creates the draws for `seed`, salted so that traces do not share a stream with other seeded workloads.
    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed ^ 0x5363_726F_6C6C_5472)
    }

    /// A double in [0, 1), from the top 53 bits.
    mutating func unit() -> Double { Double(generator.next() >> 11) * 0x1p-53 }

    /// A double in `range`.
    mutating func double(in range: ClosedRange<Double>) -> Double {
        Swift.min(range.upperBound, range.lowerBound + (range.upperBound - range.lowerBound) * unit())
    }

    /// An integer in `range`, by multiplying 64 random bits by the range's size and keeping the high word.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(generator.next().multipliedFullWidth(by: span).high)
    }

    /// `true` with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    /// +1 or −1, evenly.
    mutating func sign() -> Double { generator.next() >> 63 == 0 ? 1 : -1 }

    /// `values` in a seeded order (Fisher–Yates).
    mutating func shuffled<T>(_ values: [T]) -> [T] {
        var result = values
        for i in stride(from: result.count - 1, to: 0, by: -1) {
            result.swapAt(i, int(in: 0...i))
        }
        return result
    }
}
