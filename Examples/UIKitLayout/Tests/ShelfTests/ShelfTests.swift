import LayoutBenchTestSupport
@testable import Shelf
import Testing
import UIKit
import Scenarios

/// LayoutBench's conformance checker over the shelf family, and hand-computed frames through UIKit's own calls.
@Suite("Shelf", .serialized)
struct ShelfTests {
    @Test("the shelf family conforms")
    func conforms() {
        for counts in CountDistribution.allCases {
            for sizes in SizeDistribution.allCases {
                let workload = WorkloadSpec(rows: 16, columns: 10, counts: counts, sizes: sizes,
                                            layout: AnyLayoutFamily(ShelfFamily()), storage: .objects)
                let failures = checkLayoutFamily(workload, seed: 5, rects: 40, traces: [.mixed], traceFrames: 60)
                #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
            }
        }
    }

    /// Two sections of 5 and 3 items in a 390 x 844 view.
    final class Books: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
        func numberOfSections(in collectionView: UICollectionView) -> Int { 2 }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            section == 0 ? 5 : 3
        }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
            -> UICollectionViewCell {
            UICollectionViewCell()
        }
    }

    @Test("cards stand on their shelves; the header pins and dims")
    func shelves() {
        let layout = ShelfFamily().makeCollectionViewLayout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let books = Books()
        view.dataSource = books
        view.delegate = books
        view.layoutIfNeeded()
        // 374 points across (390 less insets of 8) hold two 120-point cards at spacing 10: lines at 48, 102, 156.
        let card = layout.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))
        #expect(card?.frame == CGRect(x: 8, y: 156, width: 120, height: 44))
        #expect((card as? ShelfLayoutAttributes)?.shelf == 2)
        // Scrolled by 180: section 0's body ends at 200 + 8 = 208, so its 40-point header is pushed up to 168, 12
        // points above the top of the bounds, and dims to 1 - 12 / (40 + 8) = 0.75.
        view.setContentOffset(CGPoint(x: 0, y: 180), animated: false)
        view.layoutIfNeeded()
        let header = layout.layoutAttributesForElements(in: view.bounds)?.first {
            $0.representedElementKind == UICollectionView.elementKindSectionHeader && $0.indexPath.section == 0
        }
        #expect(header?.frame == CGRect(x: 0, y: 168, width: 390, height: 40))
        #expect(header?.zIndex == 1024)
        #expect(header?.alpha == 0.75)
        withExtendedLifetime(books) {}
    }
}
