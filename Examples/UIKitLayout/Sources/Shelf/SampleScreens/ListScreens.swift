import UIKit

/// A plain list in the style of Apple's "Simple List" screen (ListViewController), with section headers:
/// `UICollectionViewCompositionalLayout.list(using:)` over a `.plain` configuration whose `headerMode` is
/// `.supplementary`. Rows the container's width, self-sizing from `.estimated(44)` (Guides/UIKitCompositional.md, L1
/// to L6).
public enum PlainListScreen: SampleScreen {
    public static let name = "sample-plain-list"
    public static let summary = "a plain list with section headers, list(using:) (Apple's list samples; UIKit example)"

    public static func makeLayout() -> UICollectionViewLayout {
        var config = UICollectionLayoutListConfiguration(appearance: .plain)
        config.headerMode = .supplementary
        return UICollectionViewCompositionalLayout.list(using: config)
    }
}

/// A grouped list with section headers and footers: `list(using:)` over a `.grouped` configuration, separators off
/// and a background colour set (accepted, not drawn).
public enum GroupedListScreen: SampleScreen {
    public static let name = "sample-grouped-list"
    public static let summary = "a grouped list with section headers and footers, list(using:) (Apple's list samples; UIKit example)"

    public static func makeLayout() -> UICollectionViewLayout {
        var config = UICollectionLayoutListConfiguration(appearance: .grouped)
        config.headerMode = .supplementary
        config.footerMode = .supplementary
        config.showsSeparators = false
        config.backgroundColor = .systemGray6
        return UICollectionViewCompositionalLayout.list(using: config)
    }
}

/// Apple's "List Appearances" screen (ListAppearancesViewController) at its inset grouped appearance: a section
/// provider making each section with `NSCollectionLayoutSection.list(using:layoutEnvironment:)`, the first item of
/// each section its header.
public enum ListAppearancesScreen: SampleScreen {
    public static let name = "sample-list-appearances"
    public static let summary = "Apple's \"List Appearances\" sample, inset grouped, first item as header (UIKit example)"

    /// The appearance the screen shows.
    static let appearance = UICollectionLayoutListConfiguration.Appearance.insetGrouped

    public static func makeLayout() -> UICollectionViewLayout {
        return UICollectionViewCompositionalLayout() { section, layoutEnvironment in
            var config = UICollectionLayoutListConfiguration(appearance: appearance)
            config.headerMode = .firstItemInSection
            return NSCollectionLayoutSection.list(using: config, layoutEnvironment: layoutEnvironment)
        }
    }
}
