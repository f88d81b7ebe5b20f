import Gallery
import LayoutBenchCLI
import Scenarios

LayoutBench.main(catalog: .builtIn.adding(GalleryFamily.self))
