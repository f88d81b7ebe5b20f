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

    /// The fitted height of section `section`'s supplementary view of `kind` (a header or footer) offered `width`.
    ///
    /// - Complexity: O(1).
    public func fittedSupplementaryExtent(_ kind: ElementKind, section: Int, width: Double) -> Double {
        let key = identities?.key(section: section, item: 0).section ?? section
        return SelfSizingSpec.fittedSupplementaryExtent(seed: seed, kind: Self.key(of: kind), section: key,
                                                        width: width)
    }

    /// A key of `kind` that does not depend on the order in which kinds were registered: 1 for a section header, 2
    /// for a section footer, else the FNV-1a hash of its name.
    static func key(of kind: ElementKind) -> UInt64 {
        if kind == ElementKind.sectionHeader { return 1 }
        if kind == ElementKind.sectionFooter { return 2 }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in kind.name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }

    /// `original` with the fitted height for its width (a cell's, or a header's or footer's), after the fitting's
    /// cost.
    ///
    /// - Complexity: O(``SelfSizingSpec/fittingCost``).
    public func preferredAttributes(fitting original: LayoutAttributes) -> LayoutAttributes {
        burn(units: spec.fittingCost)
        var preferred = original
        let width = original.frame.size.width
        preferred.frame.size.height = original.kind == .cell ? fittedExtent(at: original.path, width: width)
            : fittedSupplementaryExtent(original.kind, section: original.path.section, width: width)
        return preferred
    }

    /// Headers and footers fit too (a compositional section's `.estimated` boundary items, rule E8).
    public var fitsSupplementaryViews: Bool { true }

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
