import LayoutBenchCLI
import Shelf
import Workloads

LayoutBench.main(catalog: .builtIn.adding(ShelfFamily.self).adding(UIKitGlobalHeaderFamily.self))
