import LayoutModel
import Layouts

/// Self-sizing `.estimated` heights (Guides/UIKitCompositional.md, "Self-sizing", rules S1 to S6).
///
/// A layout none of whose sections has a group of `.estimated` height (nor, scrolling vertically, a header or footer
/// of `.estimated` height, nor a layout-wide item of `.estimated` height: UIKit fits them, S1) keeps the closed-form
/// engine (``Layouts/CompositionalLayout``) and its costs: the only additions on its path are a flag read a translated
/// section and a `nil` check an answer. The first pass that translates a self-sizing section hands the layout to the
/// native ``Layouts/IncrementalSelfSizingCompositionalLayout`` (the `incremental` strategy, rules E1 to E6 of
/// Guides/CompositionalLayout.md: a fitted height moves what follows it in O(log n), with no allocation; the `full`
/// strategy lays every section out again), which lays every cell out at its estimate and takes each cell's fitted height
/// through the preferred-attributes pair of the host's sequence, as `UICollectionViewFlowLayout` does
/// (`preferredLayoutAttributesFitting(_:)`, Guides/UIKitLayouts.md U15 to U18).
extension UICollectionViewCompositionalLayout {
    /// Whether `section`, translated, self-sizes (S1): its group's height is `.estimated`, the group is horizontal
    /// and places its own items (no nested groups flattened into fixed slots), and the section does not scroll
    /// orthogonally: the condition of the native engine's E1 and E6.
    ///
    /// - Complexity: O(1).
    static func selfSizes(_ section: CompositionalSection) -> Bool {
        let group = section.group
        guard case .estimated = group.size.height else { return false }
        return group.axis == .horizontal && group.fixedSlots == nil && section.orthogonalScrollingBehavior == .none
            && !group.subitems.isEmpty
    }

    /// Whether `section`, translated, makes a vertical layout self-size without a self-sizing group (S1, S4): its
    /// header or footer extends it with an `.estimated` height, which UIKit fits from its view
    /// (`UICollectionReusableView.preferredLayoutAttributesFitting(_:)`). A horizontal layout does not ask it (H8).
    ///
    /// - Complexity: O(1).
    static func fitsBoundaries(_ section: CompositionalSection) -> Bool {
        if let header = section.header, case .estimated = header.size.height { return true }
        if let footer = section.footer, case .estimated = footer.size.height { return true }
        return false
    }

    /// Whether the configuration has a layout-wide boundary item of `.estimated` height, which makes a vertical
    /// layout self-size (G1, S1): UIKit fits it from its view.
    ///
    /// - Complexity: O(layout-wide items).
    var fitsLayoutBoundaryItems: Bool {
        hasLayoutBoundaryItems && !transposes
            && ownConfiguration.boundarySupplementaryItems.contains { $0.layoutSize.heightDimension.isEstimated }
    }

    /// What the self-sizing engine cannot lay out beside a self-sizing section, met in the translations of the
    /// current pass (S5): a badge whose own size is `.estimated` (UIKit would fit its view); `nil` when nothing
    /// self-sizes. Orthogonal sections, visible-items handlers, section backgrounds, badges of absolute or fractional
    /// size and layout-wide boundary items (fitted from their views when `.estimated`, G1) stand beside self-sizing
    /// ones.
    var selfSizingRefusal: UIKitUnsupportedFeature? {
        guard metSelfSizingSection, uniformBadges != nil || !sectionBadges.isEmpty, let kind = estimatedBadgeKind
        else { return nil }
        return UIKitUnsupportedFeature("a supplementary item of .estimated size (kind \"\(kind)\") on items, groups or "
            + "sections in a layout whose sections self-size (a group of .estimated height)")
    }

    /// The kind of the first badge of the pass whose width or height is `.estimated` (or uniform across siblings),
    /// or `nil`: the self-sizing engine does not fit a badge's view (S5).
    ///
    /// - Complexity: O(badges of the pass).
    private var estimatedBadgeKind: String? {
        func kind(_ badges: CompositionalBadges) -> String? {
            let found = (badges.group + badges.section + badges.perSlot.joined()).first {
                $0.size.width.isEstimated || $0.size.height.isEstimated
            }
            return found.map { ElementKindNames.string(for: $0.elementKind) ?? "" }
        }
        if let uniformBadges, let found = kind(uniformBadges) { return found }
        for badges in sectionBadges.values { if let found = kind(badges) { return found } }
        return nil
    }

    /// Names in a UIKit context the badges the engine's context names (`invalidateSupplementaryElements(ofKind:at:)`,
    /// S5): those a fit moves or resizes in place (the engine's B9); not `fitted`, the element whose fit it is, which
    /// the caller names (a layout-wide item, G7: the engine's context names it too).
    ///
    /// - Complexity: O(badges named).
    func nameBadges(_ engineContext: InvalidationContext, in context: UICollectionViewLayoutInvalidationContext,
                    besides fitted: LayoutAttributes? = nil) {
        for (kind, paths) in engineContext.invalidatedSupplementaryPaths
        where kind != ElementKind.sectionHeader && kind != ElementKind.sectionFooter {
            guard let name = ElementKindNames.string(for: kind) else { continue }
            let named = fitted?.kind == kind ? paths.filter { $0 != fitted?.path } : paths
            guard !named.isEmpty else { continue }
            context.invalidateSupplementaryElements(ofKind: name, at: named.map { IndexPath(item: $0.item,
                                                                                          section: $0.section) })
        }
    }

    /// Hands the layout to the self-sizing engine (S1), after a pass of the closed-form engine that met a
    /// self-sizing section: the closed-form engine is dropped, the self-sizing one asks the provider again and lays
    /// every cell out at its estimate. The pass's work counts both.
    ///
    /// - Complexity: O(sections + items of self-sizing sections), once a layout.
    func startSelfSizing(in state: CollectionViewState) {
        if let mixed = selfSizingRefusal { UIKitCompatibility.terminate(unsupported: mixed) }
        let detection = lastEngineWork.recomputedElements
        engine = nil
        let sizing = IncrementalSelfSizingCompositionalLayout(badgingProvider: Provider(layout: self))
        sizing.interSectionSpacing = Double(configuration.interSectionSpacing)
        // Translated without a refusal: `configurationRefusal` checked it (G1 to G6); fitted when `.estimated` (G1).
        if hasLayoutBoundaryItems, let items = try? ownConfiguration.engineBoundaryItems() {
            sizing.boundaryItems = items
        }
        sizingEngine = sizing
        prepareSelfSizing(sizing, in: state)
        lastEngineWork.recomputedElements += detection
    }

    /// The self-sizing engine's pass: what the invalidations since the last one recorded (S3), then the refusals
    /// its translations met.
    ///
    /// - Complexity: the engine's `prepare(in:)`.
    func prepareSelfSizing(_ sizing: IncrementalSelfSizingCompositionalLayout, in state: CollectionViewState) {
        sizing.invalidate(with: engineContext)
        engineContext = InvalidationContext()
        refusal = nil
        lastEngineWork = sizing.prepare(in: state)
        if let refusal { UIKitCompatibility.terminate(unsupported: refusal) }
        if let mixed = selfSizingRefusal { UIKitCompatibility.terminate(unsupported: mixed) }
        checkDecorationRegistration()
        callVisibleItemsHandlers(sizing, bounds: state.bounds)  // V3, beside self-sizing sections too (S5)
    }

    /// Records a UIKit context for the self-sizing engine (S3): everything and the counts as they are (the provider
    /// is asked again and every fitted height forgotten, E6), named items as named items (the next pass lays the
    /// sections out again from the fitted heights, asking nothing), and the pinned elements re-placed.
    func recordSelfSizingInvalidation(_ context: UICollectionViewLayoutInvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts {
            engineContext.invalidateEverything = true
        }
        engineContext.invalidateDataSourceCounts = engineContext.invalidateDataSourceCounts
            || context.invalidateDataSourceCounts
        if let paths = context.invalidatedItemIndexPaths {
            for path in paths where path.count == 2 { engineContext.invalidatedItemPaths.append(ElementPath(path)) }
        }
        engineContext.invalidatePinnedElements = true
    }

    /// Whether the header or footer of `kind` in `section` is pinned, by the self-sizing engine's templates.
    ///
    /// - Complexity: O(1).
    func selfSizingPins(_ kind: String, inSection section: Int, _ sizing: IncrementalSelfSizingCompositionalLayout)
        -> Bool
    {
        let pair = section < sectionKinds.count ? kindPairs[Int(sectionKinds[section])] : kindPairs[0]
        let engineKind: ElementKind
        if kind == pair.header { engineKind = .sectionHeader } else if kind == pair.footer {
            engineKind = .sectionFooter
        } else if let layoutWide = layoutWideKind(kind, section: section, item: 0) {
            engineKind = layoutWide
        } else {
            return false
        }
        return sizing.isPinned(LayoutAttributes(frame: .zero, path: ElementPath(section: section, item: 0),
                                                kind: engineKind))
    }

    /// The engine's value of a section header's or footer's attributes object (S4): its frame, at its section, of
    /// the engine's header or footer kind; `nil` for any other supplementary kind.
    ///
    /// - Complexity: O(1).
    func boundaryValue(_ attributes: UICollectionViewLayoutAttributes) -> LayoutAttributes? {
        guard attributes.representedElementCategory == .supplementaryView,
              let kind = attributes.representedElementKind
        else { return nil }
        let path = attributes.indexPath
        let section = path.count >= 2 ? path.section : (path.first ?? 0)
        let pair = section >= 0 && section < sectionKinds.count ? kindPairs[Int(sectionKinds[section])] : kindPairs[0]
        let engineKind: ElementKind
        if kind == pair.header { engineKind = .sectionHeader } else if kind == pair.footer {
            engineKind = .sectionFooter
        } else if let layoutWide = layoutWideKind(kind, section: section, item: path.count >= 2 ? path.item : 0) {
            engineKind = layoutWide
        } else {
            return nil
        }
        return LayoutAttributes(frame: Rect(attributes.frame), path: ElementPath(section: section, item: 0),
                                kind: engineKind, zIndex: attributes.zIndex)
    }

    /// The engine's kind of the layout-wide boundary item of UIKit kind `kind` (G1, G5: at (0, 0) only), `nil` for
    /// any other kind or path.
    ///
    /// - Complexity: O(layout-wide items).
    func layoutWideKind(_ kind: String, section: Int, item: Int) -> ElementKind? {
        guard section == 0, item == 0, hasLayoutBoundaryItems,
              ownConfiguration.boundarySupplementaryItems.contains(where: { $0.elementKind == kind })
        else { return nil }
        return ElementKindNames.kind(category: .supplementaryView, name: kind)
    }

    /// Whether a header's or footer's preferred attributes invalidate the layout (S4): its height is `.estimated`
    /// and its preferred height differs from its height now (the engine's E8).
    ///
    /// - Complexity: O(1).
    func shouldInvalidateBoundary(_ preferred: UICollectionViewLayoutAttributes,
                                  _ original: UICollectionViewLayoutAttributes,
                                  _ sizing: IncrementalSelfSizingCompositionalLayout,
                                  _ state: CollectionViewState) -> Bool {
        guard let value = boundaryValue(original) else { return false }
        return sizing.shouldInvalidateLayout(forPreferredLayoutAttributes: engineFitted(preferred, value),
                                             withOriginalAttributes: value, in: state)
    }

    /// The engine's value of a header's or footer's preferred attributes: its preferred frame, a list's header with
    /// the padding above it (L9: the engine's header spans the padding and the header).
    private func engineFitted(_ preferred: UICollectionViewLayoutAttributes, _ value: LayoutAttributes)
        -> LayoutAttributes
    {
        var fitted = value
        fitted.frame = Rect(preferred.frame)
        if value.kind == ElementKind.sectionHeader, movesAnswers {
            let shift = uniformBoundaryShift != .zero ? uniformBoundaryShift
                : boundaryShifts[value.path.section] ?? .zero
            fitted.frame.size.height += shift.headerDrop
        }
        return fitted
    }

    /// The context that takes a header's or footer's preferred height (S4): the height recorded in the engine, a
    /// context of `invalidationContextClass` naming the supplementary element
    /// (`invalidateSupplementaryElements(ofKind:at:)`), with a `contentSizeAdjustment` of its change and no offset
    /// adjustment (S6); `nil` for a kind that is not a section's header or footer.
    ///
    /// - Complexity: O(log sections).
    func boundaryContext(_ preferred: UICollectionViewLayoutAttributes, _ original: UICollectionViewLayoutAttributes,
                         _ sizing: IncrementalSelfSizingCompositionalLayout, _ state: CollectionViewState)
        -> UICollectionViewLayoutInvalidationContext?
    {
        guard let value = boundaryValue(original), let kind = original.representedElementKind else { return nil }
        let engineContext = sizing.invalidationContext(forPreferredLayoutAttributes: engineFitted(preferred, value),
                                                       withOriginalAttributes: value, in: state)
        let context = makeInvalidationContext()
        context.invalidateSupplementaryElements(ofKind: kind, at: [original.indexPath])
        context.contentSizeAdjustment = engineContext.contentSizeAdjustment.cgSize
        if !engineContext.invalidatedSupplementaryPaths.isEmpty {
            nameBadges(engineContext, in: context, besides: value)
        }
        return context
    }

    /// The engine's value of a cell's attributes object: its frame, at its index path.
    func cellValue(_ attributes: UICollectionViewLayoutAttributes) -> LayoutAttributes {
        let path = attributes.indexPath
        let element = path.count >= 2 ? ElementPath(path) : ElementPath(section: path.first ?? 0, item: 0)
        return LayoutAttributes(frame: Rect(attributes.frame), path: element, kind: .cell, zIndex: attributes.zIndex)
    }

    /// Whether the layout self-sizes `sections` sections of content (asked as
    /// ``unsupportedFeature(sections:containerSize:)`` asks them): a self-sizing section among them (S1). What the
    /// harness's self-sizing traces need.
    ///
    /// - Complexity: O(sections) translations of a section (one for `init(section:)`), no item laid out.
    package func selfSizes(sections: Int, containerSize: CGSize) -> Bool {
        var found = false
        _ = translatingSections(sections, containerSize: containerSize) { _ in
            found = metSelfSizingSection
            return found
        }
        return found
    }
}
