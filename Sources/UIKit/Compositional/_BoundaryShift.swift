/// How the layout moves its answer for a section's header and footer from the engine's frame: across the scroll axis
/// (a header or footer on another edge than its items, Guides/UIKitCompositional.md CI4), and down for a list's
/// header by the padding above it (L9: the engine is given the header that much taller, its top at the section's
/// start, so that the rows follow it; the answer is the header below the padding).
package struct BoundaryShift: Equatable {
    /// Added to a header's and a footer's x.
    package var across = 0.0
    /// Added to a header's y and taken from its height.
    package var headerDrop = 0.0

    /// No move.
    package static let zero = BoundaryShift()

    /// A move of `across` and `headerDrop`.
    package init(across: Double = 0, headerDrop: Double = 0) {
        self.across = across
        self.headerDrop = headerDrop
    }
}
