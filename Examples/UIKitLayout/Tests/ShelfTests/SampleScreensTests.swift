import LayoutBenchUIKit
import LayoutModel
@testable import Shelf
import Testing
import UIKit
import Harness
import Scenarios
import Verification

/// Apple's screens of "Implementing Modern Collection Views" that need no engine feature of their own, as the sample
/// writes them (Sources/Shelf/SampleScreens): hand-computed frames through UIKit's own calls on a 390 x 844 phone,
/// and the harness's checks.
@Suite("Sample screens (UIKit)", .serialized)
struct SampleScreensTests {
    func frame(_ layout: UICollectionViewLayout, _ item: Int, _ section: Int) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    @Test("Grid and Inset Items Grid: five squares of 78 across, the inset grid's 68 inside their slots")
    func grids() {
        let grid = GridScreen.makeLayout()
        let (gridView, gridData) = installed(grid, [12])
        // 0.2 x 390 = 78 wide; the group is 0.2 x 390 = 78 high. Item 7 is row 1, column 2.
        #expect(isNear(frame(grid, 7, 0), CGRect(x: 156, y: 78, width: 78, height: 78)))
        #expect(isNear(frame(grid, 11, 0), CGRect(x: 78, y: 156, width: 78, height: 78)))
        #expect(abs(grid.collectionViewContentSize.height - 234) < 1e-9)

        let inset = InsetItemsGridScreen.makeLayout()
        let (insetView, insetData) = installed(inset, [12])
        // The same slots, each item inset 5 on every side.
        #expect(isNear(frame(inset, 7, 0), CGRect(x: 161, y: 83, width: 68, height: 68)))
        #expect(abs(inset.collectionViewContentSize.height - 234) < 1e-9)
        withExtendedLifetime((gridView, gridData, insetView, insetData)) {}
    }

    @Test("Two-Column Grid: two items of 180 in 44-point rows 10 apart, inset 10 at the sides")
    func twoColumn() {
        let layout = TwoColumnScreen.makeLayout()
        let (view, dataSource) = installed(layout, [5])
        // 390 - 20 = 370 across; (370 - 10) / 2 = 180 an item; rows 44 + 10 apart.
        #expect(isNear(frame(layout, 0, 0), CGRect(x: 10, y: 0, width: 180, height: 44)))
        #expect(isNear(frame(layout, 1, 0), CGRect(x: 200, y: 0, width: 180, height: 44)))
        #expect(isNear(frame(layout, 3, 0), CGRect(x: 200, y: 54, width: 180, height: 44)))
        // The fifth item opens a third row, alone at the leading edge.
        #expect(isNear(frame(layout, 4, 0), CGRect(x: 10, y: 108, width: 180, height: 44)))
        #expect(abs(layout.collectionViewContentSize.height - 152) < 1e-9)
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("Nested Groups: a 0.7 item beside a counted vertical pair, groups 0.4 of the height")
    func nestedGroups() {
        let layout = NestedGroupsScreen.makeLayout()
        let (view, dataSource) = installed(layout, [6])
        // The group is 390 x 0.4 x 844 = 337.6. The leading slot is 0.7 x 390 = 273 wide, inset 10; the trailing
        // group 0.3 x 390 = 117 wide at 273 holds two items of 337.6 / 2 = 168.8 (its count, not the item's 0.3
        // height), each inset 10.
        #expect(isNear(frame(layout, 0, 0), CGRect(x: 10, y: 10, width: 253, height: 317.6)))
        #expect(isNear(frame(layout, 1, 0), CGRect(x: 283, y: 10, width: 97, height: 148.8)))
        #expect(isNear(frame(layout, 2, 0), CGRect(x: 283, y: 178.8, width: 97, height: 148.8)))
        #expect(isNear(frame(layout, 3, 0), CGRect(x: 10, y: 347.6, width: 253, height: 317.6)))
        #expect(abs(layout.collectionViewContentSize.height - 675.2) < 1e-9)
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("Distinct Sections: a list, a 5-across grid and a 3-across grid, each inset 20")
    func distinctSections() {
        let layout = DistinctSectionsScreen.makeLayout()
        let (view, dataSource) = installed(layout, [3, 7, 4])
        // The list: 350 across, rows 44 high, items inset 2. It ends at 20 + 3 x 44 + 20 = 172.
        #expect(isNear(frame(layout, 0, 0), CGRect(x: 22, y: 22, width: 346, height: 40)))
        #expect(isNear(frame(layout, 2, 0), CGRect(x: 22, y: 110, width: 346, height: 40)))
        // grid5 from 172 + 20: slots 350 / 5 = 70 wide, rows 0.2 x 350 = 70 high. Item 6 is row 1, column 1.
        #expect(isNear(frame(layout, 0, 1), CGRect(x: 22, y: 194, width: 66, height: 66)))
        #expect(isNear(frame(layout, 6, 1), CGRect(x: 92, y: 264, width: 66, height: 66)))
        // It ends at 192 + 2 x 70 + 20 = 352; grid3 from 372: slots 350 / 3 wide, rows still 70 high.
        let third = 350.0 / 3
        #expect(isNear(frame(layout, 3, 2), CGRect(x: 22, y: 444, width: third - 4, height: 66)))
        #expect(abs(layout.collectionViewContentSize.height - 532) < 1e-9)
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("Adaptive Sections: column counts double past 800 points, and the provider is asked again on a resize")
    func adaptiveSections() {
        let layout = AdaptiveSectionsScreen.makeLayout()
        let (view, dataSource) = installed(layout, [4, 12, 4])
        // 390 wide: the list is one column, as in Distinct Sections.
        #expect(isNear(frame(layout, 1, 0), CGRect(x: 22, y: 66, width: 346, height: 40)))
        // A tablet: 1024 - 40 = 984 across. The list goes two across (492 each), grid5 ten across (98.4 each, rows
        // 0.2 x 984 = 196.8 high), grid3 six across.
        view.frame = CGRect(x: 0, y: 0, width: 1024, height: 1366)
        view.layoutIfNeeded()
        #expect(isNear(frame(layout, 1, 0), CGRect(x: 514, y: 22, width: 488, height: 40)))
        // The list ends at 20 + 2 x 44 + 20 = 128; grid5 starts at 148. Item 11 is row 1, column 1.
        #expect(isNear(frame(layout, 11, 1), CGRect(x: 20 + 98.4 + 2, y: 148 + 196.8 + 2, width: 94.4, height: 192.8)))
        #expect(isNear(frame(layout, 3, 2), CGRect(x: 20 + 3 * 164 + 2, y: 148 + 2 * 196.8 + 40 + 2, width: 160,
                                                  height: 192.8)))
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("Section Headers/Footers: rows 5 apart between an estimated 44-point header and footer")
    func headersFooters() {
        let layout = SectionHeadersFootersScreen.makeLayout()
        let (view, dataSource) = installed(layout, [3, 2])
        func supplementary(_ kind: String, _ section: Int) -> CGRect? {
            layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: section))?.frame
        }
        // The header follows the section's side insets: 10, 370 wide. Rows at 44, 93, 142; the footer after the
        // last row at 186; the section ends at 230, where the next one's header starts.
        #expect(isNear(supplementary(sampleSectionHeaderElementKind, 0), CGRect(x: 10, y: 0, width: 370, height: 44)))
        #expect(isNear(frame(layout, 2, 0), CGRect(x: 10, y: 142, width: 370, height: 44)))
        #expect(isNear(supplementary(sampleSectionFooterElementKind, 0),
                       CGRect(x: 10, y: 186, width: 370, height: 44)))
        #expect(isNear(supplementary(sampleSectionHeaderElementKind, 1),
                       CGRect(x: 10, y: 230, width: 370, height: 44)))
        #expect(isNear(frame(layout, 1, 1), CGRect(x: 10, y: 323, width: 370, height: 44)))
        #expect(abs(layout.collectionViewContentSize.height - 411) < 1e-9)
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("Pinned Section Headers: the header stays at the top of the bounds above the rows, the footer does not")
    func pinnedHeaders() {
        let layout = PinnedSectionHeadersScreen.makeLayout()
        let (view, dataSource) = installed(layout, [20, 20])
        // Section 0: header 0..44, 20 rows of 44 five apart from 44 (ending at 44 + 20 x 44 + 19 x 5 = 1019), the
        // footer 1019..1063. Scrolled to 300, the header sits at 300 with zIndex 2; the footer stays where it is.
        view.contentOffset = CGPoint(x: 0, y: 300)
        view.layoutIfNeeded()
        let visible = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 300, width: 390, height: 844)) ?? []
        let header = visible.first { $0.representedElementKind == sampleSectionHeaderElementKind }
        #expect(isNear(header?.frame, CGRect(x: 10, y: 300, width: 370, height: 44)))
        #expect(header?.zIndex == 2)
        let footer = visible.first { $0.representedElementKind == sampleSectionFooterElementKind }
        #expect(isNear(footer?.frame, CGRect(x: 10, y: 1019, width: 370, height: 44)))
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("Conference Video Sessions: titled .continuous rows of 0.85-wide cards, two and a peek past 500 points")
    func videoSessions() {
        let layout = ConferenceVideoSessionsScreen.makeLayout()
        let (view, dataSource) = installed(layout, [4, 4])
        // 390 - 40 = 350 across: cards 0.85 x 350 = 297.5 wide, 250 high, 20 apart, under a 44-point title that
        // follows the insets. Section 0 ends at 294; the configuration's 20 puts section 1's title at 314.
        let kind = ConferenceVideoSessionsScreen.titleElementKind
        #expect(isNear(layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: 0))?
            .frame, CGRect(x: 20, y: 0, width: 350, height: 44)))
        #expect(isNear(frame(layout, 0, 0), CGRect(x: 20, y: 44, width: 297.5, height: 250)))
        #expect(isNear(frame(layout, 1, 0), CGRect(x: 337.5, y: 44, width: 297.5, height: 250)))
        #expect(isNear(frame(layout, 0, 1), CGRect(x: 20, y: 358, width: 297.5, height: 250)))
        #expect(abs(layout.collectionViewContentSize.height - 608) < 1e-9)
        // A tablet: 984 across, cards 0.425 x 984 = 418.2.
        view.frame = CGRect(x: 0, y: 0, width: 1024, height: 1366)
        view.layoutIfNeeded()
        #expect(isNear(frame(layout, 1, 0), CGRect(x: 20 + 418.2 + 20, y: 44, width: 418.2, height: 250)))
        withExtendedLifetime((view, dataSource)) {}
    }

    @Test("A screen of three sections refuses content of more, in one line, before building anything")
    func sectionLimit() {
        let problem = SampleScreenFamily<DistinctSectionsScreen>().problem(
            for: ContentSpec(sections: 4, itemsPerSection: 10))
        #expect(problem == "sample-distinct-sections: the screen's data has 3 sections, not 4 (use --rows 3 or fewer)")
        #expect(SampleScreenFamily<AdaptiveSectionsScreen>().problem(
            for: ContentSpec(sections: 3, itemsPerSection: 10)) == nil)
    }

    @Test("every screen passes verify and verify invalidation over the mixed trace", arguments: [
        (AnyLayoutFamily(SampleScreenFamily<GridScreen>()), 12),
        (AnyLayoutFamily(SampleScreenFamily<InsetItemsGridScreen>()), 12),
        (AnyLayoutFamily(SampleScreenFamily<TwoColumnScreen>()), 12),
        (AnyLayoutFamily(SampleScreenFamily<NestedGroupsScreen>()), 12),
        (AnyLayoutFamily(SampleScreenFamily<DistinctSectionsScreen>()), 3),
        (AnyLayoutFamily(SampleScreenFamily<AdaptiveSectionsScreen>()), 3),
        (AnyLayoutFamily(SampleScreenFamily<SectionHeadersFootersScreen>()), 12),
        (AnyLayoutFamily(SampleScreenFamily<PinnedSectionHeadersScreen>()), 12),
        (AnyLayoutFamily(SampleScreenFamily<ConferenceVideoSessionsScreen>()), 12),
    ])
    func verified(family: AnyLayoutFamily, sections: Int) throws {
        let workload = WorkloadSpec(rows: sections, columns: 24, layout: family, storage: .objects)
        let viewport = Size(width: 390, height: 844)
        let queries = try QueryVerification(workload: workload, seed: 5, viewport: viewport, queryCount: 20).run()
        #expect(queries.passed)
        let report = try InvalidationVerification(workload: workload, seed: 5, viewport: viewport,
                                                  traceKind: .mixed, frames: 40).run()
        #expect(report.passed, "\(report.failedRules) \(report.firstMismatch ?? "")")
    }
}
