import LayoutBenchUIKit
import LayoutModel
@testable import Shelf
import Testing
import UIKit
import Scenarios
import Verification

/// The inset grouped list with swipe actions, separators and `headerTopPadding`
/// (Sources/Shelf/SampleScreens/SwipeListScreen.swift; Guides/UIKitCompositional.md, L1 to L9): hand-computed frames
/// at the estimate on a 390 x 844 phone and the providers called as a swipe would call them; the harness's checks run
/// with the other self-sizing screens' (SelfSizingScreensTests).
@Suite("Swipe-actions list screen (UIKit)", .serialized)
struct SwipeListScreenTests {
    @Test("8 above each header, headers and rows inset 20 a side, a band of 20 below each section's rows")
    func handComputed() {
        let layout = SwipeActionsListScreen.makeLayout()
        let (view, dataSource) = installed(layout, [3, 2])
        let header = UICollectionView.elementKindSectionHeader
        func supplementary(_ section: Int) -> CGRect? {
            layout.layoutAttributesForSupplementaryView(ofKind: header, at: IndexPath(item: 0, section: section))?.frame
        }
        func row(_ item: Int, _ section: Int) -> CGRect? {
            layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
        }
        // Section 0 from 0: 8 of padding, the header 8 to 52 (390 - 2 x 20 = 350 wide at x 20), rows at 52, 96, 140,
        // the band of 20 below them (no footer): the section ends at 184 + 20 = 204. Section 1: its header at
        // 204 + 8 = 212, rows at 256 and 300; the content 300 + 44 + 20 = 364.
        #expect(supplementary(0) == CGRect(x: 20, y: 8, width: 350, height: 44))
        #expect(row(0, 0) == CGRect(x: 20, y: 52, width: 350, height: 44))
        #expect(row(2, 0) == CGRect(x: 20, y: 140, width: 350, height: 44))
        #expect(supplementary(1) == CGRect(x: 20, y: 212, width: 350, height: 44))
        #expect(row(1, 1) == CGRect(x: 20, y: 300, width: 350, height: 44))
        #expect(layout.collectionViewContentSize.height == 364)
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("the providers, called as UIKit calls them when a swipe begins, and the separator handler")
    func providers() {
        let configuration = SwipeActionsListScreen.configuration()
        let path = IndexPath(item: 1, section: 0)
        let trailing = configuration.trailingSwipeActionsConfigurationProvider?(path)
        #expect(trailing?.actions.map(\.title) == ["Delete", "Archive"])
        #expect(trailing?.actions.map(\.style) == [.destructive, .normal])
        var performed: [Bool] = []
        for action in trailing?.actions ?? [] { action.handler(action, UIView()) { performed.append($0) } }
        #expect(performed == [true, true])
        let leading = configuration.leadingSwipeActionsConfigurationProvider?(path)
        #expect(leading?.actions.map(\.title) == ["Pin"] && leading?.performsFirstActionWithFullSwipe == false)
        let section = configuration.separatorConfiguration
        #expect(section.bottomSeparatorInsets.leading == 60)
        #expect(configuration.itemSeparatorHandler?(IndexPath(item: 0, section: 1), section).topSeparatorVisibility
                == .hidden)
        #expect(configuration.itemSeparatorHandler?(path, section) == section)
    }
}
