import Harness
import LayoutBenchUIKit
import LayoutModel
import Layouts
import Scenarios
import SeededRandom
import Testing
import UIKit

/// Attributes of a custom class with a property of its own, for the kept objects' tests.
final class TaggedAttributes: UICollectionViewLayoutAttributes {
    var tag = 0

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! TaggedAttributes
        copy.tag = tag
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? TaggedAttributes, other.tag == tag else { return false }
        return super.isEqual(object)
    }
}

/// A flow layout whose objects are ``TaggedAttributes``.
final class TaggedFlowLayout: UICollectionViewFlowLayout {
    override class var layoutAttributesClass: AnyClass { TaggedAttributes.self }
}

/// A flow subclass that changes `super`'s objects without copying them (UIKit logs "cached frame mismatch … modifying
/// attributes returned by UICollectionViewFlowLayout without copying them" for it): every cell 5 points right.
final class NudgingFlowLayout: UICollectionViewFlowLayout {
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let answer = super.layoutAttributesForElements(in: rect)
        for attributes in answer ?? [] where attributes.representedElementCategory == .cell {
            attributes.frame.origin.x += 5
        }
        return answer
    }
}

/// The engine-backed layouts' attributes objects, kept from query to query (`EngineAttributesCache`,
/// Guides/UIKitCompositional.md, "Attributes objects kept across frames").
@Suite("UIKit engine-backed layouts: attributes objects kept across frames", .serialized)
struct KeptAttributesTests {
    /// `layout` (100 x 100 items, 40-point headers) in a standalone 390 x 844 view over `sections` sections of 6
    /// items, laid out once: a section is 40 + 100 + 10 + 100 = 250 high.
    func makeView(_ layout: UICollectionViewFlowLayout, sections: Int = 20) -> (UICollectionView, SectionedDataSource) {
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.headerReferenceSize = CGSize(width: 390, height: 40)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let dataSource = SectionedDataSource(Array(repeating: 6, count: sections))
        view.dataSource = dataSource
        view.layoutIfNeeded()
        return (view, dataSource)
    }

    /// A 390 x 844 rect at `y`.
    func screen(at y: CGFloat) -> CGRect { CGRect(x: 0, y: y, width: 390, height: 844) }

    /// An element's name: category, kind and index path.
    func key(_ attributes: UICollectionViewLayoutAttributes) -> String {
        "\(attributes.representedElementCategory) \(attributes.representedElementKind ?? "") \(attributes.indexPath)"
    }

    /// The layout's answer for `rect` in a new generation (as a host query starts one), by element.
    func answer(_ layout: UICollectionViewFlowLayout, _ rect: CGRect) -> [String: UICollectionViewLayoutAttributes] {
        layout.attributesCache.beginGeneration()
        var result: [String: UICollectionViewLayoutAttributes] = [:]
        for attributes in layout.layoutAttributesForElements(in: rect) ?? [] { result[key(attributes)] = attributes }
        return result
    }

    @Test("an element that stays answers the same object, with a freshly built layout's values")
    func staysSame() throws {
        let layout = UICollectionViewFlowLayout()
        let (view, _) = makeView(layout)
        let fresh = UICollectionViewFlowLayout()
        let (freshView, _) = makeView(fresh)
        // 0 ..< 844: sections 0 to 2 (0 ..< 750) and section 3's header and first row (750 ..< 890).
        let first = answer(layout, screen(at: 0))
        // 250 ..< 1094: sections 1 to 3 and section 4's header and first row (1000 ..< 1140).
        let second = answer(layout, screen(at: 250))
        let stayed = Set(first.keys).intersection(second.keys)
        // Sections 1 and 2 (a header and 6 cells each) and section 3's header and first row: 7 + 7 + 4 = 18.
        #expect(stayed.count == 18)
        for name in stayed { #expect(first[name] === second[name], "\(name)") }
        let reference = answer(fresh, screen(at: 250))
        #expect(Set(reference.keys) == Set(second.keys))
        for (name, object) in second { #expect(object.isEqual(reference[name]), "\(name)") }
        withExtendedLifetime((view, freshView)) {}
    }

    @Test("an element that leaves gives its object to one that enters, with the new element's values and none of the old")
    func leavesAndEnters() throws {
        let layout = UICollectionViewFlowLayout()
        let (view, _) = makeView(layout)
        let fresh = UICollectionViewFlowLayout()
        let (freshView, _) = makeView(fresh)
        let first = answer(layout, screen(at: 0))        // sections 0 to 3
        // Section 0's objects changed in place, as a subclass that does not copy would.
        let changed = first.values.filter { $0.indexPath.section == 0 }
        for object in changed {
            object.alpha = 0.25
            object.transform = CGAffineTransform(scaleX: 3, y: 3)
            object.zIndex = 7
            object.isHidden = true
            object.frame.origin.x += 1000
        }
        // 500 ..< 1344: sections 2 to 4 and section 5's header and first row; sections 0 and 1 (14) leave.
        let second = answer(layout, screen(at: 500))
        let left = Set(first.filter { second[$0.key] == nil }.values.map(ObjectIdentifier.init))
        #expect(left.count == 14)
        // 1000 ..< 1844: sections 4 to 6 and section 7's header and first row; section 5's second row (3),
        // section 6 (7) and section 7's four enter: 14, each taking a retired object.
        let third = answer(layout, screen(at: 1000))
        let entered = third.filter { second[$0.key] == nil }
        #expect(entered.count == 14)
        let reused = Set(entered.values.map(ObjectIdentifier.init))
        #expect(reused.isSubset(of: left))
        #expect(!reused.isDisjoint(with: changed.map(ObjectIdentifier.init)))
        // A header's object may now be a cell's and a cell's a header's: every value is the new element's.
        #expect(entered.values.contains { $0.representedElementCategory == .supplementaryView })
        let reference = answer(fresh, screen(at: 1000))
        for (name, object) in third { #expect(object.isEqual(reference[name]), "\(name)") }
        withExtendedLifetime((view, freshView)) {}
    }

    @Test("a custom layoutAttributesClass: kept objects stay of the class with their own properties; new ones are new")
    func customClass() throws {
        let layout = TaggedFlowLayout()
        let (view, _) = makeView(layout)
        let first = answer(layout, screen(at: 0))
        for object in first.values { (object as? TaggedAttributes)?.tag = 5 }
        let second = answer(layout, screen(at: 250))
        #expect(second.values.allSatisfy { $0 is TaggedAttributes })
        for (name, object) in second {
            // Sections 1 to 3 stayed, with the tag set on them; section 4 entered, with new objects.
            #expect((object as? TaggedAttributes)?.tag == (first[name] == nil ? 0 : 5), "\(name)")
        }
        let third = answer(layout, screen(at: 1000))
        let earlier = Set(first.values.map(ObjectIdentifier.init))
        // Objects of a custom class are not handed to other elements: their own properties cannot be reset.
        #expect(third.values.allSatisfy { $0 is TaggedAttributes && !earlier.contains(ObjectIdentifier($0)) })
        withExtendedLifetime(view) {}
    }

    @Test("a subclass changing super's objects without copying gets the layout's values back at every answer")
    func changedInPlace() throws {
        let layout = NudgingFlowLayout()
        let (view, _) = makeView(layout)
        let fresh = UICollectionViewFlowLayout()
        let (freshView, _) = makeView(fresh)
        let reference = answer(fresh, screen(at: 0))
        var last: [String: UICollectionViewLayoutAttributes] = [:]
        for _ in 0..<3 { last = answer(layout, screen(at: 0)) }
        // Three answers, one nudge: x is the flow's x + 5, not + 15.
        for (name, object) in last where object.representedElementCategory == .cell {
            #expect(object.frame.origin.x == (reference[name]?.frame.origin.x ?? -1) + 5, "\(name)")
        }
        withExtendedLifetime((view, freshView)) {}
    }

    @Test("the answer array is reused once the caller has dropped it, and copied when it has not")
    func answerArray() throws {
        let layout = UICollectionViewFlowLayout()
        let (view, _) = makeView(layout)
        func address(_ array: [UICollectionViewLayoutAttributes]) -> UnsafeRawPointer? {
            array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        layout.attributesCache.beginGeneration()
        var first = layout.layoutAttributesForElements(in: screen(at: 0)) ?? []
        let firstAddress = address(first)
        first = []
        let second = layout.layoutAttributesForElements(in: screen(at: 0)) ?? []
        #expect(address(second) == firstAddress)
        let kept = second.map(key)
        let third = layout.layoutAttributesForElements(in: screen(at: 250)) ?? []
        #expect(address(third) != address(second))
        #expect(second.map(key) == kept)
        withExtendedLifetime((view, third)) {}
    }
}

/// The scale-on-centre handler's results through kept objects, against freshly built layouts.
@Suite("UIKit compositional: handler results on kept objects", .serialized)
struct KeptHandlerResultsTests {
    /// `family`'s layout in a host of 390 x 844 over `sections` sections of 6 items, laid out.
    func hosted(_ family: SmallOrthogonalFamily, sections: Int)
        -> (host: CollectionViewHost, bridge: UIKitLayoutBridge)?
    {
        let content = ContentSpec(sections: sections, itemsPerSection: 6)
        guard let bridge = family.makeLayout(for: content, storage: .objects) as? UIKitLayoutBridge else { return nil }
        let host = CollectionViewHost(layout: bridge, viewportSize: Size(width: 390, height: 844),
                                      counts: content.itemCounts)
        host.layoutIfNeeded()
        return (host, bridge)
    }

    /// The bridge's answer for the host's bounds, values and appearances, sorted by element.
    func answer(_ bridge: UIKitLayoutBridge, _ host: CollectionViewHost) -> [String] {
        var values: [LayoutAttributes] = []
        var appearances: [ElementAppearance] = []
        bridge.attributesForElements(in: host.bounds, into: &values, appearances: &appearances,
                                     using: UIKitLayoutVariants.uikit)
        return zip(values, appearances).map { "\($0) \($1)" }.sorted()
    }

    @Test("after every frame of a seeded orthogonal trace, the answers equal a freshly built layout's",
          arguments: [UICollectionLayoutSectionOrthogonalScrollingBehavior.continuous, .groupPagingCentered])
    func differential(behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior) throws {
        let family = SmallOrthogonalFamily(behavior: behavior, scales: true)
        // Twelve sections 100 high: the content is 1200 high, so the main offset runs over 0 ... 356.
        let (host, bridge) = try #require(hosted(family, sections: 12))
        var random = SeededGenerator(seed: 38)
        var offsets: [Int: Double] = [:]
        for frame in 0..<60 {
            if Bool.random(using: &random) {
                host.setContentOffset(Point(x: 0, y: Double(Int.random(in: 0...356, using: &random))))
            } else {
                // A section on screen (100 high each), to an offset in 0 ... 750 (the section's range).
                let first = Int(host.bounds.origin.y / 100)
                let section = Int.random(in: first...min(11, first + 8), using: &random)
                let offset = Double(Int.random(in: 0...750, using: &random))
                WorkloadBuilder.scrollOrthogonalSection(section, to: offset, of: bridge, on: host)
                offsets[section] = bridge.orthogonalOffset(ofSection: section)
            }
            host.layoutIfNeeded()
            let (freshHost, freshBridge) = try #require(hosted(SmallOrthogonalFamily(behavior: behavior,
                                                                                     scales: true), sections: 12))
            freshHost.setContentOffset(host.bounds.origin)
            freshHost.layoutIfNeeded()
            for (section, offset) in offsets.sorted(by: { $0.key < $1.key })
            where freshBridge.orthogonalOffset(ofSection: section) != offset {
                WorkloadBuilder.scrollOrthogonalSection(section, to: offset, of: freshBridge, on: freshHost)
                freshHost.layoutIfNeeded()
            }
            #expect(answer(bridge, host) == answer(freshBridge, freshHost), "frame \(frame)")
        }
    }
}
