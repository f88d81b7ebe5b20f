import LayoutModel
import Layouts

/// The section provider of `UICollectionViewCompositionalLayout(sectionProvider:)`: the section at an index, in an
/// environment; `nil` gives an empty section (no items, no header or footer).
public typealias UICollectionViewCompositionalLayoutSectionProvider =
    (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// UIKit's `UICollectionViewCompositionalLayout`, backed by LayoutBench's compositional engine
/// (``Layouts/CompositionalLayout``, the rules in Guides/CompositionalLayout.md): its answers are what the
/// `compositional` family computes for the same sections, as objects of `layoutAttributesClass`. The supported
/// surface and the limits are in Guides/UIKitCompositional.md.
open class UICollectionViewCompositionalLayout: UICollectionViewLayout, EngineBackedLayout {
    enum Source {
        case section(NSCollectionLayoutSection)
        case provider(UICollectionViewCompositionalLayoutSectionProvider)
    }

    let source: Source
    /// The layout-wide options (a copy is kept, as in UIKit); setting them invalidates the layout.
    open var configuration: UICollectionViewCompositionalLayoutConfiguration {
        get { ownConfiguration.copy() as! UICollectionViewCompositionalLayoutConfiguration }
        set {
            ownConfiguration = newValue.copy() as! UICollectionViewCompositionalLayoutConfiguration
            transposes = ownConfiguration.scrollDirection == .horizontal
            engine = nil
            sizingEngine = nil
            invalidateLayout()
        }
    }

    private(set) var ownConfiguration: UICollectionViewCompositionalLayoutConfiguration
    // The state a frame reads and writes is `@exclusivity(unchecked)`: one thread uses it, and no access to it stays
    // open across a call into code that could reach it again (`engineScratch` is lent to the engine's query only), so
    // the dynamic check (about 76 instructions an access) finds nothing to catch.

    /// Whether the layout scrolls horizontally: the engine lays out the transpose of its sections, and every frame,
    /// rect and size between the two is transposed (`_HorizontalTranspose.swift`, rules H1 to H10 of
    /// Guides/UIKitCompositional.md). Stored, so that a vertical layout's answers read one flag.
    /// Written only by the initializers and the `configuration` setter, never during an access, hence unchecked.
    @exclusivity(unchecked) package private(set) var transposes = false { didSet { updateMovesAnswers() } }
    /// The engine, built on the first `prepare()` and after a configuration change.
    @exclusivity(unchecked) package internal(set) var engine: CompositionalLayout?
    @exclusivity(unchecked) var engineContext = InvalidationContext()
    @exclusivity(unchecked) package var engineScratch: [LayoutAttributes] = []
    /// The attributes objects answered, kept from query to query (`EngineAttributesCache`).
    package let attributesCache = EngineAttributesCache()
    /// The header and footer kinds in use (usually one pair), and each section's index into them.
    var kindPairs: [CompositionalKindPair] = [CompositionalKindPair()]
    var sectionKinds: [Int32] = []
    /// The translation of `init(section:)`'s section in the current pass.
    private var uniform: (section: CompositionalSection, kinds: Int32)?
    /// The backgrounds of the current pass (`decorationItems`): `init(section:)`'s, or the provider's sections' by
    /// index (only the sections that have one), and the distinct decoration kinds among them, whose registration
    /// `prepare()` checks.
    private var uniformBackground: CompositionalDecorationItem?
    private var sectionBackgrounds: [Int: CompositionalDecorationItem] = [:]
    var decorationKinds: [String] = []
    /// Whether the decoration kinds recorded since the last `prepare()` are still to be checked for registration.
    private var decorationKindsUnchecked = false
    /// The item and group badges of the current pass (`supplementaryItems`): `init(section:)`'s, or the provider's
    /// sections' by index (only the sections that have any). Unchecked: the self-sizing engine asks whether the pass
    /// has any at each reset (`badgesSections`), and two checked reads cost the UIKit gate's News Feed prepare about
    /// 8 instructions a cell; they are written only while the layout translates its sections, never while read.
    @exclusivity(unchecked) var uniformBadges: CompositionalBadges?
    @exclusivity(unchecked) var sectionBadges: [Int: CompositionalBadges] = [:]
    /// The custom groups' items' z-indexes of the current pass, where any is not 0 (C5).
    @exclusivity(unchecked) package var slotZIndexes = SlotZIndexes()
    /// The environment handed to the section provider, kept while the container's size, its insets and the traits
    /// hold.
    var environment: CompositionalLayoutEnvironment?
    /// The edges of the content insets references in the current pass (CI1 to CI3), read from the collection view
    /// at section 0.
    var references = ContentInsetsReferences.none
    /// How far across the scroll axis the layout moves the headers and footers of sections whose
    /// `supplementaryContentInsetsReference` is on another edge than their items' (CI4), or that do not follow the
    /// section's insets (`supplementariesFollowContentInsets = false`, CI7): `init(section:)`'s, or the
    /// provider's sections' by index (only those that move them).
    /// And how far down it answers a list's header below the padding above it (L9).
    @exclusivity(unchecked) var uniformBoundaryShift = BoundaryShift.zero { didSet { updateMovesAnswers() } }
    @exclusivity(unchecked) var boundaryShifts: [Int: BoundaryShift] = [:] { didSet { updateMovesAnswers() } }
    /// How the layout moves headers and footers at a trailing corner or with an offset (B9, B10): `init(section:)`'s,
    /// or the provider's sections' by index (only those that move them); and the farthest any moves one along the
    /// scroll axis, the rect query's margin.
    @exclusivity(unchecked) var uniformBoundaryMoves: BoundaryMoves? { didSet { updateMovesAnswers() } }
    @exclusivity(unchecked) var boundaryMoves: [Int: BoundaryMoves] = [:] { didSet { updateMovesAnswers() } }
    @exclusivity(unchecked) var boundaryReachAlong = 0.0
    /// The list configurations of the current pass's list sections (L7, L8): `init(section:)`'s, or the provider's
    /// by index (only the sections made by `NSCollectionLayoutSection.list(using:layoutEnvironment:)`).
    var uniformList: UICollectionLayoutListConfiguration?
    var sectionLists: [Int: UICollectionLayoutListConfiguration] = [:]
    /// Whether an answered frame may differ from the engine's: some header or footer is moved (CI4), or the layout
    /// scrolls horizontally (H1). Kept on every change of either, so that an answer reads one flag.
    @exclusivity(unchecked) private(set) var movesAnswers = false
    /// The first refusal met while the engine asked for sections in the current pass.
    @exclusivity(unchecked) var refusal: UIKitUnsupportedFeature?
    /// What the engine computed at the last `prepare()`.
    @exclusivity(unchecked) package internal(set) var lastEngineWork = PreparationWork.none

    // Visible-items handlers and orthogonal scrolling (`UICollectionViewCompositionalLayout+VisibleItems.swift`).
    /// The provider's sections that have a `visibleItemsInvalidationHandler`, by index, as of the last full pass.
    @exclusivity(unchecked) var handlers = SectionHandlers()
    /// The visible-item objects handed to handlers, reused from call to call, and the array handed over.
    var visibleItemPool: [CompositionalVisibleItem] = []
    var visibleItemsBuffer: [any NSCollectionLayoutVisibleItem] = []
    /// The engine's elements in the bounds, for the handlers.
    var handlerScratch: [LayoutAttributes] = []
    /// What the handlers set, one record an item handed over, ordered by section and item: what the layout's answers
    /// carry for those items (`HandlerRecord`), and a section's new records.
    @exclusivity(unchecked) var handlerRecords: [HandlerRecord] = []
    var handlerRecordScratch: [HandlerRecord] = []
    /// The context of the orthogonal scroll not yet passed to `invalidateLayout(with:)`, and its section.
    @exclusivity(unchecked) var pendingOrthogonalScroll: (section: Int, context: InvalidationContext)?
    /// The rect whose engine answer `handlerScratch` holds, from the handler pass of the last `prepare()`, until
    /// anything changes the engine's answers (`takeHandlerPassAnswer(for:)`).
    @exclusivity(unchecked) var handlerPassRect: Rect?
    /// The engine's orthogonal offsets the handler passes asked, by section (NaN: not asked since they could move;
    /// infinity: the section does not scroll orthogonally), until a `prepare()` that rebuilds the sections.
    @exclusivity(unchecked) var orthogonalOffsetCache: [Double] = []
    /// The section whose orthogonal scroll the next `prepare()` lays out, or `nil` for any other pass.
    @exclusivity(unchecked) var orthogonalPassSection: Int?

    // Self-sizing `.estimated` heights (`UICollectionViewCompositionalLayout+SelfSizing.swift`).
    /// The self-sizing engine, from the first pass that met a section whose group height is `.estimated` (rules S1
    /// to S6 of Guides/UIKitCompositional.md) until a configuration change; `nil` keeps the closed-form engine.
    @exclusivity(unchecked) package internal(set) var sizingEngine: IncrementalSelfSizingCompositionalLayout?
    /// Whether the translations of the current pass met a self-sizing section, or (scrolling vertically) an
    /// `.estimated` header or footer or layout-wide item (S1).
    var metSelfSizingSection = false

    /// The same section everywhere.
    public convenience init(section: NSCollectionLayoutSection) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    /// The same section everywhere, with layout-wide options.
    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        source = .section(section)
        ownConfiguration = configuration.copy() as! UICollectionViewCompositionalLayoutConfiguration
        transposes = configuration.scrollDirection == .horizontal
        movesAnswers = transposes  // observers do not run in the class's own initializer
        super.init()
    }

    /// Sections from `sectionProvider`, asked for every section on every full layout pass.
    public convenience init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    /// Sections from `sectionProvider`, with layout-wide options.
    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
                configuration: UICollectionViewCompositionalLayoutConfiguration) {
        source = .provider(sectionProvider)
        ownConfiguration = configuration.copy() as! UICollectionViewCompositionalLayoutConfiguration
        transposes = configuration.scrollDirection == .horizontal
        movesAnswers = transposes  // observers do not run in the class's own initializer
        super.init()
    }

    /// No coder is read: a layout with no sections.
    public required init?(coder: NSCoder) {
        source = .provider { _, _ in nil }
        ownConfiguration = UICollectionViewCompositionalLayoutConfiguration()
        super.init(coder: coder)
    }

    // MARK: Engine

    /// The collection view's state as the engine reads it: its bounds transposed in a layout that scrolls
    /// horizontally (H1).
    var state: CollectionViewState? {
        guard let collectionView else { return nil }
        let bounds = Rect(collectionView.bounds)
        return CollectionViewState(bounds: transposes ? bounds.transposed : bounds, counts: collectionView.counts)
    }

    /// The bytes the engine's arrays hold, and the per-section kind indexes.
    package var engineBytes: Int {
        (engine?.attributeBytes ?? 0) + (sizingEngine?.attributeBytes ?? 0)
            + sectionKinds.capacity * MemoryLayout<Int32>.stride
    }

    /// Whether the header or footer of `kind` in `section` is pinned to the visible bounds at the last `prepare()`:
    /// for the bridge, so that pinned boundary items need not be listed in a family's `pinnedElementKinds`.
    ///
    /// - Complexity: O(1).
    package func pinsSupplementary(ofKind kind: String, inSection section: Int) -> Bool {
        if let sizingEngine { return selfSizingPins(kind, inSection: section, sizingEngine) }
        guard let engine, section >= 0 else { return false }
        if section == 0 && hasLayoutBoundaryItems {
            let boundary = engine.layoutBoundary
            if let header = boundary.header, header.kind.name == kind { return header.pinned }
            if let footer = boundary.footer, footer.kind.name == kind { return footer.pinned }
        }
        guard section < engine.sections.count else { return false }
        let pair = kinds(ofSection: section)
        let template = engine.templates[Int(engine.sections[section].template)]
        if kind == pair.header { return template.headerPinned }
        if kind == pair.footer { return template.footerPinned }
        return false
    }

    /// The engine's section at `index`, from the section or the provider; records the section's element kinds.
    /// `engineContainer` is the engine's container: in a layout that scrolls horizontally the transpose of the
    /// collection view's size, and the section the transpose of the one translated (H1).
    fileprivate func engineSection(at index: Int, containerSize engineContainer: Size) -> CompositionalSection {
        if index == 0 {
            metSelfSizingSection = fitsLayoutBoundaryItems  // G1: fitted from its view
            sectionKinds.removeAll(keepingCapacity: true)
            uniform = nil
            if !handlers.isEmpty { handlers.removeAll(keepingCapacity: true) }
            if !decorationKinds.isEmpty { clearBackgrounds() }
            clearBadges()
            if !boundaryShifts.isEmpty { boundaryShifts.removeAll() }
            if uniformBoundaryShift != .zero { uniformBoundaryShift = .zero }  // the observer runs only on a change
            if uniformBoundaryMoves != nil || !boundaryMoves.isEmpty { clearBoundaryMoves() }
            slotZIndexes.removeAll()
            if !sectionLists.isEmpty { sectionLists.removeAll() }
            references = currentReferences(width: layoutContainer(engineContainer).width)
        }
        let blueprint: NSCollectionLayoutSection?
        switch source {
        case let .section(section):
            // Translated once a pass: every section is the same.
            if let uniform {
                sectionKinds.append(uniform.kinds)
                return uniform.section
            }
            blueprint = section
        case let .provider(provider):
            let containerSize = layoutContainer(engineContainer)
            // Read once a pass (at section 0, where every full pass starts); a new object only when the size or
            // the scale changed, so that a steady-state pass allocates no environment.
            if index == 0 || environment == nil {
                let traits = collectionView?.traitCollection ?? UITraitCollection()
                let insets = containerInsets
                if environment == nil || environment?.contentSize != containerSize.cgSize
                    || environment?.contentInsets != insets
                    || environment?.traitCollection.displayScale != traits.displayScale
                {
                    environment = CompositionalLayoutEnvironment(contentSize: containerSize.cgSize,
                                                                 contentInsets: insets, traitCollection: traits)
                }
            }
            blueprint = provider(index, environment!)
        }
        guard let blueprint else {
            sectionKinds.append(0)
            return Self.emptySection
        }
        // Not before the uniform section's early return, so that its passes pay nothing for it.
        let containerSize = layoutContainer(engineContainer)
        let section: CompositionalSection, kinds: CompositionalKindPair, background: CompositionalDecorationItem?
        let badges: CompositionalBadges?, boundaryShift: BoundaryShift, extras: SectionExtras
        do {
            // A custom group's environment takes the collection view's traits, asked only where there is one (the
            // closures are written at the calls, so that they are not escaping and allocate nothing).
            if transposes {
                // The layout scrolls horizontally: the engine lays out the transpose (H1 to H10).
                (section, kinds, background, badges, extras) = try transposedEngineSection(
                    blueprint, containerSize: containerSize)
                boundaryShift = .zero
            } else {
                if let list = blueprint.listConfiguration {
                    (section, kinds, boundaryShift, extras) = try blueprint.listEngineSection(
                        list, containerSize: containerSize, references: references, traits: { customGroupTraits })
                } else {
                    let across: Double
                    (section, kinds, across, extras) = try blueprint.engineSection(
                        containerSize: containerSize, references: references, traits: { customGroupTraits })
                    boundaryShift = BoundaryShift(across: across)
                }
                background = try blueprint.engineBackground()
                badges = try blueprint.engineBadges(containerSize: containerSize, references: references,
                                                    traits: { customGroupTraits })
            }
        } catch {
            // The engine asks through a provider that cannot throw: the refusal is kept for `prepare()`, which
            // stops once the pass is over, and the section is laid out empty meanwhile.
            if refusal == nil { refusal = error }
            sectionKinds.append(0)
            return Self.emptySection
        }
        if case .provider = source, let handler = blueprint.visibleItemsInvalidationHandler {
            handlers[index] = handler
        }
        if hasLayoutBoundaryItems, let clash = ownConfiguration.boundarySupplementaryItems.first(where: {
            $0.elementKind == kinds.header || $0.elementKind == kinds.footer
        }) {
            // One kind for one kind of element (Apple): a layout-wide item and a section's header at (0, 0) of one
            // kind could not be told apart.
            if refusal == nil {
                refusal = UIKitUnsupportedFeature("a section boundary supplementary item of the kind of a layout-wide "
                    + "one (\(clash.elementKind))")
            }
        }
        if !metSelfSizingSection && (Self.selfSizes(section) || !transposes && Self.fitsBoundaries(section)) {
            metSelfSizingSection = true  // S1; a vertical layout's `.estimated` header or footer is fitted (S4)
        }
        var kindIndex = kindPairs.firstIndex(of: kinds) ?? -1
        if kindIndex < 0 {
            kindIndex = kindPairs.count
            kindPairs.append(kinds)
        }
        sectionKinds.append(Int32(kindIndex))
        if boundaryShift != .zero { boundaryShifts[index] = boundaryShift }
        if let list = blueprint.listConfiguration {
            if case .section = source { uniformList = list } else { sectionLists[index] = list }
        }
        if let background { record(background, ofSection: index) }
        if let badges {
            if case .section = source { uniformBadges = badges } else { sectionBadges[index] = badges }
        }
        if !extras.isEmpty { record(extras, of: blueprint, section: index, containerSize: containerSize) }
        if case .section = source {
            uniform = (section, Int32(kindIndex))
            if uniformBoundaryShift != boundaryShift { uniformBoundaryShift = boundaryShift }
        }
        return section
    }

    /// The edges of the content insets references in a pass whose container is `width` wide: from the collection
    /// view's safe area, layout margins and readable width, and the configuration's reference (CI1 to CI3); every
    /// edge the collection view's own without a collection view.
    private func currentReferences(width: Double) -> ContentInsetsReferences {
        guard let collectionView else { return .none }
        let safe = collectionView.safeAreaInsets, margins = collectionView.layoutMargins
        let configuration = ownConfiguration.contentInsetsReference
        return ContentInsetsReferences(width: width, safeArea: safe,
                                       layoutMargins: margins,
                                       readableWidth: Double(collectionView.readableContentWidth),
                                       configuration: configuration)
    }

    /// The container's content insets the section provider reads (CI5): the configuration's reference's leading and
    /// trailing insets in the current pass.
    var containerInsets: NSDirectionalEdgeInsets {
        let edge = references.insets(of: .automatic)
        return NSDirectionalEdgeInsets(top: 0, leading: CGFloat(edge.leading), bottom: 0,
                                       trailing: CGFloat(edge.trailing))
    }

    /// The traits of a custom group's environment: the section provider's, or the collection view's.
    var customGroupTraits: UITraitCollection {
        environment?.traitCollection ?? collectionView?.traitCollection ?? UITraitCollection()
    }

    /// Records section `index`'s background for the engine (beside its section: `CompositionalDecoratingProvider`).
    private func record(_ background: CompositionalDecorationItem, ofSection index: Int) {
        if case .section = source { uniformBackground = background } else { sectionBackgrounds[index] = background }
        let kind = ElementKindNames.string(for: background.elementKind) ?? ""
        if !decorationKinds.contains(kind) {
            decorationKinds.append(kind)
            decorationKindsUnchecked = true
        }
    }

    /// Forgets the badges of the last pass.
    private func clearBadges() {
        if uniformBadges != nil { uniformBadges = nil }
        if !sectionBadges.isEmpty { sectionBadges.removeAll() }
    }

    /// Forgets the backgrounds of the last pass.
    private func clearBackgrounds() {
        uniformBackground = nil
        sectionBackgrounds.removeAll()
        decorationKinds.removeAll()
        decorationKindsUnchecked = false
    }

    /// Stops the pass when a decoration kind recorded since the last check is registered with neither a class nor a
    /// nib: UIKit raises when it makes the view of an unregistered kind; here the pass that meets it stops. Either
    /// engine's pass (S5).
    func checkDecorationRegistration() {
        guard decorationKindsUnchecked else { return }
        decorationKindsUnchecked = false
        if let message = unregisteredDecorationMessage { UIKitCompatibility.exit(withError: message) }
    }

    /// The first decoration kind of the last pass registered with neither a class nor a nib, as UIKit's message for
    /// it (`could not dequeue a decoration view of kind: KIND - must register as a class or nib or connect a
    /// prototype in a storyboard`, raised as an uncaught `NSInternalInconsistencyException`), or `nil`.
    ///
    /// - Complexity: O(distinct decoration kinds).
    package var unregisteredDecorationMessage: String? {
        for kind in decorationKinds
        where registeredDecorationViewClasses[kind] == nil && registeredDecorationViewNibs[kind] == nil {
            return "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: "
                + "'could not dequeue a decoration view of kind: \(kind) - must register as a class or nib or "
                + "connect a prototype in a storyboard'"
        }
        return nil
    }

    /// A section with no items and no header or footer: a provider's `nil`.
    private static let emptySection = CompositionalSection(group: CompositionalGroup(
        axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(0)), subitems: []))

    /// The header and footer kinds of `section`.
    @inline(__always)
    private func kinds(ofSection section: Int) -> CompositionalKindPair {
        section >= 0 && section < sectionKinds.count ? kindPairs[Int(sectionKinds[section])] : kindPairs[0]
    }

    /// The engine's sections, and their backgrounds and badges beside them, asked of this layout.
    struct Provider: CompositionalDecoratingProvider, CompositionalBadgingProvider, @unchecked Sendable {
        unowned let layout: UICollectionViewCompositionalLayout

        func section(at index: Int, environment: CompositionalEnvironment) -> CompositionalSection {
            layout.engineSection(at: index, containerSize: environment.containerSize)
        }

        /// Whether any section of the pass had a decoration item.
        var decoratesSections: Bool { !layout.decorationKinds.isEmpty }

        /// The background section `index` had in the pass.
        func background(ofSection index: Int, environment: CompositionalEnvironment)
            -> CompositionalDecorationItem?
        {
            layout.uniformBackground ?? layout.sectionBackgrounds[index]
        }

        /// Whether any section of the pass had items or a group with supplementary items.
        var badgesSections: Bool { layout.uniformBadges != nil || !layout.sectionBadges.isEmpty }

        /// The badges section `index` had in the pass.
        func badges(ofSection index: Int, environment: CompositionalEnvironment) -> CompositionalBadges? {
            layout.uniformBadges ?? layout.sectionBadges[index]
        }
    }

    // MARK: UICollectionViewLayout

    /// Asks for every section and lays them out when the last invalidation asked for it (everything, counts, named
    /// items, a change of size); re-places pinned headers and footers after a scroll.
    ///
    /// - Complexity: O(sections + distinct sections x slots) after a rebuild; O(log sections + pinned elements) after
    ///   a scroll.
    open override func prepare() {
        super.prepare()
        beginHandlerPreparation()
        lastEngineWork = .none
        guard let state else { return }
        if let refusal = configurationRefusal { UIKitCompatibility.terminate(unsupported: refusal) }
        if let sizingEngine {
            prepareSelfSizing(sizingEngine, in: state)
            return
        }
        let engine: CompositionalLayout
        if let existing = self.engine {
            engine = existing
            engine.invalidate(with: engineContext)
        } else {
            engine = CompositionalLayout(provider: Provider(layout: self))
            engine.interSectionSpacing = Double(ownConfiguration.interSectionSpacing)
            // Translated without a refusal: `configurationRefusal` above checked it (G1 to G6).
            if hasLayoutBoundaryItems, let items = try? ownConfiguration.engineBoundaryItems() {
                engine.boundaryItems = items
            }
            self.engine = engine
        }
        engineContext = InvalidationContext()
        refusal = nil
        lastEngineWork = engine.prepare(in: state)
        if let refusal { UIKitCompatibility.terminate(unsupported: refusal) }
        if metSelfSizingSection {
            // A section self-sizes (S1): the self-sizing engine takes over from this pass on.
            startSelfSizing(in: state)
            return
        }
        checkDecorationRegistration()
        callVisibleItemsHandlers(engine, bounds: state.bounds)
    }

    /// What the engine cannot lay out in the layout-wide configuration: layout-wide boundary items other than one
    /// header and one footer of kinds of their own, or any in a layout that scrolls horizontally (H8).
    private var configurationRefusal: UIKitUnsupportedFeature? {
        if transposes && hasLayoutBoundaryItems {
            return UIKitUnsupportedFeature("layout-wide boundarySupplementaryItems in a "
                + "UICollectionViewCompositionalLayout that scrolls horizontally")
        }
        if hasLayoutBoundaryItems {
            do { _ = try ownConfiguration.engineBoundaryItems() } catch { return error }
        }
        return nil
    }

    /// Whether the configuration has layout-wide boundary items (G1 to G6).
    var hasLayoutBoundaryItems: Bool { !ownConfiguration.boundarySupplementaryItems.isEmpty }

    /// The first thing this layout asks of the engine that it cannot lay out, in its configuration or in the
    /// sections `0..<sections` (asked of the provider as a full layout pass asks them, in an environment of
    /// `containerSize`), or `nil`: what a UIKit family's `problem(for:)` reports, so that the harness refuses the
    /// workload in one line before it builds anything.
    ///
    /// - Complexity: O(sections) translations of a section (one for `init(section:)`), no item laid out.
    package func unsupportedFeature(sections: Int, containerSize: CGSize) -> UIKitUnsupportedFeature? {
        translatingSections(sections, containerSize: containerSize) { _ in false }
    }

    /// UIKit's message for the first decoration kind of the sections `0..<sections` (asked as
    /// ``unsupportedFeature(sections:containerSize:)`` asks them) that is registered with neither a class nor a nib
    /// (``unregisteredDecorationMessage``), or `nil`: what a UIKit family's `problem(for:)` reports, so that the
    /// harness refuses the workload in one line before it builds anything.
    ///
    /// - Complexity: O(sections) translations of a section (one for `init(section:)`).
    package func unregisteredDecorationMessage(sections: Int, containerSize: CGSize) -> String? {
        var message: String?
        _ = translatingSections(sections, containerSize: containerSize) { _ in
            message = unregisteredDecorationMessage
            return message != nil
        }
        return message
    }

    /// Whether any of the sections `0..<sections` (asked as ``unsupportedFeature(sections:containerSize:)`` asks
    /// them) scrolls orthogonally: what the `orthogonal` trace needs.
    ///
    /// - Complexity: O(sections) translations of a section (one for `init(section:)`), no item laid out.
    package func hasOrthogonalSection(sections: Int, containerSize: CGSize) -> Bool {
        var found = false
        _ = translatingSections(sections, containerSize: containerSize) { section in
            found = section.orthogonalScrollingBehavior != .none
            return found
        }
        return found
    }

    /// The configuration's refusal, or each of the sections `0..<sections` translated in turn, handed to `stop`
    /// until it answers `true`, and the first refusal met; the pass state the translation recorded (kinds, handlers)
    /// is cleared afterwards, as the refusal check always did.
    func translatingSections(_ sections: Int, containerSize: CGSize,
                             stop: (CompositionalSection) -> Bool) -> UIKitUnsupportedFeature? {
        if let refusal = configurationRefusal { return refusal }
        // The engine's container: transposed in a layout that scrolls horizontally (H1).
        let size = transposes ? Size(containerSize).transposed : Size(containerSize)
        let count: Int
        switch source {
        case .section: count = Swift.min(sections, 1)
        case .provider: count = sections
        }
        let met = metSelfSizingSection
        defer {
            metSelfSizingSection = met
            sectionKinds.removeAll()
            uniform = nil
            refusal = nil
            handlers.removeAll()
            clearBackgrounds()
            clearBadges()
            boundaryShifts.removeAll()
            if uniformBoundaryShift != .zero { uniformBoundaryShift = .zero }  // the observer runs only on a change
            clearBoundaryMoves()
            slotZIndexes.removeAll()
            sectionLists.removeAll()
        }
        refusal = nil
        metSelfSizingSection = false
        for index in 0..<Swift.max(0, count) {
            let section = engineSection(at: index, containerSize: size)
            if let refusal { return refusal }
            if let mixed = selfSizingRefusal { return mixed }
            if stop(section) { return nil }
        }
        return nil
    }

    open override var collectionViewContentSize: CGSize {
        if let sizingEngine { return sizingEngine.contentSize.cgSize }
        if transposes, let engine { return engine.contentSize.transposed.cgSize }
        return engineContentSize
    }

    /// The engine's elements in `rect` by CoreGraphics' rule (an element that only touches `rect` is not in it), as
    /// objects of `layoutAttributesClass` kept from query to query (an element answered again answers the same
    /// object, its values written afresh: Guides/UIKitCompositional.md, "Attributes objects kept across frames"),
    /// with what the visible-items handlers set (V4).
    ///
    /// - Complexity: O(log sections + k) for k elements; an allocation only for an element that enters with no object
    ///   to reuse.
    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        if let sizingEngine { return selfSizingElements(in: rect, of: sizingEngine) }
        let records = handlerRecords
        if records.isEmpty && slotZIndexes.isEmpty { return engineElements(in: rect) }
        guard let engine else { return nil }
        if !slotZIndexes.isEmpty { return customZIndexedElements(in: rect, of: engine) }
        var cursor = 0
        let answered = takeHandlerPassAnswer(for: rect)
        return makeObjects(in: rect, of: engine, scratch: &engineScratch, answered: answered) { element, state in
            guard element.kind == ElementKind.cell else { return }
            HandlerRecord.apply(records, cursor: &cursor, section: element.path.section, item: element.path.item,
                                to: &state)
        }
    }

    /// The item's attributes, with what its section's visible-items handler set on it at the last call.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        if let sizingEngine { return selfSizingItem(at: indexPath, of: sizingEngine) }
        let answer = engineItem(at: indexPath)
        if let answer, !slotZIndexes.isEmpty,
           let zIndex = slotZIndexes.zIndex(section: indexPath.section, item: indexPath.item) {
            answer.zIndex = zIndex
        }
        if let answer, !handlerRecords.isEmpty { applyHandlerResult(to: answer) }
        return answer
    }

    /// The header or footer of the section, by the element kind its boundary item was given, or the badge of that
    /// kind of the item at `indexPath` (or of the group whose first item it is); a layout-wide header or footer at
    /// (0, 0) by its kind (G5).
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard indexPath.count == 2, engine != nil || sizingEngine != nil else { return nil }
        let pair = kinds(ofSection: indexPath.section)
        var kind: ElementKind? = elementKind == pair.header ? ElementKind.sectionHeader
            : elementKind == pair.footer ? ElementKind.sectionFooter
            : ElementKindNames.kind(category: .supplementaryView, name: elementKind)
        // UIKit's standard header and footer kinds name the engine's header and footer only where the section's
        // boundary items use them.
        if elementKind != pair.header && elementKind != pair.footer
            && (kind == ElementKind.sectionHeader || kind == ElementKind.sectionFooter)
        {
            kind = nil
        }
        if let sizingEngine {
            guard let kind else { return nil }
            return makeObject(sizingEngine.attributesForSupplementaryElement(ofKind: kind, at: ElementPath(indexPath)))
        }
        return engineSupplementary(ofKind: kind, at: indexPath)
    }

    /// The background of the section (item 0), by the element kind its decoration item was given
    /// (`layoutAttributesForDecorationView(ofKind:at:)`); `nil` for another kind or path.
    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard indexPath.count == 2 else { return nil }
        let kind = ElementKindNames.kind(category: .decorationView, name: elementKind)
        if let sizingEngine { return makeObject(sizingEngine.attributesForDecorationView(ofKind: kind,
                                                                                          at: ElementPath(indexPath))) }
        guard let engine else { return nil }
        return makeObject(engine.attributesForDecorationView(ofKind: kind, at: ElementPath(indexPath)))
    }

    /// A change of size always invalidates (fractions resolve against the container); with a pinned header or
    /// footer, or a section with a visible-items handler (called before every pass), any bounds change does.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        if let sizingEngine, let state {
            return sizingEngine.shouldInvalidate(forBoundsChange: Rect(newBounds), in: state)
                || (hasVisibleItemsHandlers && newBounds != collectionView.bounds)
        }
        guard let engine, let state else { return newBounds.size != collectionView.bounds.size }
        let bounds = Rect(newBounds)
        return engine.shouldInvalidate(forBoundsChange: transposes ? bounds.transposed : bounds, in: state)
            || (hasVisibleItemsHandlers && newBounds != collectionView.bounds)
    }

    /// Everything after a change of size; otherwise a context naming nothing, which re-places the pinned elements.
    open override func invalidationContext(forBoundsChange newBounds: CGRect)
        -> UICollectionViewLayoutInvalidationContext
    {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        if let collectionView, newBounds.size != collectionView.bounds.size { context.everything = true }
        return context
    }

    /// Records what the next `prepare()` recomputes, then calls `super`. The context of an orthogonal scroll (the
    /// section's items in view, named) rebuilds nothing: the engine re-places that section's items by its offset.
    open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        handlerPassRect = nil
        if pendingOrthogonalScroll != nil && takeOrthogonalScroll(context) {
            super.invalidateLayout(with: context)
            return
        }
        if sizingEngine != nil {
            recordSelfSizingInvalidation(context)
            super.invalidateLayout(with: context)
            return
        }
        if context.invalidateEverything || context.invalidateDataSourceCounts
            || !(context.invalidatedItemIndexPaths ?? []).isEmpty
        {
            engineContext.invalidateEverything = true
        }
        engineContext.invalidateDataSourceCounts = engineContext.invalidateDataSourceCounts
            || context.invalidateDataSourceCounts
        engineContext.invalidatePinnedElements = true
        super.invalidateLayout(with: context)
    }

    // MARK: Self-sizing (`UICollectionViewCompositionalLayout+SelfSizing.swift`)

    /// Whether a cell's preferred attributes invalidate the layout (S2): while a section self-sizes, when the cell's
    /// item has an `.estimated` height in a self-sizing section and its preferred height differs from the original's;
    /// for a section's header or footer of `.estimated` height when its preferred height differs from its height now
    /// (S4); `false` otherwise, for decoration views, and for a layout that does not self-size (UIKit's default).
    ///
    /// - Complexity: O(1).
    open override func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool {
        guard let sizingEngine, let state else { return false }
        guard originalAttributes.representedElementCategory == .cell else {
            return shouldInvalidateBoundary(preferredAttributes, originalAttributes, sizingEngine, state)
        }
        return sizingEngine.shouldInvalidateLayout(forPreferredLayoutAttributes: cellValue(preferredAttributes),
                                                   withOriginalAttributes: cellValue(originalAttributes), in: state)
    }

    /// The context that takes a cell's preferred height (S2): a context of `invalidationContextClass` naming the
    /// item, with a `contentSizeAdjustment` of its group's change of height and no offset adjustment (S6); a
    /// header's or footer's (S4) names the supplementary element (`invalidateSupplementaryElements(ofKind:at:)`). The
    /// height is recorded here, as the item's from the next `prepare()` on: a subclass that overrides this calls
    /// `super`. Without a self-sizing section, `super`'s context (the item named, the size's change).
    ///
    /// - Complexity: O(items a group + resolutions since the last `prepare()`).
    open override func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
        if let sizingEngine, let state, originalAttributes.representedElementCategory == .supplementaryView,
           let context = boundaryContext(preferredAttributes, originalAttributes, sizingEngine, state) {
            return context
        }
        guard let sizingEngine, let state, originalAttributes.representedElementCategory == .cell else {
            return super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes,
                                             withOriginalAttributes: originalAttributes)
        }
        let engineContext = sizingEngine.invalidationContext(
            forPreferredLayoutAttributes: cellValue(preferredAttributes),
            withOriginalAttributes: cellValue(originalAttributes), in: state)
        let context = makeInvalidationContext()
        context.invalidateItems(at: [originalAttributes.indexPath])
        context.contentSizeAdjustment = engineContext.contentSizeAdjustment.cgSize
        if !engineContext.invalidatedSupplementaryPaths.isEmpty { nameBadges(engineContext, in: context) }  // S5
        return context
    }

    // MARK: Engine-backed

    /// The collection view's size from the engine's container: transposed back in a layout that scrolls
    /// horizontally (H1).
    @inline(__always)
    private func layoutContainer(_ engineContainer: Size) -> Size {
        transposes ? engineContainer.transposed : engineContainer
    }

    /// Sets `movesAnswers` from what moves answers.
    private func updateMovesAnswers() {
        movesAnswers = transposes || uniformBoundaryShift != .zero || !boundaryShifts.isEmpty
            || uniformBoundaryMoves != nil || !boundaryMoves.isEmpty
    }

    /// The engine's frame; a section header or footer on another edge than its items (CI4) moved across the scroll
    /// axis by its section's shift, a list's header below the padding above it (L9), a header or footer aligned at a
    /// trailing corner or given an offset by its own move (B9, B10); transposed in a layout that scrolls
    /// horizontally (H1).
    ///
    /// - Complexity: O(1).
    package func answeredFrame(of attributes: LayoutAttributes) -> Rect {
        guard movesAnswers else { return attributes.frame }
        if transposes { return attributes.frame.transposed }
        guard attributes.kind == ElementKind.sectionHeader || attributes.kind == ElementKind.sectionFooter
        else { return attributes.frame }
        let shift = uniformBoundaryShift != .zero ? uniformBoundaryShift
            : boundaryShifts[attributes.path.section] ?? .zero
        var frame = attributes.frame
        frame.origin.x += shift.across
        if uniformBoundaryMoves != nil || !boundaryMoves.isEmpty,
           let moves = uniformBoundaryMoves ?? boundaryMoves[attributes.path.section] {
            let own = attributes.kind == ElementKind.sectionHeader ? moves.header : moves.footer
            frame.origin.x += own.x
            frame.origin.y += own.y
        }
        if attributes.kind == ElementKind.sectionHeader && shift.headerDrop != 0 {
            // The engine's header spans the padding and the header: the answer is a subset of it, so the engine's
            // query already hands every header whose answer meets a rect, and the answer path filters the rest.
            frame.origin.y += shift.headerDrop
            frame.size.height -= shift.headerDrop
        }
        return frame
    }

    /// `rect`, or, while some header or footer is moved (CI4, B9, B10), `rect` across the whole content width and
    /// taller by the farthest move along the scroll axis, so that the engine hands every element whose moved frame
    /// may meet `rect`; the answer is filtered by the moved frames.
    /// Transposed in a layout that scrolls horizontally (H1; no header is moved there, H7).
    ///
    /// - Complexity: O(1).
    package func engineQueryRect(for rect: Rect) -> Rect {
        guard movesAnswers else { return rect }
        if transposes { return rect.transposed }
        let edges = rect.standardizedEdges
        let width = Swift.max(edges.maxX, Double(collectionView?.bounds.width ?? 0))
        let minX = Swift.min(edges.minX, 0)
        let reach = boundaryReachAlong
        return Rect(x: minX, y: edges.minY - reach, width: width - minX, height: edges.maxY - edges.minY + 2 * reach)
    }

    /// This layout: its answers are the compositional engine's.
    package override var engineBacked: (any EngineBackedLayout)? { self }

    /// The engine's recomputed elements at the last `prepare()`; its size queries are the collection view's.
    package var engineWorkForHost: PreparationWork {
        PreparationWork(recomputedElements: lastEngineWork.recomputedElements, sizeQueries: 0)
    }

    /// The kind its section's boundary item was given for a header or footer; a badge's or a decoration's own.
    package func elementKindString(of attributes: LayoutAttributes) -> String? {
        let pair = kinds(ofSection: attributes.path.section)
        if attributes.kind == ElementKind.sectionHeader { return pair.header }
        if attributes.kind == ElementKind.sectionFooter { return pair.footer }
        return ElementKindNames.string(for: attributes.kind)
    }

}
