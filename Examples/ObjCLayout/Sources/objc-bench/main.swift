import Gallery
import LayoutBenchCLI
import Workloads

LayoutBench.main(catalog: .builtIn.adding(GalleryFamily.self))
