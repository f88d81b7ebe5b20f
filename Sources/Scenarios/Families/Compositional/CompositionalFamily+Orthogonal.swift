import LayoutModel
import Layouts
import SeededRandom

extension CompositionalOrthogonalBehavior: LayoutParameterValue {}

extension CompositionalFamily: OrthogonalSectionFamily {
    /// An App-Store-like home screen: the grid, with half of its sections (seeded) `groupPaging` carousels between
    /// them.
    public static var homeScreen: CompositionalFamily {
        var family = CompositionalFamily()
        family.orthogonal = .groupPaging
        family.orthogonalFraction = 0.5
        return family
    }

    /// Whether some sections are carousels: a behaviour other than `none` and a fraction above 0.
    public var hasCarousels: Bool { orthogonal != .none && orthogonalFraction > 0 }

    /// ``hasCarousels``, whatever the content.
    public func hasOrthogonalSections(for content: ContentSpec) -> Bool { hasCarousels }

    /// Why the carousel parameters cannot be used, in one line, or `nil`.
    var orthogonalProblem: String? {
        guard orthogonalFraction.isFinite, orthogonalFraction >= 0, orthogonalFraction <= 1 else {
            return "compositional: orthogonalFraction must be in 0...1, got \(orthogonalFraction)"
        }
        return nil
    }

    /// The App Store's carousel: groups 85% of the section's effective width and 240 points high, three items
    /// stacked in each, 8 apart; 10 points between groups; 16 leading and trailing, 10 above and below; the family's
    /// header and footer; the family's ``orthogonal`` behaviour.
    var carousel: CompositionalSection {
        let item = CompositionalItem(size: CompositionalSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let group = CompositionalGroup(
            axis: .vertical, size: CompositionalSize(width: .fractionalWidth(0.85), height: .absolute(240)),
            subitems: [item], count: 3, interItemSpacing: .fixed(8))
        return CompositionalSection(
            group: group, contentInsets: EdgeInsets(top: 10, left: 16, bottom: 10, right: 16), interGroupSpacing: 10,
            header: CompositionalPresets.header(height: headerHeight, pinned: pinHeaders),
            footer: CompositionalPresets.footer(height: footerHeight, pinned: pinFooters),
            orthogonalScrollingBehavior: orthogonal)
    }
}

/// The family's sections with a seeded share of them replaced by a carousel: section `i` is the carousel when a
/// draw of a generator seeded with the seed and `i` (`SeededGenerator`, the same on every platform) falls below the fraction, else the base
/// provider's section. The same seed gives the same sections whatever the strategy.
struct CarouselMixProvider: CompositionalSectionProvider {
    /// The sections that are not carousels.
    let base: any CompositionalSectionProvider
    /// The carousel.
    let carousel: CompositionalSection
    /// The share of carousels, and the seed.
    let fraction: Double
    let seed: UInt64

    /// Whether section `index` is a carousel.
    func isCarousel(_ index: Int) -> Bool {
        var generator = SeededGenerator(seed: seed ^ 0x0C4A_0125_E100_0038 ^ UInt64(truncatingIfNeeded: index))
        return Double(generator.next() >> 11) * 0x1p-53 < fraction
    }

    func section(at index: Int, environment: CompositionalEnvironment) -> CompositionalSection {
        isCarousel(index) ? carousel : base.section(at: index, environment: environment)
    }
}
