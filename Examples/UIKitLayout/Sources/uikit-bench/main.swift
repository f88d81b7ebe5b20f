import LayoutBenchCLI
import Shelf
import Scenarios

LayoutBench.main(catalog: .builtIn.adding(ShelfFamily.self).adding(UIKitGlobalHeaderFamily.self)
    .adding(ChatFamily.self).adding(SelfSizingListFamily.self).adding(OrthogonalSectionsFamily.self))
