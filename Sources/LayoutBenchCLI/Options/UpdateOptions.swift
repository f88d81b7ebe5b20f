import ArgumentParser
import LayoutModel
import Layouts

extension UpdateStrategy: ExpressibleByArgument {}
extension ScrollAnchoring: ExpressibleByArgument {}
