import LayoutBenchCLI
import Masonry
import Scenarios

LayoutBench.main(catalog: .builtIn.adding(MasonryFamily.self))
