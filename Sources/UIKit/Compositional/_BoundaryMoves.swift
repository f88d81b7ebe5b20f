import LayoutModel

/// How the layout moves its answer for a section's header and footer that extend the section from the engine's
/// frame, each by its own move: to the trailing inset for a trailing corner (Guides/UIKitCompositional.md, B9) plus
/// its `absoluteOffset` (B10). Beside ``BoundaryShift`` rather than in it, so that a section without such an item
/// translates and compares the same 16-byte shift as before (the UIKit gate: a 48-byte shift returned by every
/// section's translation cost the News Feed's prepare +5.5 instructions a cell).
package struct BoundaryMoves: Equatable {
    /// Added to the header's origin.
    package var header = Point.zero
    /// Added to the footer's origin.
    package var footer = Point.zero

    /// No move.
    package init() {}

    /// How far the header or footer lies along the scroll axis from the engine's frame: what the rect query widens
    /// its rect by so that it stays exact.
    package var reachAlong: Double { Swift.max(abs(header.y), abs(footer.y)) }
}

/// What a section's translation met beside the engine's section that the layout records out of line: a flag set, so
/// that the common translation returns one byte for them.
package struct SectionExtras: OptionSet, Sendable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A header or footer at a trailing corner or with an offset (B9, B10): ``BoundaryMoves``.
    package static let movedBoundaryItems = SectionExtras(rawValue: 1)
    /// A custom group's item at a z-index other than 0 (C5).
    package static let customZIndexes = SectionExtras(rawValue: 2)
    /// A second header or footer that extends the section (B11), laid out as the section's own item.
    package static let secondaryBoundaryItems = SectionExtras(rawValue: 4)
}
