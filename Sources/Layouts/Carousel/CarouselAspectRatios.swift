/// The carousel's per-item aspect-ratio provider (width over height): what the app's data source knows of each
/// photo. A pure function of the item's index, so a carousel of 10^8 items stores nothing per item.
public enum CarouselAspectRatios: Sendable {
    /// Every item square: the current item 300 x 300 and the others 200 x 200.
    case square
    /// A seeded photo ratio per item (1:1, 4:3, 3:4, 3:2, 2:3, 16:9, 9:16 or 1:1): the top three bits of a
    /// SplitMix64 hash of the seed and the index.
    case seeded(UInt64)
    /// The app's own ratios; each must be finite and positive.
    case custom(@Sendable (Int) -> Double)

    /// The aspect ratio (width / height) of the item at flat index `index`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    public func ratio(ofItem index: Int) -> Double {
        switch self {
        case .square: return 1
        case .seeded(let seed):
            let hash = Self.mix(seed ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15))
            return Self.photoRatio(Int(truncatingIfNeeded: hash >> 61))
        case .custom(let provider): return provider(index)
        }
    }

    /// The `index`-th of the eight seeded photo ratios.
    @inline(__always)
    static func photoRatio(_ index: Int) -> Double {
        switch index {
        case 1: 4.0 / 3
        case 2: 3.0 / 4
        case 3: 3.0 / 2
        case 4: 2.0 / 3
        case 5: 16.0 / 9
        case 6: 9.0 / 16
        default: 1
        }
    }

    /// SplitMix64's finaliser: a bijective mix of 64 bits.
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
