import Testing
import UIKit

/// Registration and dequeuing on a standalone `UICollectionView` (Guides/Updates.md, "Cells, and what is left"): a
/// dequeued view is an instance of the class registered for its identifier, made through its `init(frame:)`; an
/// identifier with nothing registered is UIKit's exception, one line and exit status 1.
@Suite("Cell registration")
struct CellRegistrationTests {
    /// A cell as apps write one: its own state, set in its `init(frame:)`.
    final class FancyCell: UICollectionViewCell {
        private(set) var madeByFrameInitializer = false
        var reused = 0

        override init(frame: CGRect) {
            super.init(frame: frame)
            madeByFrameInitializer = true
        }

        required init?(coder: NSCoder) {
            fatalError("init(coder:) has not been implemented")
        }

        override func prepareForReuse() {
            super.prepareForReuse()
            reused += 1
        }
    }

    /// A cell with no initializer of its own.
    final class PlainCell: UICollectionViewCell {
        var text = "plain"
    }

    /// A header.
    final class DayHeader: UICollectionReusableView {}

    static func view() -> UICollectionView {
        UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844),
                         collectionViewLayout: UICollectionViewFlowLayout())
    }

    static let path = IndexPath(item: 0, section: 0)

    @Test("dequeued views are the registered classes, made with init(frame:); a queued cell is reused for its identifier")
    func registeredClasses() throws {
        let view = Self.view()
        view.register(FancyCell.self, forCellWithReuseIdentifier: "fancy")
        view.register(PlainCell.self, forCellWithReuseIdentifier: "plain")
        view.register(DayHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                      withReuseIdentifier: "day")
        let fancy = try #require(view.dequeueReusableCell(withReuseIdentifier: "fancy", for: Self.path) as? FancyCell)
        #expect(fancy.madeByFrameInitializer && fancy.frame == .zero)
        let plain = try #require(view.dequeueReusableCell(withReuseIdentifier: "plain", for: Self.path) as? PlainCell)
        #expect(plain.text == "plain")
        let header = view.dequeueReusableSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader,
                                                           withReuseIdentifier: "day", for: Self.path)
        #expect(header is DayHeader)
        // A cell that left the screen comes back, after prepareForReuse(), for its own identifier only.
        view.cellStore.recycle(fancy)
        #expect(view.dequeueReusableCell(withReuseIdentifier: "plain", for: Self.path) !== fancy)
        let again = view.dequeueReusableCell(withReuseIdentifier: "fancy", for: Self.path)
        #expect(again === fancy && fancy.reused == 1)
        #expect(view.cellStore.cellsMade == 3)  // fancy, plain, the second plain; the header is not a cell
    }

    @Test("registering again replaces the class, nil unregisters, and a nib's identifier dequeues a plain view")
    func reregistering() throws {
        let view = Self.view()
        view.register(FancyCell.self, forCellWithReuseIdentifier: "cell")
        view.register(PlainCell.self, forCellWithReuseIdentifier: "cell")
        #expect(view.dequeueReusableCell(withReuseIdentifier: "cell", for: Self.path) is PlainCell)
        view.register(nil as AnyClass?, forCellWithReuseIdentifier: "cell")
        #expect(throws: DiffableDataSourceError.self) {
            _ = try view.cellStore._dequeue("cell", kind: "UICollectionElementKindCell")
        }
        view.register(UINib(nibName: "Cell", bundle: nil), forCellWithReuseIdentifier: "nib")
        let cell = view.dequeueReusableCell(withReuseIdentifier: "nib", for: Self.path)
        #expect(type(of: cell) == UICollectionViewCell.self)
    }

    @Test("an identifier with nothing registered is UIKit's exception, with UIKit's reason")
    func unregisteredIdentifier() {
        let view = Self.view()
        view.register(FancyCell.self, forCellWithReuseIdentifier: "fancy")
        do {
            _ = try view.cellStore._dequeue("fanciful", kind: "UICollectionElementKindCell")
            Issue.record("an unregistered identifier was dequeued")
        } catch {
            #expect(error.reason == "could not dequeue a view of kind: UICollectionElementKindCell with identifier "
                    + "fanciful - must register a nib or a class for the identifier or connect a prototype cell in a "
                    + "storyboard")
        }
        // A header's identifier is registered per kind: the footer kind has none.
        view.register(DayHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                      withReuseIdentifier: "day")
        let footer = CellStore.supplementaryKey(UICollectionView.elementKindSectionFooter, "day")
        #expect(throws: DiffableDataSourceError.self) {
            _ = try view.cellStore._dequeue(footer, kind: UICollectionView.elementKindSectionFooter)
        }
    }

    @Test("dequeuing an unregistered identifier ends the process with one line and exit status 1")
    func unregisteredExits() async {
        let result = await #expect(processExitsWith: .exitCode(1), observing: [\.standardErrorContent]) {
            let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844),
                                        collectionViewLayout: UICollectionViewFlowLayout())
            _ = view.dequeueReusableCell(withReuseIdentifier: "post", for: IndexPath(item: 0, section: 0))
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr == "layoutbench: error: *** Terminating app due to uncaught exception "
            + "'NSInternalInconsistencyException', reason: 'could not dequeue a view of kind: "
            + "UICollectionElementKindCell with identifier post - must register a nib or a class for the identifier or "
            + "connect a prototype cell in a storyboard'\n")
    }

    @Test("registering a class that is not a cell for a cell identifier ends the process with one line, exit status 1")
    func wrongClassExits() async {
        let result = await #expect(processExitsWith: .exitCode(1), observing: [\.standardErrorContent]) {
            let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844),
                                        collectionViewLayout: UICollectionViewFlowLayout())
            view.register(UICollectionReusableView.self, forCellWithReuseIdentifier: "post")
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.hasPrefix("layoutbench: error: *** Terminating app due to uncaught exception "
            + "'NSInvalidArgumentException', reason: 'the class ") && stderr.hasSuffix(
                "registered for reuse identifier post is not a UICollectionViewCell subclass'\n")
                && stderr.filter { $0 == "\n" }.count == 1, "\(stderr)")
    }
}
