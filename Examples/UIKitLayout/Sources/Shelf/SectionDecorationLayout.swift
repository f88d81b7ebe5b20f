import UIKit

/// The decoration kind of the "Section Background Decoration" screen's backgrounds.
let sectionBackgroundDecorationElementKind = "section-background-element-kind"

/// Apple's "Section Background Decoration" screen ("Implementing Modern Collection Views",
/// SectionDecorationViewController), written as the sample writes it: a list-like section of full-width rows 44 high,
/// 5 apart, inset 10 from the section's edges, over a background decoration item inset 5 from them, whose view class
/// is registered with the layout.
func makeSectionDecorationLayout() -> UICollectionViewLayout {
    let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                          heightDimension: .fractionalHeight(1.0))
    let item = NSCollectionLayoutItem(layoutSize: itemSize)

    let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                           heightDimension: .absolute(44))
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])

    let section = NSCollectionLayoutSection(group: group)
    section.interGroupSpacing = 5
    section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)

    let sectionBackgroundDecoration = NSCollectionLayoutDecorationItem.background(
        elementKind: sectionBackgroundDecorationElementKind)
    sectionBackgroundDecoration.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
    section.decorationItems = [sectionBackgroundDecoration]

    let layout = UICollectionViewCompositionalLayout(section: section)
    layout.register(SectionBackgroundDecorationView.self,
                    forDecorationViewOfKind: sectionBackgroundDecorationElementKind)
    return layout
}

/// The screen's background view: a grey rounded rectangle with a thin outline.
final class SectionBackgroundDecorationView: UICollectionReusableView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        configure()
    }

    required init?(coder: NSCoder) {
        fatalError("not implemented")
    }

    private func configure() {
        backgroundColor = UIColor.lightGray.withAlphaComponent(0.5)
        layer.borderColor = UIColor.black.cgColor
        layer.borderWidth = 1
        layer.cornerRadius = 12
    }
}
