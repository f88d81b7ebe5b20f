import LayoutModel
import Layouts

/// What a section's translation met beside the engine's section (``SectionExtras``), recorded out of line so that a
/// section without any pays one test: headers and footers moved to a trailing corner or by an offset
/// (Guides/UIKitCompositional.md, B9, B10), second headers and footers (B11) and custom items' z-indexes (C5).
extension UICollectionViewCompositionalLayout {
    /// Records `extras` of `blueprint`, section `index` of the current pass, translated a moment ago in a container
    /// of `containerSize` (so that asking again refuses nothing).
    @inline(never)
    func record(_ extras: SectionExtras, of blueprint: NSCollectionLayoutSection, section index: Int,
                containerSize: Size) {
        let uniform: Bool
        if case .section = source { uniform = true } else { uniform = false }
        if extras.contains(.movedBoundaryItems),
           let moves = try? blueprint.engineBoundaryMoves(containerSize: containerSize, references: references) {
            if uniform { uniformBoundaryMoves = moves } else { boundaryMoves[index] = moves }
            boundaryReachAlong = Swift.max(boundaryReachAlong, moves.reachAlong)
        }
        if extras.contains(.secondaryBoundaryItems),
           let items = try? blueprint.engineSecondaryBoundaryItems(containerSize: containerSize,
                                                                    references: references), !items.isEmpty {
            var badges = (uniform ? uniformBadges : sectionBadges[index]) ?? CompositionalBadges()
            badges.section.append(contentsOf: items)
            if uniform { uniformBadges = badges } else { sectionBadges[index] = badges }
        }
        if extras.contains(.customZIndexes),
           let zIndexes = try? blueprint.engineSlotZIndexes(containerSize: containerSize, references: references,
                                                            traits: { customGroupTraits }) {
            slotZIndexes.record(zIndexes, section: index, uniform: uniform)
        }
    }

    /// Forgets every section's header and footer moves.
    func clearBoundaryMoves() {
        if uniformBoundaryMoves != nil { uniformBoundaryMoves = nil }  // the observers run only on a change
        if !boundaryMoves.isEmpty { boundaryMoves.removeAll() }
        boundaryReachAlong = 0
    }
}
