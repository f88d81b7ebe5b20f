/// What a list section keeps for its cells beside their frames: the swipe-action providers and the separator
/// handler of its `UICollectionLayoutListConfiguration` (Guides/UIKitCompositional.md, "Lists", L7 and L8).
///
/// UIKit asks them while the user interacts and as cells are configured: a swipe-action provider when a swipe begins
/// on a row, once for that swipe, with the row's index path; the separator handler when a cell's separators are
/// configured. Nothing swipes or draws on Linux, so the layout keeps each list section's configuration from its
/// last full layout pass and these calls are what a swipe beginning, or a cell being configured, would make.
extension UICollectionViewCompositionalLayout {
    /// The list configuration section `section` was made from, as of the last full layout pass; `nil` for a section
    /// not made by `NSCollectionLayoutSection.list(using:layoutEnvironment:)`.
    ///
    /// - Complexity: O(1).
    package func listConfiguration(ofSection section: Int) -> UICollectionLayoutListConfiguration? {
        if case .section = source { return uniformList }
        return sectionLists[section]
    }

    /// What the list asks when a swipe begins on the row at `indexPath` from its leading (`leading`) or trailing
    /// edge: the provider of that edge called with `indexPath`; `nil` without a provider (UIKit shows no actions)
    /// or outside a list section.
    package func swipeActionsConfiguration(forItemAt indexPath: IndexPath, leading: Bool)
        -> UISwipeActionsConfiguration?
    {
        guard let list = listConfiguration(ofSection: indexPath.section) else { return nil }
        let provider = leading ? list.leadingSwipeActionsConfigurationProvider
            : list.trailingSwipeActionsConfigurationProvider
        return provider?(indexPath)
    }

    /// The separators of the item at `indexPath`: the section's ``UICollectionLayoutListConfiguration/separatorConfiguration``
    /// passed through its ``UICollectionLayoutListConfiguration/itemSeparatorHandler`` when it has one (UIKit: "the
    /// final separator configuration for the item"); `nil` outside a list section.
    package func separatorConfiguration(forItemAt indexPath: IndexPath) -> UIListSeparatorConfiguration? {
        guard let list = listConfiguration(ofSection: indexPath.section) else { return nil }
        return list.itemSeparatorHandler?(indexPath, list.separatorConfiguration) ?? list.separatorConfiguration
    }
}
