import LayoutBenchCLI
import Shelf
import Scenarios
import UIKitPatterns

let shelf = LayoutCatalog.builtIn.adding(ShelfFamily.self).adding(UIKitGlobalHeaderFamily.self)
    .adding(ChatFamily.self).adding(SelfSizingListFamily.self).adding(OrthogonalScrollingFamily.self)
    .adding(OrthogonalBehaviorsFamily.self).adding(ScaledCarouselFamily.self).adding(HorizontalSectionsFamily.self)
    .adding(SectionDecorationFamily.self)
    .adding(ItemBadgeFamily.self)
LayoutBench.main(catalog: UIKitPatterns.families.reduce(shelf) { $0.adding($1) })
