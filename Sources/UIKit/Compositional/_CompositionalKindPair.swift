/// The element kinds a section's header and footer were given.
package struct CompositionalKindPair: Hashable {
    package var header = UICollectionView.elementKindSectionHeader
    package var footer = UICollectionView.elementKindSectionFooter
}
