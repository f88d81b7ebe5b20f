import LayoutModel

/// The bridge between UIKit's element kinds (a category and a `String`) and the harness's interned
/// ``LayoutModel/ElementKind``: names go through ``LayoutModel/ElementKind/Names``, the one registry, so a UIKit kind
/// string and the harness kind of the same name are the same id.
package enum ElementKindNames {
    /// The harness kind of a UIKit element.
    package static func kind(category: UICollectionView.ElementCategory, name: String?) -> ElementKind {
        switch category {
        case .cell: .cell
        case .supplementaryView: .supplementary(name ?? "")
        case .decorationView: .decoration(name ?? "")
        }
    }

    /// The UIKit kind string of a harness kind; `nil` for a cell.
    package static func string(for kind: ElementKind) -> String? {
        kind.category == .cell ? nil : kind.name
    }
}
