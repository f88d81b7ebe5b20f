import LayoutModel

/// A headless `UICollectionViewCompositionalLayout`, scrolling vertically: per section one group repeated down the
/// section, items placed in each group by fractional, absolute or estimated dimensions, content insets on items,
/// groups and sections, inter-item and inter-group spacing, and a header and footer per section that may pin to the
/// visible bounds. A section provider lets sections differ. The rules and their sources are in
/// `Guides/CompositionalLayout.md`.
///
/// `prepare()` resolves each distinct section once into a ``CompositionalSectionTemplate`` (its group's slots) and
/// records one ``CompositionalSectionRecord`` per section: memory and a full prepare are O(sections + distinct
/// sections x slots), with no per-item storage, whatever the item count. An item's frame is arithmetic: its
/// template's slot offset to its group's origin.
///
/// Pinned headers and footers are placed by queries against the bounds of the last `prepare()` (``pinningBounds``),
/// so a scroll in context mode only records the new bounds.
public final class CompositionalLayout: MeasuredLayout, CompositionalEngine, OrthogonalScrollingLayout {
    /// Where sections come from.
    public let provider: any CompositionalSectionProvider
    /// The variant the collection view's entry point uses.
    public var activeVariant: QueryVariant = CompositionalQueryVariants.indexed

    /// The prepared sections, top to bottom.
    public internal(set) var sections: [CompositionalSectionRecord] = []
    /// The resolved distinct sections.
    public internal(set) var templates: [CompositionalSectionTemplate] = []
    /// The slots of every template's group, relative to the group's top-left, after the items' content insets.
    public internal(set) var slots: [Rect] = []
    /// The blueprints the templates were resolved from, to find a repeated section.
    var blueprints: [CompositionalSection] = []
    /// The bounds at the last `prepare()`: pinned elements are placed against them.
    public var pinningBounds: Rect { preparation.bounds }
    /// The content size.
    public internal(set) var contentSize: Size = .zero
    /// Whether any template pins its header or footer.
    public internal(set) var pinsAnything = false
    /// The space between one section's end (its footer) and the next one's start (its header), as
    /// `UICollectionViewCompositionalLayoutConfiguration.interSectionSpacing`; 0 by default. Setting it invalidates.
    public var interSectionSpacing: Double = 0 {
        didSet { if interSectionSpacing != oldValue { preparation.requireRebuild() } }
    }

    /// What the next `prepare()` recomputes, and the bounds of the last one.
    var preparation = PinnedPreparation(policy: .supplementaryPinning, bounds: .zero)
    /// Each section's orthogonal offset (`CompositionalEngine+Orthogonal.swift`).
    var orthogonalOffsets: [Double] = []
    /// The items the last orthogonal scroll named, and whether its context is pending.
    var namedItems: [ElementPath] = []
    var orthogonalContextPending = false
    var pendingOrthogonalWork = 0
    /// The layout-wide header and footer (`UICollectionViewCompositionalLayoutConfiguration.boundarySupplementaryItems`,
    /// rules G1 to G6): the first item aligned top and the first aligned bottom are laid out; empty by default.
    /// Setting them invalidates.
    public var boundaryItems: [CompositionalLayoutBoundaryItem] {
        get { storedBoundaryItems }
        set {
            guard newValue != storedBoundaryItems else { return }
            storedBoundaryItems = newValue
            preparation.requireRebuild()
        }
    }
    /// ``boundaryItems``, unchecked for the same reason as ``backgrounds`` (set between passes, read by `prepare`).
    @exclusivity(unchecked) var storedBoundaryItems: [CompositionalLayoutBoundaryItem] = []
    /// Whether the layout-wide header or footer pins: what a scroll recomputes beside the sections' pinned elements.
    @exclusivity(unchecked) var pinsLayoutBoundary = false
    /// Whether ``boundary`` holds what an earlier rebuild resolved.
    @exclusivity(unchecked) var boundaryResolved = false
    /// The layout-wide header and footer as the last full `prepare()` resolved them (unchecked for the same reason
    /// as ``backgrounds``: written only by `prepare`).
    @exclusivity(unchecked) var boundary = CompositionalLayoutBoundary()
    /// The layout-wide header and footer as the last full `prepare()` resolved them.
    public var layoutBoundary: CompositionalLayoutBoundary { boundary }
    /// The provider as a decorating one, checked once; and the section backgrounds it gave at the last rebuild.
    let decorating: (any CompositionalDecoratingProvider)?
    // Unchecked: a read of a class's stored property pays a dynamic exclusivity check (swift_beginAccess, about 90
    // instructions; the gate measured +94 instructions a query and +246 a rebuild with it), and the table is only
    // written by `rebuild`/`apply`, never while a query reads it.
    @exclusivity(unchecked) var backgrounds = CompositionalBackgrounds()
    /// The provider as a badging one, checked once; and the item and group badges it gave at the last rebuild
    /// (unchecked for the same reason as ``backgrounds``).
    let badging: (any CompositionalBadgingProvider)?
    @exclusivity(unchecked) var badges = CompositionalBadgeTable()
    /// Whether either table holds anything: the one test a query pays without backgrounds and badges.
    @exclusivity(unchecked) var hasSideElements = false

    /// The most distinct sections matched against earlier ones; beyond it every section gets its own template.
    static let templateSearchLimit = 16

    /// Creates a layout of the sections `provider` returns; it invalidates through its own contexts
    /// (``FullInvalidationLayout`` gives full mode).
    public init(provider: any CompositionalSectionProvider) {
        self.provider = provider
        decorating = provider as? any CompositionalDecoratingProvider
        badging = provider as? any CompositionalBadgingProvider
    }

    /// Creates a layout with the same section everywhere.
    public convenience init(section: CompositionalSection) {
        self.init(provider: UniformSectionProvider(section))
    }

    /// Computes what the last invalidation asked for: after an invalidation of everything, of counts, of metrics or
    /// of a size change, asks the provider for every section and lays the sections out; after a scroll in context
    /// mode, records the new bounds (against which queries place pinned elements) and counts the pinned elements in
    /// them.
    ///
    /// - Complexity: O(sections + distinct sections x slots) after a rebuild; O(log sections + pinned elements in
    ///   the bounds) after a scroll.
    @discardableResult
    public func prepare(in state: CollectionViewState) -> PreparationWork {
        var work = PreparationWork.none
        if preparation.takeRebuild() {
            // The layout's own header and footer around the sections, in calls of their own, so that `rebuild` is
            // the same code without them (G1-G6).
            if storedBoundaryItems.isEmpty {
                work = rebuild(state)
                if boundaryResolved { clearBoundary() }
            } else {
                work = rebuild(state, start: boundaryTop(state))
                work.recomputedElements += layOutBoundary(state)
            }
        }
        if preparation.takeRepin(for: state.bounds) {
            if work.recomputedElements == 0 && pinsAnything {
                work.recomputedElements = pinnedElementCount()
                if pinsLayoutBoundary { work.recomputedElements += pinnedLayoutBoundaryCount() }
            }
        }
        takeOrthogonalWork(&work)
        return work
    }

    /// Resolves the sections and lays them out top to bottom.
    ///
    /// - Complexity: O(sections + distinct sections x slots).
    func rebuild(_ state: CollectionViewState, start: Double = 0) -> PreparationWork {
        let container = state.bounds.standardized.size
        let environment = CompositionalEnvironment(containerSize: container)
        let count = state.numberOfSections
        // Moved into locals for the loop: stored properties of a class pay an exclusivity check on every access.
        var sections = self.sections, templates = self.templates, slots = self.slots, blueprints = self.blueprints
        self.sections = []
        self.templates = []
        self.slots = []
        self.blueprints = []
        defer {
            self.sections = sections
            self.templates = templates
            self.slots = slots
            self.blueprints = blueprints
        }
        sections.removeAll(keepingCapacity: true)
        sections.reserveCapacity(count)
        templates.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        blueprints.removeAll(keepingCapacity: true)
        var cursor = start
        var pins = false
        var elements = 0
        var lastTemplate = -1
        var orthogonal = false
        for index in 0..<count {
            let blueprint = provider.section(at: index, environment: environment)
            let template = Self.template(for: blueprint, after: lastTemplate, container: container,
                                         blueprints: &blueprints, templates: &templates, slots: &slots)
            lastTemplate = template
            let resolved = templates[template]
            pins = pins || resolved.headerPinned || resolved.footerPinned
            orthogonal = orthogonal || resolved.orthogonal != .none
            let items = state.numberOfItems(inSection: index)
            let record = resolved.layOut(start: cursor, items: items, template: Int32(template))
            sections.append(record)
            elements += resolved.elementCount(items: items)
            let end = record.end
            cursor = end + (index + 1 < count ? interSectionSpacing : 0)
        }
        pinsAnything = pins
        resetOrthogonalOffsets(count: count, orthogonal: orthogonal)
        contentSize = Size(width: container.width, height: cursor)
        // Backgrounds beside the sections, so that a layout without them pays this one test (D1-D4).
        if let decorating, decorating.decoratesSections {
            elements += backgrounds.fill(from: decorating, count: count, environment: environment,
                                         width: container.width)
        } else if !backgrounds.isEmpty {
            backgrounds.removeAll()
        }
        // Badges beside the sections too, so that a layout without them pays this one test (B1-B8). The closures
        // capture a constant, so that the loop's `var sections` is not captured (and perhaps boxed).
        if let badging, badging.badgesSections {
            let records = sections
            elements += badges.fill(from: badging, count: count, environment: environment,
                                    templates: templates, slots: slots,
                                    templateOf: { Int(records[$0].template) }, itemsOf: { records[$0].itemCount },
                                    recordOf: { records[$0] })
        } else if !badges.isEmpty {
            badges.removeAll()
        }
        hasSideElements = !backgrounds.isEmpty || !badges.isEmpty
        return PreparationWork(recomputedElements: elements, sizeQueries: count)
    }

    /// The bytes the prepared arrays hold: sections, templates, slots and the blueprints kept to match sections.
    public var attributeBytes: Int {
        sections.capacity * MemoryLayout<CompositionalSectionRecord>.stride
            + templates.capacity * MemoryLayout<CompositionalSectionTemplate>.stride
            + slots.capacity * MemoryLayout<Rect>.stride
            + orthogonalOffsets.capacity * MemoryLayout<Double>.stride
            + backgrounds.bytes
            + badges.bytes
            + blueprints.capacity * MemoryLayout<CompositionalSection>.stride
            + blueprints.reduce(0) { $0 + $1.group.subitems.capacity * MemoryLayout<CompositionalItem>.stride }
    }
}
