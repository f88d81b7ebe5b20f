import LayoutModel

/// The distinct sections a self-sizing compositional layout has resolved, one table for both strategies
/// (``SelfSizingCompositionalLayout`` and ``IncrementalSelfSizingCompositionalLayout``): each distinct section's
/// template and slots as ``CompositionalLayout`` resolves them, the blueprint it came from, how it self-sizes, and how
/// each of its slots takes its height.
struct CompositionalTemplateTable {
    /// The resolved distinct sections, in the order they were met.
    var templates: [CompositionalSectionTemplate] = []
    /// Every template's slots, a template's from its `firstSlot`.
    var slots: [Rect] = []
    /// The sections the templates were resolved from.
    var blueprints: [CompositionalSection] = []
    /// How each template self-sizes (``CompositionalTemplateSizing/fixed`` for one that keeps its closed form).
    var sizings: [CompositionalTemplateSizing] = []
    /// How each slot takes its height, parallel to ``slots`` (placeholders for templates that do not self-size).
    var slotHeights: [CompositionalSlotHeight] = []

    /// Forgets every template, keeping the arrays' capacity.
    mutating func removeAll() {
        templates.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        blueprints.removeAll(keepingCapacity: true)
        sizings.removeAll(keepingCapacity: true)
        slotHeights.removeAll(keepingCapacity: true)
    }

    /// The index of `blueprint`'s template, the section before's (`last`) when they are equal; a new template is
    /// resolved in `container` (``CompositionalLayout/template(for:after:container:blueprints:templates:slots:)``)
    /// with how it self-sizes, its slots' heights (rules E1 to E6) and whether it fits its header and footer (E8).
    ///
    /// - Complexity: O(1) when `blueprint` is the section before's; O(distinct sections + slots of a new template)
    ///   otherwise.
    mutating func resolve(_ blueprint: CompositionalSection, after last: Int, container: Size) -> Int {
        let known = templates.count
        let template = CompositionalLayout.template(for: blueprint, after: last, container: container,
                                                    blueprints: &blueprints, templates: &templates, slots: &slots)
        while sizings.count < templates.count {
            let added = sizings.count
            sizings.append(added == template && templates.count > known
                ? CompositionalTemplateSizing.of(blueprint, template: templates[added], slots: slots,
                                                 heights: &slotHeights)
                : .fixed)
            while slotHeights.count < slots.count { slotHeights.append(.fixed(outer: 0)) }
        }
        if templates.count > known { markFittedBoundaries(template, blueprint: blueprint) }  // E8
        return template
    }

    /// Whether any template pins its header or footer.
    var pinsAnything: Bool { templates.contains { $0.headerPinned || $0.footerPinned } }

    /// Whether `attributes`, a section's supplementary element laid out by template `template`, is a pinned header
    /// or footer.
    ///
    /// - Complexity: O(1).
    func isPinned(_ attributes: LayoutAttributes, template: Int) -> Bool {
        let template = templates[template]
        if attributes.kind == ElementKind.sectionHeader { return template.headerPinned }
        if attributes.kind == ElementKind.sectionFooter { return template.footerPinned }
        return false
    }

    /// The bytes the table's arrays hold.
    var bytes: Int {
        templates.capacity * MemoryLayout<CompositionalSectionTemplate>.stride
            + sizings.capacity * MemoryLayout<CompositionalTemplateSizing>.stride
            + slots.capacity * MemoryLayout<Rect>.stride
            + slotHeights.capacity * MemoryLayout<CompositionalSlotHeight>.stride
            + blueprints.capacity * MemoryLayout<CompositionalSection>.stride
    }
}
