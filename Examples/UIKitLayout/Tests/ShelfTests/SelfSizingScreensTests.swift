import LayoutBenchUIKit
import LayoutModel
@testable import Shelf
import Testing
import UIKit
import Scenarios
import Verification

/// Apple's "Conference News Feed" and the list screens (Sources/Shelf/SampleScreens/NewsFeedScreen.swift,
/// ListScreens.swift), whose rows self-size from `.estimated` heights through the UIKit modules
/// (Guides/UIKitCompositional.md, S1 to S6 and L1 to L6): hand-computed frames at the estimate on a 390 x 844 phone,
/// and the harness's checks, self-sizing traces included.
@Suite("Self-sizing sample screens (UIKit)", .serialized)
struct SelfSizingScreensTests {
    func frame(_ layout: UICollectionViewLayout, _ item: Int, _ section: Int) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    func supplementary(_ layout: UICollectionViewLayout, _ kind: String, _ section: Int) -> CGRect? {
        layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: section))?.frame
    }

    @Test("Conference News Feed: posts of 370 x 100 at the estimate, 10 apart, the section inset 10")
    func newsFeed() {
        let layout = ConferenceNewsFeedScreen.makeLayout()
        let (view, dataSource) = installed(layout, [5, 2])
        // 390 - 20 = 370 wide; posts at 10, 120, 230, … (100 high, 10 apart); the section ends at 10 + 5 x 100 +
        // 4 x 10 + 10 = 560, the next starts there.
        #expect(frame(layout, 0, 0) == CGRect(x: 10, y: 10, width: 370, height: 100))
        #expect(frame(layout, 4, 0) == CGRect(x: 10, y: 450, width: 370, height: 100))
        #expect(frame(layout, 1, 1) == CGRect(x: 10, y: 680, width: 370, height: 100))
        #expect(layout.collectionViewContentSize.height == 790)
        // It self-sizes for the harness (S1); a screen without an estimated group does not.
        let content = ContentSpec(sections: 2, itemsPerSection: 5)
        #expect(SampleScreenFamily<ConferenceNewsFeedScreen>().supportsSelfSizing(for: content))
        #expect(!SampleScreenFamily<TwoColumnScreen>().supportsSelfSizing(for: content))
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("News feed with headers: a 44-point title, posts from 54, a 44-point footer below the inset, at the estimates")
    func newsFeedHeaders() {
        let layout = NewsFeedHeadersScreen.makeLayout()
        let (view, dataSource) = installed(layout, [2, 1])
        // Header 0-44 (full width: 390 - 20 = 370 at x 10, the section's side insets); posts at 44 + 10 = 54 and
        // 164; the body ends at 164 + 100 + 10 = 274, the footer 274-318; section 1's header at 318, its post at 372.
        #expect(supplementary(layout, sampleSectionHeaderElementKind, 0) == CGRect(x: 10, y: 0, width: 370, height: 44))
        #expect(frame(layout, 0, 0) == CGRect(x: 10, y: 54, width: 370, height: 100))
        #expect(frame(layout, 1, 0)?.minY == 164)
        #expect(supplementary(layout, sampleSectionFooterElementKind, 0)?.minY == 274)
        #expect(frame(layout, 0, 1)?.minY == 372)
        #expect(SampleScreenFamily<NewsFeedHeadersScreen>().supportsSelfSizing(for: ContentSpec(sections: 2,
                                                                                              itemsPerSection: 2)))
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("Uniform rows: three items a third of 370 wide, 50 high at the estimate, rows 10 apart")
    func uniformRows() {
        let layout = UniformRowsScreen.makeLayout()
        let (view, dataSource) = installed(layout, [7])
        // 390 - 20 = 370 wide, a third each; rows at 10, 70, 130 (50 high at the estimate, 10 apart); the last row
        // holds item 6 alone; the section ends at 130 + 50 + 10 = 190.
        #expect(frame(layout, 0, 0)?.minY == 10 && frame(layout, 2, 0)?.height == 50)
        #expect(frame(layout, 3, 0)?.minY == 70 && frame(layout, 6, 0)?.minY == 130)
        #expect(frame(layout, 1, 0)?.minX == 10 + 370.0 / 3)
        #expect(layout.collectionViewContentSize.height == 190)
        #expect(SampleScreenFamily<UniformRowsScreen>().supportsSelfSizing(for: ContentSpec(sections: 1,
                                                                                          itemsPerSection: 7)))
        withExtendedLifetime((view, dataSource)) {}
    }

    /// The home screen at the estimates on a 390 x 844 phone, sections of 3, 3 and 4 items: the featured carousel's
    /// header 0-44 between the section's leading and trailing insets (x 20, 350 wide), its cards 0.9 x (390 - 40) = 315 wide every 325 from x 20, at y 44 + 10 = 54, 250 high, the
    /// section ending at 54 + 250 + 10 = 314; the feed's posts 370 wide at x 10 from 314 + 10 = 324, every 110, the
    /// section ending at 544 + 100 + 10 = 654; the scaled carousel's header 654-690, its cards 0.6 x 390 = 234 wide
    /// every 246, centred at rest (offset 117 - 195 = -78: card 0 at x 78), at y 690 + 8 = 698; content 926. A post
    /// fitted 160 high (60 more) moves the scaled carousel down by 60, at the same x.
    @Test("Home screen with estimated heights: carousels around a self-sizing feed, by hand; a fit moves the carousel below")
    func homeEstimated() throws {
        let layout = HomeEstimatedScreen.makeLayout()
        let (view, dataSource) = installed(layout, [3, 3, 4])
        let header = UICollectionView.elementKindSectionHeader
        #expect(supplementary(layout, header, 0) == CGRect(x: 20, y: 0, width: 350, height: 44))
        #expect(frame(layout, 0, 0) == CGRect(x: 20, y: 54, width: 315, height: 250))
        #expect(frame(layout, 1, 0) == CGRect(x: 345, y: 54, width: 315, height: 250))
        #expect(frame(layout, 0, 1) == CGRect(x: 10, y: 324, width: 370, height: 100))
        #expect(frame(layout, 2, 1) == CGRect(x: 10, y: 544, width: 370, height: 100))
        #expect(supplementary(layout, header, 2) == CGRect(x: 0, y: 654, width: 390, height: 36))
        #expect(frame(layout, 0, 2) == CGRect(x: 78, y: 698, width: 234, height: 220))
        #expect(frame(layout, 1, 2) == CGRect(x: 324, y: 698, width: 234, height: 220))
        #expect(layout.collectionViewContentSize.height == 926)
        let original = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)))
        let preferred = try #require(original.copy() as? UICollectionViewLayoutAttributes)
        preferred.frame.size.height = 160
        #expect(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred,
                                              withOriginalAttributes: original))
        layout.invalidateLayout(with: layout.invalidationContext(forPreferredLayoutAttributes: preferred,
                                                                 withOriginalAttributes: original))
        view.layoutIfNeeded()
        #expect(frame(layout, 0, 1) == CGRect(x: 10, y: 324, width: 370, height: 160))
        #expect(frame(layout, 1, 1) == CGRect(x: 10, y: 494, width: 370, height: 100))
        #expect(supplementary(layout, header, 2) == CGRect(x: 0, y: 714, width: 390, height: 36))
        #expect(frame(layout, 0, 2) == CGRect(x: 78, y: 758, width: 234, height: 220))
        #expect(layout.collectionViewContentSize.height == 986)
        #expect(SampleScreenFamily<HomeEstimatedScreen>().supportsSelfSizing(for: ContentSpec(sections: 3,
                                                                                            itemsPerSection: 4)))
        withExtendedLifetime((view, dataSource)) {}
    }

    /// Apple's badges on rows `.estimated(44)` on a 390 x 844 phone: the section inset 20, so the group spans x 20 to
    /// 370; the row's insets 5 leave its frame at x 25, 340 wide (its insets on the estimated axis ignored, E1/R4),
    /// rows at y 20, 74, 128 (44 high, 10 apart). A badge's anchor is the row's top-trailing corner (365, y) moved by
    /// (0.3 × 20, −0.3 × 20) = (6, −6); its own top-trailing corner (20, 0) goes there: (371 − 20, y − 6) = (351, y − 6),
    /// 20 x 20, at the row's index path. Row 0 fitted 60 (16 more): its badge stays at (351, 14), row 1 moves to
    /// 20 + 60 + 10 = 90 and its badge to (351, 84); the content grows from 20 + 3 × 44 + 2 × 10 + 20 = 192 to 208.
    @Test("Badges on estimated rows: each badge on its row's top-trailing corner, moving with the row's fit, by hand")
    func badgesEstimated() throws {
        let layout = BadgesEstimatedScreen.makeLayout()
        let (view, dataSource) = installed(layout, [3])
        func badge(_ item: Int) -> CGRect? {
            layout.layoutAttributesForSupplementaryView(ofKind: badgeElementKind,
                                                        at: IndexPath(item: item, section: 0))?.frame
        }
        #expect(frame(layout, 0, 0) == CGRect(x: 25, y: 20, width: 340, height: 44))
        #expect(frame(layout, 1, 0) == CGRect(x: 25, y: 74, width: 340, height: 44))
        #expect(badge(0) == CGRect(x: 351, y: 14, width: 20, height: 20))
        #expect(badge(1) == CGRect(x: 351, y: 68, width: 20, height: 20))
        #expect(layout.collectionViewContentSize.height == 192)
        let inRect = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 844)) ?? []
        #expect(inRect.filter { $0.representedElementKind == badgeElementKind }.count == 3)
        let original = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
        let preferred = try #require(original.copy() as? UICollectionViewLayoutAttributes)
        preferred.frame.size.height = 60
        #expect(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred,
                                              withOriginalAttributes: original))
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred,
                                                 withOriginalAttributes: original)
        #expect(context.invalidatedSupplementaryIndexPaths?[badgeElementKind] == [IndexPath(item: 0, section: 0)])
        layout.invalidateLayout(with: context)
        view.layoutIfNeeded()
        #expect(frame(layout, 0, 0) == CGRect(x: 25, y: 20, width: 340, height: 60))
        #expect(badge(0) == CGRect(x: 351, y: 14, width: 20, height: 20))
        #expect(frame(layout, 1, 0) == CGRect(x: 25, y: 90, width: 340, height: 44))
        #expect(badge(1) == CGRect(x: 351, y: 84, width: 20, height: 20))
        #expect(layout.collectionViewContentSize.height == 208)
        #expect(SampleScreenFamily<BadgesEstimatedScreen>().supportsSelfSizing(for: ContentSpec(sections: 1,
                                                                                              itemsPerSection: 3)))
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("Plain list: 22 of padding, a 44-point header, then 44-point rows edge to edge; sections one after another")
    func plainList() {
        let layout = PlainListScreen.makeLayout()
        let (view, dataSource) = installed(layout, [3, 2])
        let header = UICollectionView.elementKindSectionHeader
        // The plain list's automatic padding above each header (L9): section 0's header at 22, its rows at 66, 110,
        // 154, the section ends at 198; section 1's header at 198 + 22 = 220, its rows at 264 and 308; content 352.
        #expect(supplementary(layout, header, 0) == CGRect(x: 0, y: 22, width: 390, height: 44))
        #expect(frame(layout, 0, 0) == CGRect(x: 0, y: 66, width: 390, height: 44))
        #expect(frame(layout, 2, 0) == CGRect(x: 0, y: 154, width: 390, height: 44))
        #expect(supplementary(layout, header, 1) == CGRect(x: 0, y: 220, width: 390, height: 44))
        #expect(frame(layout, 1, 1) == CGRect(x: 0, y: 308, width: 390, height: 44))
        #expect(layout.collectionViewContentSize.height == 352)
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("Grouped list: header, rows and footer edge to edge, no band where a header or footer is")
    func groupedList() {
        let layout = GroupedListScreen.makeLayout()
        let (view, dataSource) = installed(layout, [2, 1])
        let header = UICollectionView.elementKindSectionHeader, footer = UICollectionView.elementKindSectionFooter
        #expect(supplementary(layout, header, 0) == CGRect(x: 0, y: 0, width: 390, height: 44))
        #expect(frame(layout, 1, 0) == CGRect(x: 0, y: 88, width: 390, height: 44))
        #expect(supplementary(layout, footer, 0) == CGRect(x: 0, y: 132, width: 390, height: 44))
        #expect(supplementary(layout, header, 1) == CGRect(x: 0, y: 176, width: 390, height: 44))
        #expect(layout.collectionViewContentSize.height == 308)
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("List Appearances, inset grouped: rows inset 20 at the sides, 35 above each section's rows, 20 below")
    func listAppearances() {
        let layout = ListAppearancesScreen.makeLayout()
        let (view, dataSource) = installed(layout, [3, 2])
        // Section 0: 35 + 3 x 44 + 20 = 187; section 1's rows from 187 + 35 = 222.
        #expect(frame(layout, 0, 0) == CGRect(x: 20, y: 35, width: 350, height: 44))
        #expect(frame(layout, 2, 0) == CGRect(x: 20, y: 123, width: 350, height: 44))
        #expect(frame(layout, 0, 1) == CGRect(x: 20, y: 222, width: 350, height: 44))
        #expect(layout.collectionViewContentSize.height == 330)  // 222 + 2 x 44 + 20
        withExtendedLifetime((view, dataSource)) {}
    }

    static let families: [AnyLayoutFamily] = [
        AnyLayoutFamily(SampleScreenFamily<ConferenceNewsFeedScreen>()),
        AnyLayoutFamily(SampleScreenFamily<PlainListScreen>()),
        AnyLayoutFamily(SampleScreenFamily<GroupedListScreen>()),
        AnyLayoutFamily(SampleScreenFamily<ListAppearancesScreen>()),
        AnyLayoutFamily(SampleScreenFamily<UniformRowsScreen>()),
        AnyLayoutFamily(SampleScreenFamily<NewsFeedHeadersScreen>()),
        AnyLayoutFamily(SampleScreenFamily<HomeEstimatedScreen>()),
        AnyLayoutFamily(SampleScreenFamily<BadgesEstimatedScreen>()),
        AnyLayoutFamily(SampleScreenFamily<FeedLayoutHeaderScreen>()),
        AnyLayoutFamily(SampleScreenFamily<SwipeActionsListScreen>()),
        // Fixed items under `.estimated` headers, footers or titles, which UIKit fits from their views (S1, S4).
        AnyLayoutFamily(SampleScreenFamily<SectionHeadersFootersScreen>()),
        AnyLayoutFamily(SampleScreenFamily<PinnedSectionHeadersScreen>()),
        AnyLayoutFamily(SampleScreenFamily<ConferenceVideoSessionsScreen>()),
        AnyLayoutFamily(SampleScreenFamily<RecipesHomeScreen>()),
    ]

    /// Section Headers/Footers at the estimates on a 390 x 844 phone, sections of 2 and 1 rows: it self-sizes for its
    /// `.estimated(44)` header and footer alone (S1, S4), and the default view keeps its attributes, so the frames
    /// are those of the closed-form engine: header 0-44 (x 10, 370 wide), rows 44-88 and 93-137 (5 apart), footer
    /// 137-181; section 1's header 181-225, its row 225-269, footer 269-313.
    @Test("Section Headers/Footers: fixed rows under .estimated(44) headers self-size for them, frames at 44")
    func headersFootersSelfSize() {
        let layout = SectionHeadersFootersScreen.makeLayout()
        let (view, dataSource) = installed(layout, [2, 1])
        #expect(supplementary(layout, sampleSectionHeaderElementKind, 0) == CGRect(x: 10, y: 0, width: 370, height: 44))
        #expect(frame(layout, 1, 0) == CGRect(x: 10, y: 93, width: 370, height: 44))
        #expect(supplementary(layout, sampleSectionFooterElementKind, 0)?.minY == 137)
        #expect(frame(layout, 0, 1)?.minY == 225)
        #expect(layout.collectionViewContentSize.height == 313)
        let content = ContentSpec(sections: 2, itemsPerSection: 2)
        #expect(SampleScreenFamily<SectionHeadersFootersScreen>().supportsSelfSizing(for: content))
        #expect(SampleScreenFamily<PinnedSectionHeadersScreen>().supportsSelfSizing(for: content))
        #expect(SampleScreenFamily<ConferenceVideoSessionsScreen>().supportsSelfSizing(for: content))
        #expect(SampleScreenFamily<RecipesHomeScreen>().supportsSelfSizing(for: ContentSpec(sections: 3,
                                                                                          itemsPerSection: 4)))
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("each screen passes verify and verify invalidation over the mixed trace", arguments: families)
    func verified(family: AnyLayoutFamily) throws {
        let workload = WorkloadSpec(rows: 6, columns: 24, layout: family, storage: .objects)
        let viewport = Size(width: 390, height: 844)
        let queries = try QueryVerification(workload: workload, seed: 5, viewport: viewport, queryCount: 20).run()
        #expect(queries.passed)
        let report = try InvalidationVerification(workload: workload, seed: 5, viewport: viewport,
                                                  traceKind: .mixed, frames: 40).run()
        #expect(report.passed, "\(report.failedRules) \(report.firstMismatch ?? "")")
    }

    @Test("each screen passes verify updates over both self-sizing traces", arguments: families,
          ScrollTraceKind.selfSizingTraces)
    func selfSizing(family: AnyLayoutFamily, trace: ScrollTraceKind) throws {
        // Twelve sections of twelve, so that the screens whose headers alone self-size bring new headers on screen
        // during either trace.
        var workload = WorkloadSpec(rows: 12, columns: 12, sizes: .uniform, layout: family, storage: .objects)
        workload.selfSizing = SelfSizingSpec()
        #expect(workload.problem == nil)
        let report = try UpdateVerification(workload: workload, seed: 9, traceKind: trace, frames: 60,
                                            anchorings: [.none, .top]).run()
        #expect(report.passed, "\(report.runs.map { "\($0.firstFreshMismatch ?? "") \($0.firstFullMismatch ?? "")" })")
        #expect(report.runs.allSatisfy { $0.updateFrames > 0 && $0.checkedFrames > 0 })
    }
}
