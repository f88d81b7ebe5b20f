import UIKit

/// Sections of the counts given, as a screen's data source: what the screens' tests lay out.
final class SectionCounts: NSObject, UICollectionViewDataSource {
    let counts: [Int]
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        counts[section]
    }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell { UICollectionViewCell() }
}

/// A standalone collection view of `layout` over sections of `counts`, laid out once (390 x 844, a phone, unless
/// `size` says otherwise). Keep the pair alive while the layout is read.
func installed(_ layout: UICollectionViewLayout, _ counts: [Int], size: CGSize = CGSize(width: 390, height: 844))
    -> (UICollectionView, SectionCounts)
{
    let view = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
    let dataSource = SectionCounts(counts)
    view.dataSource = dataSource
    view.layoutIfNeeded()
    return (view, dataSource)
}

/// Whether `a` is `b` within 1e-9 on every edge: fractions of 390 and 844 are not exact in binary.
func isNear(_ a: CGRect?, _ b: CGRect) -> Bool {
    guard let a else { return false }
    return abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9
        && abs(a.height - b.height) < 1e-9
}
