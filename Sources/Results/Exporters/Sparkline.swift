#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line picture of a distribution for the terminal: a histogram of the samples in logarithmic bins from the
/// smallest to the largest, each bin one block character whose height is its share of the samples (`▁` for a few,
/// `█` for the most, a space for none).
public struct Sparkline: Hashable, Sendable {
    /// The block characters, from the lowest non-empty bin to the fullest.
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The characters.
    public var text: String

    /// The sparkline of `samples` (positive values) in `width` bins; `nil` with fewer than two positive samples.
    ///
    /// - Complexity: O(n) for n samples.
    public init?(_ samples: [Double], width: Int = 16) {
        let positive = samples.filter { $0 > 0 && $0.isFinite }
        guard positive.count >= 2, width >= 1, let low = positive.min(), let high = positive.max() else { return nil }
        var counts = [Int](repeating: 0, count: width)
        let span = log(high) - log(low)
        for sample in positive {
            let bin = span > 0 ? Int((log(sample) - log(low)) / span * Double(width)) : 0
            counts[Swift.min(Swift.max(bin, 0), width - 1)] += 1
        }
        let most = Double(counts.max() ?? 1)
        text = String(counts.map { count -> Character in
            guard count > 0 else { return " " }
            // Eight equal steps of the fullest bin's count: up to an eighth is ▁, above seven eighths is █.
            let level = Int((Double(count) / most * Double(Self.blocks.count)).rounded(.up)) - 1
            return Self.blocks[Swift.min(Swift.max(level, 0), Self.blocks.count - 1)]
        })
    }
}
