import LayoutModel

/// The cells of self-sizing content (``ContentSpec/selfSizing``): what a cell answers to
/// `preferredLayoutAttributesFitting(_:)`, the attributes the layout proposed with the fitted height
/// (``SelfSizingSpec/fittedExtent(seed:section:item:width:)`` for the width proposed, which is kept), after
/// ``SelfSizingSpec/fittingCost`` work units that stand for the Auto Layout pass.
///
/// Items are known by their identity when the content has ``ContentSpec/identities`` (a batch moves an item with its
/// size), else by their path.
public final class SelfSizingFitting: ItemFitting {
    /// The content seed.
    public let seed: UInt64
    /// The estimate, distribution and cost.
    public let spec: SelfSizingSpec
    /// The item identities, or `nil` when items are known by their paths.
    public let identities: ItemIdentities?
    /// The work's result, kept so that the work is not optimized away.
    public private(set) var sink: UInt64 = 0x243F_6A88_85A3_08D3

    /// The cells of content `seed` sized by `spec`, items known through `identities` when given.
    public init(seed: UInt64, spec: SelfSizingSpec, identities: ItemIdentities? = nil) {
        self.seed = seed
        self.spec = spec
        self.identities = identities
    }

    /// The fitted height of the item at `path` offered `width`.
    ///
    /// - Complexity: O(1).
    public func fittedExtent(at path: ElementPath, width: Double) -> Double {
        let key = identities?.key(section: path.section, item: path.item) ?? (section: path.section, item: path.item)
        return SelfSizingSpec.fittedExtent(seed: seed, section: key.section, item: key.item, width: width)
    }

    /// `original` with the fitted height for its width, after the fitting's cost.
    ///
    /// - Complexity: O(``SelfSizingSpec/fittingCost``).
    public func preferredAttributes(fitting original: LayoutAttributes) -> LayoutAttributes {
        burn(units: spec.fittingCost)
        var preferred = original
        preferred.frame.size.height = fittedExtent(at: original.path, width: original.frame.size.width)
        return preferred
    }

    /// `units` steps of a dependent multiply-xorshift chain (SplitMix64's finaliser step), the result kept in
    /// ``sink``: about 1.2 ns a unit on the 2-core VMs (a 3-cycle multiply and a shift in a chain).
    ///
    /// - Complexity: O(`units`).
    @inline(never)
    public func burn(units: Int) {
        var x = sink
        for _ in 0..<Swift.max(0, units) { x = (x ^ (x >> 31)) &* 0xBF58_476D_1CE4_E5B9 }
        sink = x
    }
}
