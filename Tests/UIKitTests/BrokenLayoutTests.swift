import LayoutBenchTestSupport
import LayoutBenchUIKit
import Testing
import UIKit
import Scenarios

/// A prepare cache that never notices a change of counts: the classic bug of `guard cache.isEmpty else { return }`.
final class StaleCacheLayout: UICollectionViewLayout {
    private var cache: [UICollectionViewLayoutAttributes] = []
    private var height: CGFloat = 0

    override var collectionViewContentSize: CGSize { CGSize(width: collectionView?.bounds.width ?? 0, height: height) }

    override func prepare() {
        guard cache.isEmpty, let collectionView = collectionView else { return }
        var y: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                attributes.frame = CGRect(x: 0, y: y, width: 100, height: 50)
                cache.append(attributes)
                y += 50
            }
        }
        height = y
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.first { $0.indexPath == indexPath }
    }
}

/// A query that forgets the last element of every answer.
final class ForgetfulLayout: UICollectionViewLayout {
    override var collectionViewContentSize: CGSize { CGSize(width: 100, height: 50 * CGFloat(count)) }

    private var count: Int { collectionView.map { $0.numberOfSections > 0 ? $0.numberOfItems(inSection: 0) : 0 } ?? 0 }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let all = (0..<count).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
            .filter { $0.frame.intersects(rect) }
        return Array(all.dropLast())
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section == 0, indexPath.item < count else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = CGRect(x: 0, y: 50 * CGFloat(indexPath.item), width: 100, height: 50)
        return attributes
    }
}

struct StaleCacheFamily: UIKitLayoutFamily {
    static let name = "uikit-stale-cache"
    static let summary = "a prepare cache that ignores count changes (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout { StaleCacheLayout() }
}

struct ForgetfulFamily: UIKitLayoutFamily {
    static let name = "uikit-forgetful"
    static let summary = "a query that drops an element (test)"
    func makeCollectionViewLayout() -> UICollectionViewLayout { ForgetfulLayout() }
}

/// The checker sees UIKit layouts' bugs: a stale cache after a data-source change, and a query that drops elements.
@Suite("broken UIKit layouts are caught", .serialized)
struct BrokenLayoutTests {
    @Test("a cache that ignores count changes differs from a fresh layout after a data-source change")
    func staleCache() {
        let workload = WorkloadSpec(rows: 8, columns: 6, layout: AnyLayoutFamily(StaleCacheFamily()),
                                    storage: .objects)
        let failures = checkLayoutFamily(workload, seed: 2, rects: 10, traces: [.mixed], traceFrames: 60)
        #expect(failures.contains { $0.contains("setCounts") && $0.contains("fresh") }, "\(failures)")
    }

    @Test("a query that drops an element differs from the brute-force filter")
    func forgetful() {
        let workload = WorkloadSpec(rows: 1, columns: 40, layout: AnyLayoutFamily(ForgetfulFamily()),
                                    storage: .objects)
        let failures = checkLayoutFamily(workload, seed: 2, rects: 10, traces: [.fling], traceFrames: 10)
        #expect(failures.contains { $0.contains("uikit differs from the brute-force filter") }, "\(failures)")
    }
}
