import LayoutModel

/// A section's blueprint, as `NSCollectionLayoutSection`: one group repeated along the scroll axis, content insets,
/// the spacing between groups, and an optional header and footer.
public struct CompositionalSection: Hashable, Sendable {
    /// The group, repeated until every item of the section is placed.
    public var group: CompositionalGroup
    /// Insets between the section's boundary (and its header and footer) and its groups.
    public var contentInsets: EdgeInsets
    /// The spacing between consecutive groups along the scroll axis.
    public var interGroupSpacing: Double
    /// The header, aligned ``CompositionalBoundaryAlignment/top``.
    public var header: CompositionalBoundaryItem?
    /// The footer, aligned ``CompositionalBoundaryAlignment/bottom``.
    public var footer: CompositionalBoundaryItem?
    /// How the section scrolls across the layout's axis (`orthogonalScrollingBehavior`): with any value but
    /// ``CompositionalOrthogonalBehavior/none`` its groups are laid out side by side, ``interGroupSpacing`` apart, in
    /// one run, and the section keeps its own offset.
    public var orthogonalScrollingBehavior: CompositionalOrthogonalBehavior

    /// Creates a section.
    public init(group: CompositionalGroup, contentInsets: EdgeInsets = .zero, interGroupSpacing: Double = 0,
                header: CompositionalBoundaryItem? = nil, footer: CompositionalBoundaryItem? = nil,
                orthogonalScrollingBehavior: CompositionalOrthogonalBehavior = .none) {
        self.group = group
        self.contentInsets = contentInsets
        self.interGroupSpacing = interGroupSpacing
        self.header = header
        self.footer = footer
        self.orthogonalScrollingBehavior = orthogonalScrollingBehavior
    }
}

/// What a section provider may read, as `NSCollectionLayoutEnvironment`: the container's size.
public struct CompositionalEnvironment: Hashable, Sendable {
    /// The collection view's bounds size.
    public var containerSize: Size

    /// Creates an environment.
    public init(containerSize: Size) { self.containerSize = containerSize }
}

/// The per-section provider of `UICollectionViewCompositionalLayout(sectionProvider:)`, so that sections can differ.
///
/// A provider is asked once per section on every full `prepare()`; return equal sections where they are equal, so
/// that the layout resolves each distinct section once.
public protocol CompositionalSectionProvider: Sendable {
    /// The section at `index`.
    func section(at index: Int, environment: CompositionalEnvironment) -> CompositionalSection

    /// A period `p` such that the section at `i + p` is always the section at `i`, or `nil` when sections may differ
    /// in any way by index (the default). ``IncrementalCompositionalLayout`` uses it to place the sections a batch
    /// renumbers without asking for them again.
    var indexPeriod: Int? { get }
}

extension CompositionalSectionProvider {
    /// `nil`: sections may differ in any way by index.
    public var indexPeriod: Int? { nil }
}

/// The same section everywhere, as `UICollectionViewCompositionalLayout(section:)`.
public struct UniformSectionProvider: CompositionalSectionProvider {
    /// The section.
    public var section: CompositionalSection

    /// Creates the provider.
    public init(_ section: CompositionalSection) { self.section = section }

    /// The section.
    public func section(at index: Int, environment: CompositionalEnvironment) -> CompositionalSection { section }

    /// 1: every section is the same.
    public var indexPeriod: Int? { 1 }
}

/// Sections taken from a list in turn: section `i` is `sections[(i + phase) % sections.count]`.
public struct AlternatingSectionProvider: CompositionalSectionProvider {
    /// The sections, in turn.
    public var sections: [CompositionalSection]
    /// Which of them section 0 takes.
    public var phase: Int

    /// Creates the provider; `sections` must not be empty.
    public init(_ sections: [CompositionalSection], phase: Int = 0) {
        precondition(!sections.isEmpty, "an alternating section provider needs at least one section")
        self.sections = sections
        self.phase = phase
    }

    /// The section in turn.
    public func section(at index: Int, environment: CompositionalEnvironment) -> CompositionalSection {
        sections[(index + phase) % sections.count]
    }

    /// The number of sections taken in turn.
    public var indexPeriod: Int? { sections.count }
}
