import LayoutModel

/// A section provider whose sections' items and groups may carry supplementary items (badges:
/// `NSCollectionLayoutItem.supplementaryItems`, `NSCollectionLayoutGroup.supplementaryItems`).
///
/// A refinement, not a field of ``CompositionalSection``, as ``CompositionalDecoratingProvider``: a layout whose
/// provider is not one (or answers ``badgesSections`` `false`) keeps its section blueprints, templates and records
/// exactly as without badges, and pays one test a prepare and one a query (`Guides/CompositionalLayout.md`, "Item and
/// group badges").
public protocol CompositionalBadgingProvider: CompositionalSectionProvider {
    /// Whether any section of the pass just asked carries badges: asked once, after every section of a full pass
    /// (or of a batch's sections) has been asked with ``CompositionalSectionProvider/section(at:environment:)``.
    var badgesSections: Bool { get }

    /// The badges of section `index`, or `nil`; asked after ``badgesSections`` answered `true`, for every section,
    /// in the environment its section was asked in.
    func badges(ofSection index: Int, environment: CompositionalEnvironment) -> CompositionalBadges?
}

/// The sections of another provider, each carrying the same badges; the base's backgrounds, if it decorates, kept.
public struct BadgedSectionProvider: CompositionalBadgingProvider, CompositionalDecoratingProvider {
    /// Where sections (and backgrounds) come from.
    public var base: any CompositionalSectionProvider
    /// The badges every section carries.
    public var badges: CompositionalBadges

    /// Creates the provider.
    public init(_ base: any CompositionalSectionProvider, badges: CompositionalBadges) {
        self.base = base
        self.badges = badges
    }

    /// The base's section.
    public func section(at index: Int, environment: CompositionalEnvironment) -> CompositionalSection {
        base.section(at: index, environment: environment)
    }

    /// The base's period: the badges are the same everywhere.
    public var indexPeriod: Int? { base.indexPeriod }

    /// Whether ``badges`` holds any.
    public var badgesSections: Bool { !badges.isEmpty }

    /// ``badges``.
    public func badges(ofSection index: Int, environment: CompositionalEnvironment) -> CompositionalBadges? {
        badges
    }

    /// The base's answer, when it decorates.
    public var decoratesSections: Bool { (base as? any CompositionalDecoratingProvider)?.decoratesSections ?? false }

    /// The base's background, when it decorates.
    public func background(ofSection index: Int, environment: CompositionalEnvironment)
        -> CompositionalDecorationItem?
    {
        (base as? any CompositionalDecoratingProvider)?.background(ofSection: index, environment: environment)
    }
}
