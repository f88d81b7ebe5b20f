@testable import Gallery
import LayoutBenchTestSupport
import Testing
import UIKit
import Scenarios

/// LayoutBench's conformance checker over the gallery family, and the rewritten `@objc optional` delegate's
/// semantics: an implemented method answers, an unimplemented one takes the layout's fallback.
@Suite("Gallery", .serialized)
struct GalleryTests {
    @Test("the gallery family conforms")
    func conforms() {
        for counts in CountDistribution.allCases {
            for sizes in SizeDistribution.allCases {
                let workload = WorkloadSpec(rows: 16, columns: 10, counts: counts, sizes: sizes,
                                            layout: AnyLayoutFamily(GalleryFamily()), storage: .objects)
                let failures = checkLayoutFamily(workload, seed: 5, rects: 40, traces: [.mixed], traceFrames: 60)
                #expect(failures.isEmpty, "\(workload.id):\n\(failures.joined(separator: "\n"))")
            }
        }
    }

    /// Two sections of 3 and 2 items, each 50 points tall; what else it implements, and the conformance to the
    /// gallery's delegate protocol, are up to the subclass.
    class Photos: NSObject, UICollectionViewDataSource {
        func numberOfSections(in collectionView: UICollectionView) -> Int { 2 }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            section == 0 ? 3 : 2
        }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
            -> UICollectionViewCell {
            UICollectionViewCell()
        }
        func collectionView(_ collectionView: UICollectionView, heightForItemAt indexPath: IndexPath,
                            width: CGFloat) -> CGFloat {
            50
        }
    }

    /// Implements every optional method: 3 columns, 20-point headers 2 points above their items, and counts the
    /// preparations it is told of.
    final class AllPhotos: Photos, GalleryLayoutDelegate {
        var preparedSections: [Int] = []
        func numberOfColumns(in collectionView: UICollectionView) -> Int { 3 }
        func collectionView(_ collectionView: UICollectionView, heightForHeaderInSection section: Int) -> CGFloat { 20 }
        func collectionView(_ collectionView: UICollectionView, spacingBelowHeaderInSection section: Int)
            -> CGFloat {
            2
        }
        func galleryLayout(_ layout: GalleryLayout, didPrepareSections sectionCount: Int) {
            preparedSections.append(sectionCount)
        }
    }

    /// Implements only the required method.
    class SomePhotos: Photos, GalleryLayoutDelegate {}

    /// Implements the column count in a subclass of the conforming class: Swift's witness table is the conforming
    /// class's, so the rewrite's default answers and the subclass's method is not seen (Objective-C would ask the
    /// object and find it). The guide lists this limit.
    final class LatePhotos: SomePhotos {
        func numberOfColumns(in collectionView: UICollectionView) -> Int { 3 }
    }

    /// Lays out `photos` in a 320 x 480 view; the attributes of items (0, 0), (0, 2) and section 1's header.
    private func layOut(_ photos: Photos & GalleryLayoutDelegate) -> (first: CGRect?, third: CGRect?, header: CGRect?) {
        let layout = GalleryLayout()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.dataSource = photos
        view.delegate = photos
        view.layoutIfNeeded()
        let header = layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
        return (layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame,
                layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame, header?.frame)
    }

    @Test("unimplemented optional methods take the layout's fallbacks: 2 columns, 30-point headers, no spacing")
    func fallbacks() {
        let photos = SomePhotos()
        let frames = layOut(photos)
        // 2 columns of (320 - 3 x 8) / 2 = 148; the header takes 30 points and items start 8 below.
        #expect(frames.first == CGRect(x: 8, y: 38, width: 148, height: 50))
        // The third item goes under the first column (both columns end at 96; the first is chosen).
        #expect(frames.third == CGRect(x: 8, y: 96, width: 148, height: 50))
        // Section 0 ends at 96 + 58 = 154; section 1's header follows.
        #expect(frames.header == CGRect(x: 0, y: 154, width: 320, height: 30))
        withExtendedLifetime(photos) {}
    }

    @Test("implemented optional methods answer: 3 columns, their header heights and spacing, the prepare call")
    func implemented() {
        let photos = AllPhotos()
        let frames = layOut(photos)
        // 3 columns of (320 - 4 x 8) / 3 = 96; the header takes 20 + 2 points and items start 8 below.
        #expect(frames.first == CGRect(x: 8, y: 30, width: 96, height: 50))
        #expect(frames.third == CGRect(x: 216, y: 30, width: 96, height: 50))
        // Section 0 ends at 30 + 58 = 88.
        #expect(frames.header == CGRect(x: 0, y: 88, width: 320, height: 20))
        #expect(photos.preparedSections == [2])
    }

    @Test("limit: an optional method implemented only by a subclass of the conforming class is not seen")
    func subclassImplementation() {
        let photos = LatePhotos()
        #expect(layOut(photos).first?.width == 148, "2 columns, the layout's own count")
    }
}
