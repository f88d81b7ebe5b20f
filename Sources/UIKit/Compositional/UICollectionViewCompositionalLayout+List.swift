/// List layouts (Guides/UIKitCompositional.md, "Lists", rules L1 to L6).
extension UICollectionViewCompositionalLayout {
    /// A layout whose every section is the list section `configuration` makes
    /// (``NSCollectionLayoutSection/list(using:layoutEnvironment:)``), as UIKit's `list(using:)`: a section provider
    /// asked for each section, so that it reads the environment of each pass.
    public static func list(using configuration: UICollectionLayoutListConfiguration)
        -> UICollectionViewCompositionalLayout
    {
        UICollectionViewCompositionalLayout { _, environment in
            NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
    }
}
