import LayoutModel

/// The fitted heights of the sections' headers and footers in a self-sizing compositional layout (rule E8 of
/// `Guides/CompositionalLayout.md`, "Self-sizing"): a boundary item of `.estimated` height is laid out at its estimate
/// until its view is fitted, then at its fitted height, as UIKit sizes a supplementary view from its
/// `preferredLayoutAttributesFitting(_:)`. Both strategies keep them here, two a section.
struct CompositionalBoundaryHeights {
    /// Per section its header's then its footer's fitted height, NaN while at the estimate; empty when no template
    /// fits a boundary item, so that a layout without one pays nothing.
    var values: [Double] = []

    /// Forgets every fitted height (E6), keeping room for `sections` sections when `fits`, none otherwise.
    ///
    /// - Complexity: O(sections) when `fits`.
    mutating func reset(sections: Int, fits: Bool) {
        values.removeAll(keepingCapacity: true)
        if fits { values.append(contentsOf: repeatElement(Double.nan, count: 2 * sections)) }
    }

    /// The height of section `section`'s header laid out by `template`: its fitted height, or the template's (the
    /// estimate, or a final height) until fitted.
    @inline(__always)
    func header(_ section: Int, _ template: CompositionalSectionTemplate) -> Double {
        guard template.headerFits else { return template.headerHeight }
        let fitted = values[2 &* section]
        return fitted.isNaN ? template.headerHeight : fitted
    }

    /// The height of section `section`'s footer laid out by `template`, as ``header(_:_:)``.
    @inline(__always)
    func footer(_ section: Int, _ template: CompositionalSectionTemplate) -> Double {
        guard template.footerFits else { return template.footerHeight }
        let fitted = values[2 &* section &+ 1]
        return fitted.isNaN ? template.footerHeight : fitted
    }

    /// Where the header (`header`) or footer of section `section` keeps its fitted height, or `nil` when its
    /// template does not fit it.
    @inline(__always)
    func slot(_ section: Int, header: Bool, _ template: CompositionalSectionTemplate) -> Int? {
        guard header ? template.headerFits : template.footerFits else { return nil }
        return 2 &* section &+ (header ? 0 : 1)
    }

    /// The bytes the heights hold.
    var bytes: Int { values.capacity * MemoryLayout<Double>.stride }
}

/// A header or footer whose height a self-sizing compositional layout fits (E8): which section, which one, where its
/// height is kept.
struct CompositionalFittedBoundary {
    /// The section.
    var section: Int
    /// Whether it is the header (else the footer).
    var isHeader: Bool
    /// Its index in ``CompositionalBoundaryHeights/values``.
    var slot: Int
}

extension CompositionalBoundaryHeights {
    /// The boundary item `attributes` names, when it is a section's header or footer whose template (`template`, for
    /// the section `attributes.path.section`, which the caller has checked) fits it.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func fitted(_ attributes: LayoutAttributes, _ template: CompositionalSectionTemplate)
        -> CompositionalFittedBoundary?
    {
        guard attributes.path.item == 0, !values.isEmpty else { return nil }
        let isHeader: Bool
        if attributes.kind == ElementKind.sectionHeader {
            isHeader = true
        } else if attributes.kind == ElementKind.sectionFooter {
            isHeader = false
        } else {
            return nil
        }
        let section = attributes.path.section
        guard let slot = slot(section, header: isHeader, template) else { return nil }
        return CompositionalFittedBoundary(section: section, isHeader: isHeader, slot: slot)
    }

    /// The current height of `boundary`, whose template is `template`.
    @inline(__always)
    func height(_ boundary: CompositionalFittedBoundary, _ template: CompositionalSectionTemplate) -> Double {
        boundary.isHeader ? header(boundary.section, template) : footer(boundary.section, template)
    }

    /// Takes the fitted heights of `known` (by kind and path) for the sections whose templates fit them, each
    /// section's template given by `template`.
    ///
    /// - Complexity: O(known boundary heights).
    mutating func take(_ known: ResolvedItemSizes?, sections: Int,
                       template: (Int) -> CompositionalSectionTemplate) {
        guard let known, !values.isEmpty else { return }
        for (kind, extents) in known.supplementaryExtents {
            let isHeader = kind == ElementKind.sectionHeader
            guard isHeader || kind == ElementKind.sectionFooter else { continue }
            for (path, height) in extents where path.item == 0 && path.section >= 0 && path.section < sections
                && height >= 0 && height < .infinity {
                if let at = slot(path.section, header: isHeader, template(path.section)) { values[at] = height }
            }
        }
    }
}

extension CompositionalSectionTemplate {
    /// The height of a fitted header (``headerFits``) of `section`: what its record leaves between its start and its
    /// content less the top inset. Exact where the record's sums are (on the half-point grid the harness fits).
    @inline(__always)
    func fittedHeaderHeight(_ section: CompositionalSectionRecord) -> Double {
        section.contentStart - insetTop - section.start
    }

    /// ``layOut(start:items:template:)`` with the section's own header and footer heights (E8).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func layOut(start: Double, items: Int, template: Int32, header: Double, footer: Double)
        -> CompositionalSectionRecord
    {
        var resolved = self
        resolved.headerHeight = header
        resolved.footerHeight = footer
        return resolved.layOut(start: start, items: items, template: template)
    }
}

extension CompositionalTemplateTable {
    /// Marks template `index`, resolved from `blueprint`, as fitting its header and footer when they are of
    /// `.estimated` height (E8), and answers whether it fits either.
    ///
    /// - Complexity: O(1).
    @discardableResult
    mutating func markFittedBoundaries(_ index: Int, blueprint: CompositionalSection) -> Bool {
        if let header = blueprint.header, case .estimated = header.size.height, templates[index].headerHeight > 0 {
            templates[index].headerFits = true
        }
        if let footer = blueprint.footer, case .estimated = footer.size.height, templates[index].footerHeight > 0 {
            templates[index].footerFits = true
        }
        return templates[index].headerFits || templates[index].footerFits
    }

    /// Whether any template fits its header or footer (E8).
    var fitsBoundaries: Bool { templates.contains { $0.headerFits || $0.footerFits } }
}

/// The supplementary paths a fitted header's or footer's context names (`invalidateSupplementaryElements(ofKind:at:)`),
/// built at the first fit and rewritten in place, so that a resolution allocates nothing, and a layout that never
/// fits one allocates nothing for them (the UIKit gate saw two allocations a layout when they were built up front).
/// Both sit behind one reference, made at the first fit, so that the engines hold 8 bytes for them, not 16: the
/// 8 bytes the layout-wide items' box (G7) took (the UIKit gate's engine object would otherwise have moved up a
/// jemalloc size class, +128 bytes a layout).
struct CompositionalBoundaryNames {
    private final class Storage {
        var header: [ElementKind: [ElementPath]] = [:]
        var footer: [ElementKind: [ElementPath]] = [:]
    }

    private var storage: Storage?

    /// The paths naming `boundary`.
    ///
    /// - Complexity: O(1), no allocation after the first of each kind while the last answer is no longer held.
    mutating func naming(_ boundary: CompositionalFittedBoundary) -> [ElementKind: [ElementPath]] {
        let path = ElementPath(section: boundary.section, item: 0)
        let names: Storage
        if let storage { names = storage } else {
            names = Storage()
            storage = names
        }
        if boundary.isHeader {
            if names.header.isEmpty { names.header = [ElementKind.sectionHeader: [path]] }
            names.header[ElementKind.sectionHeader]![0] = path
            return names.header
        }
        if names.footer.isEmpty { names.footer = [ElementKind.sectionFooter: [path]] }
        names.footer[ElementKind.sectionFooter]![0] = path
        return names.footer
    }
}

/// The preferred-attributes rule of a fitted header or footer (E8), which both strategies share.
enum CompositionalBoundaryRule {
    /// Whether `preferred`'s height is a size at all and differs from `current`, the boundary item's height now: its
    /// fitted height, or its estimate (not its frame's, which a pinned or rounded frame may not show exactly).
    @inline(__always)
    static func differs(_ preferred: LayoutAttributes, current: Double) -> Bool {
        let fitted = preferred.frame.size.height
        return fitted != current && fitted >= 0 && fitted < .infinity
    }
}
