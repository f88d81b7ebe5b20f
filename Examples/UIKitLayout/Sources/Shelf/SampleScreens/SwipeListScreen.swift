import UIKit

/// An inset grouped list as an app writes it after WWDC20's "Lists in UICollectionView" (10026): section headers,
/// swipe to delete or archive from the trailing edge, a pin action from the leading edge, separators inset to the
/// text (past a 44-point icon) and none above a section's first row, 8 points above each header
/// (`headerTopPadding`, iOS 15). Separators and swipe actions move no frame; the rows self-size from `.estimated(44)`
/// (Guides/UIKitCompositional.md, L1 to L9).
public enum SwipeActionsListScreen: SampleScreen {
    public static let name = "sample-swipe-list"
    public static let summary = "an inset grouped list with swipe actions, inset separators and headerTopPadding "
        + "(WWDC20 10026 style; UIKit example)"

    /// The list configuration of the screen, as its `createLayout()` builds it.
    public static func configuration() -> UICollectionLayoutListConfiguration {
        var config = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        config.headerMode = .supplementary
        config.headerTopPadding = 8
        config.separatorConfiguration.bottomSeparatorInsets = NSDirectionalEdgeInsets(top: 0, leading: 60, bottom: 0,
                                                                                      trailing: 0)
        config.itemSeparatorHandler = { indexPath, sectionSeparatorConfiguration in
            var configuration = sectionSeparatorConfiguration
            if indexPath.item == 0 { configuration.topSeparatorVisibility = .hidden }
            return configuration
        }
        config.trailingSwipeActionsConfigurationProvider = { indexPath in
            let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, completion in
                completion(true)
            }
            let archive = UIContextualAction(style: .normal, title: "Archive") { _, _, completion in
                completion(true)
            }
            archive.backgroundColor = .systemGray
            return UISwipeActionsConfiguration(actions: [delete, archive])
        }
        config.leadingSwipeActionsConfigurationProvider = { indexPath in
            let pin = UIContextualAction(style: .normal, title: "Pin") { _, _, completion in completion(true) }
            pin.backgroundColor = .blue
            let configuration = UISwipeActionsConfiguration(actions: [pin])
            configuration.performsFirstActionWithFullSwipe = false
            return configuration
        }
        return config
    }

    public static func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout.list(using: configuration())
    }
}
