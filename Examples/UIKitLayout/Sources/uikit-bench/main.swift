import LayoutBenchCLI
import Shelf
import Scenarios
import UIKitPatterns

let shelf = LayoutCatalog.builtIn.adding(ShelfFamily.self).adding(UIKitGlobalHeaderFamily.self)
    .adding(ChatFamily.self).adding(SelfSizingListFamily.self).adding(OrthogonalScrollingFamily.self)
    .adding(OrthogonalBehaviorsFamily.self).adding(ScaledCarouselFamily.self).adding(HorizontalSectionsFamily.self)
    .adding(SectionDecorationFamily.self)
    .adding(ItemBadgeFamily.self).adding(MosaicFamily.self)
    .adding(StorefrontFamily.self)
    .adding(InsetsReferenceFamily.self).adding(PhotoStripFamily.self).adding(PhotoStripVerticalFamily.self)
    .adding(HorizontalShelvesFamily.self)
    // Apple's screens that need no family of their own: one generic family over each (Sources/Shelf/SampleScreens).
    .adding(SampleScreenFamily<GridScreen>.self).adding(SampleScreenFamily<InsetItemsGridScreen>.self)
    .adding(SampleScreenFamily<TwoColumnScreen>.self).adding(SampleScreenFamily<DistinctSectionsScreen>.self)
    .adding(SampleScreenFamily<AdaptiveSectionsScreen>.self).adding(SampleScreenFamily<SectionHeadersFootersScreen>.self)
    .adding(SampleScreenFamily<PinnedSectionHeadersScreen>.self).adding(SampleScreenFamily<NestedGroupsScreen>.self)
    .adding(SampleScreenFamily<ConferenceVideoSessionsScreen>.self).adding(SampleScreenFamily<ConferenceNewsFeedScreen>.self)
    .adding(SampleScreenFamily<PlainListScreen>.self).adding(SampleScreenFamily<GroupedListScreen>.self)
    .adding(SampleScreenFamily<ListAppearancesScreen>.self).adding(SampleScreenFamily<UniformRowsScreen>.self)
    .adding(SampleScreenFamily<SwipeActionsListScreen>.self)
    .adding(SampleScreenFamily<NewsFeedHeadersScreen>.self).adding(SampleScreenFamily<HomeEstimatedScreen>.self)
    .adding(SampleScreenFamily<RecipesHomeScreen>.self)
    .adding(SampleScreenFamily<FeedLayoutHeaderScreen>.self).adding(SampleScreenFamily<BadgesEstimatedScreen>.self)
LayoutBench.main(catalog: UIKitPatterns.families.reduce(shelf) { $0.adding($1) })
