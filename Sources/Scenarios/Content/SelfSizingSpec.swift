import Foundation
import LayoutModel
import Layouts
import SeededRandom

/// Self-sizing content: the estimate a layout starts from (`estimatedItemSize`) and the sizes cells fit when they
/// come on screen, with what a fitting costs.
///
/// Fitted heights are text-like: a cell of 16 pt side padding and 23.5 pt vertical padding around lines of 20.5 pt,
/// holding a text whose length is long-tailed (a Pareto draw: most cells one or two lines, a few very long), wrapped
/// to the width offered, from 44 to 400 pt, on the 0.5 pt grid (Auto Layout rounds to pixels on a 2x screen). A
/// height is a function of the content seed, the item's identity and the width offered alone, so a narrower width
/// gives a taller (or equal) height, and a rotation changes every size.
public struct SelfSizingSpec: Hashable, Sendable, Codable {
    /// The estimate: items per line (1 is a list) and the estimated height.
    public var estimate: ItemSizeEstimate
    /// The cost of one fitting in work units (``SelfSizingFitting/burn(units:)``: one unit is one step of a dependent
    /// multiply-xorshift chain, about 1.2 ns here).
    public var fittingCost: Int

    /// The estimated height apps give a list cell: UITableView's default row height.
    public static let defaultEstimatedExtent = 44.0
    /// A fitting of a simple Auto Layout cell: 3000 units, about 3.7 µs here with the harness's timer.
    public static let defaultFittingCost = 3000
    /// The smallest and largest fitted heights.
    public static let fittedRange = 44.0...400.0
    /// The most work units a fitting may cost: 10^7, about 10 ms.
    public static let maximumFittingCost = 10_000_000
    /// The most items a line may hold.
    public static let maximumItemsPerLine = 64

    /// Creates a spec: `itemsPerLine` items a line of `estimatedExtent` estimated height, each fitting costing
    /// `fittingCost` units.
    public init(itemsPerLine: Int = 1, estimatedExtent: Double = SelfSizingSpec.defaultEstimatedExtent,
                fittingCost: Int = SelfSizingSpec.defaultFittingCost) {
        self.estimate = ItemSizeEstimate(itemsPerLine: itemsPerLine, extent: estimatedExtent)
        self.fittingCost = fittingCost
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case estimate, fittingCost }
    private enum EstimateKeys: String, CodingKey, CaseIterable { case itemsPerLine, extent }

    /// Decodes `{"estimate": {"itemsPerLine": …, "extent": …}, "fittingCost": …}`; a missing key keeps the default
    /// (a list estimated 44 pt high, 3000 units a fitting). A key neither object takes is refused, as a workload's
    /// and a policy's are, rather than ignored for the default.
    public init(from decoder: any Decoder) throws {
        try StrictKeys.check(try decoder.container(keyedBy: AnyCodingKey.self),
                             allowed: CodingKeys.allCases.map(\.rawValue), context: "selfSizing")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        if c.contains(.estimate) {
            let estimateDecoder = try c.superDecoder(forKey: .estimate)
            try StrictKeys.check(try estimateDecoder.container(keyedBy: AnyCodingKey.self),
                                 allowed: EstimateKeys.allCases.map(\.rawValue), context: "selfSizing.estimate")
            let e = try estimateDecoder.container(keyedBy: EstimateKeys.self)
            estimate = ItemSizeEstimate(
                itemsPerLine: try e.decodeIfPresent(Int.self, forKey: .itemsPerLine) ?? estimate.itemsPerLine,
                extent: try e.decodeIfPresent(Double.self, forKey: .extent) ?? estimate.extent)
        }
        fittingCost = try c.decodeIfPresent(Int.self, forKey: .fittingCost) ?? fittingCost
    }

    /// Encodes the estimate and the cost, the keys ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(estimate, forKey: .estimate)
        try c.encode(fittingCost, forKey: .fittingCost)
    }

    /// Why this spec cannot be used, in one line, or `nil`.
    public var problem: String? {
        if estimate.itemsPerLine < 1 || estimate.itemsPerLine > Self.maximumItemsPerLine {
            return "self-sizing items per line must be from 1 to \(Self.maximumItemsPerLine), got \(estimate.itemsPerLine)"
        }
        if !(estimate.extent.isFinite && estimate.extent >= 1 && estimate.extent <= 10_000) {
            return "the self-sizing estimate must be from 1 to 10000 points, got \(estimate.extent)"
        }
        if fittingCost < 0 || fittingCost > Self.maximumFittingCost {
            return "the fitting cost must be from 0 to \(Self.maximumFittingCost) work units, got \(fittingCost)"
        }
        return nil
    }

    /// The workload id's part: `ss1x44-c3000` (items per line, estimate, cost).
    public var idComponent: String {
        // Int(exactly:) rather than Int(_:): the id names a spec before its range is checked (a problem's message
        // starts with the workload's id), so an extent of 1e19, -1e308 or NaN must print, not trap.
        let extent = Int(exactly: estimate.extent).map { "\($0)" } ?? "\(estimate.extent)"
        return "ss\(estimate.itemsPerLine)x\(extent)-c\(fittingCost)"
    }

    /// The height item `key` (its identity: a section key and an item key) fits to when offered `width`, for the
    /// content seed `seed`: text-like, from 44 to 400 pt, on the 0.5 pt grid.
    ///
    /// The text's length is `16 · (1 − u)^(−1/1.1)` characters of 7.5 pt (`u` uniform in [0, 1) from the seed and
    /// the key), wrapped into `width − 32` pt, so `lines = ⌈chars · 7.5 / (width − 32)⌉` (at least 1) and the height
    /// `23.5 + 20.5 · lines`, clamped to 44...400.
    ///
    /// - Complexity: O(1).
    public static func fittedExtent(seed: UInt64, section: Int, item: Int, width: Double) -> Double {
        let mixed = SplitMix64.mix(seed ^ 0x5E1F_512E ^ UInt64(truncatingIfNeeded: section) &* 0x9E37_79B9_7F4A_7C15
                                   ^ UInt64(truncatingIfNeeded: item) &* 0xC2B2_AE3D_27D4_EB4F)
        return fittedExtent(draw: Double(mixed >> 11) * 0x1p-53, width: width)
    }

    /// The height section `section`'s (its identity's) header or footer of kind `kind` (a key: 1 for a section
    /// header, 2 for a section footer, else a hash of the kind's name, never the interned id) fits to when offered
    /// `width`, for the content seed `seed`: a title of one to three lines, on the 0.5 pt grid.
    ///
    /// The title's length is `12 · (1 − u)^(−1/2)` characters of 9 pt (`u` uniform in [0, 1) from the seed, the kind
    /// and the section), wrapped into `width − 40` pt, so `lines = ⌈chars · 9 / (width − 40)⌉` clamped to 1...3, and
    /// the height `17 + 20.5 · lines`: 37.5, 58 or 78.5 (a 44-point estimate fits 37.5 on a phone for most sections).
    ///
    /// - Complexity: O(1).
    public static func fittedSupplementaryExtent(seed: UInt64, kind: UInt64, section: Int, width: Double) -> Double {
        let mixed = SplitMix64.mix(seed ^ 0x4EAD_E125 ^ kind &* 0xD6E8_FEB8_6659_FD93
                                   ^ UInt64(truncatingIfNeeded: section) &* 0x9E37_79B9_7F4A_7C15)
        let u = Double(mixed >> 11) * 0x1p-53
        let characters = 12 / (1 - u).squareRoot()
        let lines = Swift.min(Swift.max(1, (characters * 9 / Swift.max(1, width - 40)).rounded(.up)), 3)
        return 17 + 20.5 * lines
    }

    /// The height of a cell whose text length is drawn by `u` in [0, 1), offered `width`: the formula of
    /// ``fittedExtent(seed:section:item:width:)`` after the draw.
    static func fittedExtent(draw u: Double, width: Double) -> Double {
        let characters = 16 * pow(1 - u, -1 / 1.1)
        let usable = Swift.max(1, width - 32)
        let lines = Swift.max(1, (characters * 7.5 / usable).rounded(.up))
        let height = Swift.min(Swift.max(23.5 + 20.5 * Swift.min(lines, 1000), fittedRange.lowerBound),
                               fittedRange.upperBound)
        return (height * 2).rounded() / 2
    }
}
