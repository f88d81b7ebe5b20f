import LayoutModel

/// A section provider whose sections may carry a background decoration (`NSCollectionLayoutSection.decorationItems`).
///
/// A refinement, not a field of ``CompositionalSection``: a layout whose provider is not one (or answers
/// ``decoratesSections`` `false`) keeps its section blueprints, templates and records exactly as without decorations,
/// and pays one test a prepare and one a query (`Guides/CompositionalLayout.md`, "Section backgrounds").
public protocol CompositionalDecoratingProvider: CompositionalSectionProvider {
    /// Whether any section of the pass just asked carries a background: asked once, after every section of a full
    /// pass (or of a batch's sections) has been asked with ``CompositionalSectionProvider/section(at:environment:)``.
    var decoratesSections: Bool { get }

    /// The background of section `index`, or `nil`; asked after ``decoratesSections`` answered `true`, for every
    /// section, in the environment its section was asked in.
    func background(ofSection index: Int, environment: CompositionalEnvironment) -> CompositionalDecorationItem?
}

/// The sections of another provider, each carrying the same background.
public struct DecoratedSectionProvider: CompositionalDecoratingProvider {
    /// Where sections come from.
    public var base: any CompositionalSectionProvider
    /// The background every section carries.
    public var background: CompositionalDecorationItem

    /// Creates the provider.
    public init(_ base: any CompositionalSectionProvider, background: CompositionalDecorationItem) {
        self.base = base
        self.background = background
    }

    /// The base's section.
    public func section(at index: Int, environment: CompositionalEnvironment) -> CompositionalSection {
        base.section(at: index, environment: environment)
    }

    /// The base's period: the background is the same everywhere.
    public var indexPeriod: Int? { base.indexPeriod }

    /// `true`.
    public var decoratesSections: Bool { true }

    /// ``background``.
    public func background(ofSection index: Int, environment: CompositionalEnvironment)
        -> CompositionalDecorationItem?
    {
        background
    }
}
