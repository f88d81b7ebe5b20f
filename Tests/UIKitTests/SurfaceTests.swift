import LayoutBenchUIKit
import Testing
import UIKit
import Scenarios

/// The per-section data source with fixed counts, for a standalone collection view.
final class TwoSectionDataSource: PerSectionDataSource {
    override func numberOfSections(in collectionView: UICollectionView) -> Int { 2 }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        section == 0 ? 4 : 3
    }
}

/// The API issue 30 adds, each with the semantics layouts rely on; frames hand-computed.
@Suite("the UIKit surface: data source, layer, nibs, margins, fitting, cells, observers, delegate calls")
struct SurfaceTests {
    @Test("a data-source subclass answers header and footer sizes, insets and spacings per section, through the flow layout")
    func dataSourceSubclass() {
        let layout = UICollectionViewFlowLayout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = TwoSectionDataSource(ContentSpec(sections: 2, itemsPerSection: 4))
        view.delegate = dataSource
        view.dataSource = dataSource
        view.layoutIfNeeded()
        // Section 0: header 60 (0..60), inset top 0, left and right 16 (358 available), interitem 4, line spacing 2.
        // Items 100 x 40, 50, 60, 40. Line 1 holds items 0-2 (308 <= 358; a fourth needs 412): full, justified,
        // the leftover 58 over two gaps, so x = 16, 145, 274; 60 tall from y 60, items centred: 70, 65, 60. Line 2
        // at 60 + 60 + 2 = 122 holds item 3, the last line, spaced as if completed with two copies (R4): x 16, y 122.
        // Bottom inset 8: 170; footer 12: 170..182. Section 1: header 30 (182..212), inset top 4: the line at 216,
        // interitem 20 (340 <= 358): x 16, 145, 274, y 226, 221, 216; end 276 + 8 = 284.
        func frame(_ item: Int, _ section: Int) -> CGRect? {
            layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
        }
        #expect(frame(0, 0) == CGRect(x: 16, y: 70, width: 100, height: 40))
        #expect(frame(1, 0) == CGRect(x: 145, y: 65, width: 100, height: 50))
        #expect(frame(2, 0) == CGRect(x: 274, y: 60, width: 100, height: 60))
        #expect(frame(3, 0) == CGRect(x: 16, y: 122, width: 100, height: 40))
        #expect(frame(0, 1) == CGRect(x: 16, y: 226, width: 100, height: 40))
        #expect(frame(2, 1) == CGRect(x: 274, y: 216, width: 100, height: 60))
        let header1 = layout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader,
                                                                  at: IndexPath(item: 0, section: 1))
        #expect(header1?.frame == CGRect(x: 0, y: 182, width: 390, height: 30))
        let footer0 = layout.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionFooter,
                                                                  at: IndexPath(item: 0, section: 0))
        #expect(footer0?.frame == CGRect(x: 0, y: 170, width: 390, height: 12))
        #expect(layout.collectionViewContentSize == CGSize(width: 390, height: 284))
        // The subclass counts its own size calls, one an item.
        #expect(view.sizeQueries == 7)
    }

    @Test("UIView.layer holds the geometry: bounds, position, anchor point, zPosition, transform; frame derives")
    func layer() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.layer.position == CGPoint(x: 60, y: 45))
        #expect(view.layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        // The anchor at the top-left corner: the position is then the frame's origin.
        view.layer.anchorPoint = .zero
        #expect(view.frame == CGRect(x: 60, y: 45, width: 100, height: 50))
        view.layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        // A quarter turn about the centre (60, 45): 100 x 50 becomes 50 x 100 around the same centre.
        view.layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(view.frame.integral == CGRect(x: 35, y: -5, width: 50, height: 100))
        #expect(view.transform.b == 1 && abs(view.transform.a) < 1e-12)
        view.transform = .identity
        #expect(CATransform3DIsIdentity(view.layer.transform))
        let background = CardBackgroundView(frame: .zero)
        let attributes = UICollectionViewLayoutAttributes(forDecorationViewOfKind: "Background",
                                                          with: IndexPath(item: 0, section: 0))
        attributes.frame = CGRect(x: 0, y: 0, width: 200, height: 80)
        attributes.zIndex = -1
        attributes.transform3D = CATransform3DMakeScale(0.5, 0.5, 1)
        background.apply(attributes)
        #expect(background.layer.zPosition == -1)
        #expect(background.layer.transform == CATransform3DMakeScale(0.5, 0.5, 1))
        // The scaled layer's frame: 100 x 40 about the centre (100, 40).
        #expect(background.frame == CGRect(x: 50, y: 20, width: 100, height: 40))
    }

    @Test("a card layout placed through a CALayer gives the layer's frames and transforms")
    func tiltedCards() {
        let layout = TiltedCardsLayout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionedDataSource([3])
        view.dataSource = dataSource
        view.layoutIfNeeded()
        // Card 0: 200 x 120 centred at x 195, from y 20: (95, 20). Card 1: turned a quarter, 120 x 200 about its
        // centre (195, 160 + 60 = 220): (135, 120). Card 2 below it: y 160 + 200 + 20 = 380.
        let frames = (0..<3).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(frames[0] == CGRect(x: 95, y: 20, width: 200, height: 120))
        #expect(frames[1] == CGRect(x: 135, y: 120, width: 120, height: 200))
        #expect(frames[2] == CGRect(x: 95, y: 380, width: 200, height: 120))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.zIndex == 1)
    }

    @Test("nibs register, load nothing; cells are nil; margins, safe area, fitting and observers as documented")
    func surface() {
        let layout = KindAssertingLayout()
        let nib = UINib(nibName: "Badge", bundle: nil)
        layout.register(nib, forDecorationViewOfKind: "Badge")
        #expect(layout.registeredDecorationViewNibs["Badge"] === nib)
        layout.register(CardBackgroundView.self, forDecorationViewOfKind: "Badge")
        #expect(layout.registeredDecorationViewNibs["Badge"] == nil)
        #expect(nib.instantiate(withOwner: nil, options: nil).isEmpty)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        view.register(nib, forCellWithReuseIdentifier: "cell")
        view.register(nib, forSupplementaryViewOfKind: "Badge", withReuseIdentifier: "badge")
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) == nil)
        #expect(view.visibleCells.isEmpty)
        #expect(view.safeAreaInsets == .zero)
        #expect(view.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        #expect(view.layoutMargins == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        let cell = UICollectionViewCell(frame: CGRect(x: 0, y: 0, width: 50, height: 70))
        let fitted = cell.systemLayoutSizeFitting(CGSize(width: 320, height: UIView.layoutFittingCompressedSize.height),
                                                  withHorizontalFittingPriority: .required,
                                                  verticalFittingPriority: .fittingSizeLevel)
        #expect(fitted == CGSize(width: 320, height: 70))
        #expect(UILayoutPriority.defaultHigh > .defaultLow && UILayoutPriority.required.rawValue == 1000)
        #expect(UILayoutPriority.defaultLow + 1 == UILayoutPriority(251))
        layout.addObserver(view, forKeyPath: "collectionViewContentSize", options: [.new], context: nil)
        layout.removeObserver(view, forKeyPath: "collectionViewContentSize", context: nil)
        view.removeObserver(layout, forKeyPath: "contentOffset", context: nil)
        var observationContext = 0
        view.addObserver(layout, forKeyPath: "contentOffset", options: [.new, .old], context: &observationContext)
        view.removeObserver(layout, forKeyPath: "contentOffset", context: &observationContext)
    }

    @Test("the force-unwrapped flow delegate call returns the value, as on iOS")
    func forceUnwrappedDelegateCall() {
        let layout = UICollectionViewFlowLayout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = TwoSectionDataSource(ContentSpec(sections: 2, itemsPerSection: 4))
        view.delegate = dataSource
        let delegate = view.delegate as! UICollectionViewDelegateFlowLayout
        let size: CGSize = delegate.collectionView!(view, layout: layout, sizeForItemAt: IndexPath(item: 1, section: 0))
        let inset = delegate.collectionView!(view, layout: layout, insetForSectionAt: 1)
        let header = (view.delegate as? UICollectionViewDelegateFlowLayout)?.collectionView?(
            view, layout: layout, referenceSizeForHeaderInSection: 1)
        #expect(size == CGSize(width: 100, height: 50))
        #expect(inset == UIEdgeInsets(top: 4, left: 16, bottom: 8, right: 16))
        #expect(header == CGSize(width: 0, height: 30))
        let optional = view.delegate?.collectionView?(view, layout: layout, minimumLineSpacingForSectionAt: 0)
        #expect(optional == 2)
    }
}
