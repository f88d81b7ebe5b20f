import LayoutBenchCLI
import Masonry
import Workloads

LayoutBench.main(catalog: .builtIn.adding(MasonryFamily.self))
