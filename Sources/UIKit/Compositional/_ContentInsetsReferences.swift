/// The leading and trailing insets of each `UIContentInsetsReference`'s edge in one layout pass, from the collection
/// view's width, safe area, layout margins and readable width (Guides/UIKitCompositional.md, CI1 to CI3). Only the
/// edges across the scroll axis count: a vertical layout's top and bottom are the scroll view's (CI3).
package struct ContentInsetsReferences: Equatable, Sendable {
    /// A leading and a trailing inset from the collection view's edges.
    package struct Edge: Equatable, Sendable {
        package var leading: Double
        package var trailing: Double
        package static let zero = Edge(leading: 0, trailing: 0)
    }

    var safeArea: Edge
    var layoutMargins: Edge
    var readableContent: Edge
    /// The configuration's reference, never `.automatic` (CI1: the safe area's).
    var configuration: UIContentInsetsReference

    /// Every edge at the collection view's own: what a collection view without safe area or margins gives, and what
    /// the layout assumes with no collection view.
    package static let none = ContentInsetsReferences(safeArea: .zero, layoutMargins: .zero, readableContent: .zero,
                                                      configuration: .safeArea)

    init(safeArea: Edge, layoutMargins: Edge, readableContent: Edge, configuration: UIContentInsetsReference) {
        self.safeArea = safeArea
        self.layoutMargins = layoutMargins
        self.readableContent = readableContent
        self.configuration = configuration == .automatic ? .safeArea : configuration
    }

    /// The edges of a collection view `width` wide: the safe area's left and right insets; the layout margins measured
    /// from the safe area (`insetsLayoutMarginsFromSafeArea`, UIKit's default); the readable content guide at most
    /// `readableWidth` wide, centred between the margins.
    init(width: Double, safeArea: UIEdgeInsets, layoutMargins: UIEdgeInsets, readableWidth: Double,
         configuration: UIContentInsetsReference) {
        let safe = Edge(leading: Double(safeArea.left), trailing: Double(safeArea.right))
        let margins = Edge(leading: safe.leading + Double(layoutMargins.left),
                           trailing: safe.trailing + Double(layoutMargins.right))
        let guide = Swift.max(0, width - margins.leading - margins.trailing)
        let half = (guide - Swift.min(guide, Swift.max(0, readableWidth))) / 2
        self.init(safeArea: safe, layoutMargins: margins,
                  readableContent: Edge(leading: margins.leading + half, trailing: margins.trailing + half),
                  configuration: configuration)
    }

    /// The edge `reference` resolves to: `.automatic` is the configuration's (CI1).
    ///
    /// - Complexity: O(1).
    func insets(of reference: UIContentInsetsReference) -> Edge {
        switch reference == .automatic ? configuration : reference {
        case .automatic, .none: .zero
        case .safeArea: safeArea
        case .layoutMargins: layoutMargins
        case .readableContent: readableContent
        }
    }
}
