import Results

/// A differential flame graph of one region's profile: an icicle of its call tree (``Results/ProfileTree``), the
/// whole region along the top and each function's calls below it, a box's width its instructions per operation
/// along that call path, and, against a baseline, its colour the path's change: vermillion for more instructions,
/// blue for fewer, deeper for a larger share of the largest change, grey where nothing moved. Without a baseline
/// every box is one neutral colour.
///
/// Static SVG, readable without scripts: each box is a data marker (class `point`) with a tooltip (`<title>`) giving
/// the function, its instructions per operation and its change; names are written inside boxes wide enough for
/// them. Boxes narrower than ``minimumWidth`` are left out with their calls.
struct FlameGraph {
    /// One drawn box.
    struct Box: Hashable {
        /// The function, or the tree's root.
        var name: String
        /// Its distance from the root: 0 for the root.
        var depth: Int
        /// Its left edge and width, in pixels.
        var x: Double
        var width: Double
        /// Its instructions per operation along its path.
        var value: Double
        /// The change along its path, when compared.
        var delta: Double?
    }

    /// The chart's title: the scenario and region.
    var title: String
    /// The tree, compared with the baseline's when there is one.
    var tree: ProfileTree
    /// What one operation is (`query`, `frame`, `cell`).
    var operation: String

    static let width = 1100.0
    static let rowHeight = 17.0
    static let top = 46.0
    static let margin = 8.0
    /// Boxes narrower than this many pixels are not drawn.
    static let minimumWidth = 0.6

    /// The boxes of `tree` laid out as an icicle `width` pixels wide from `left`: the root spans the width, each
    /// node's calls lie side by side under it from its left edge, in the tree's order, each as wide as its share of
    /// the root's value.
    static func layout(_ tree: ProfileTree, left: Double = 0, width: Double, minimumWidth: Double = minimumWidth)
        -> [Box]
    {
        let root = tree.root
        guard root.value > 0, width > 0 else { return [] }
        let scale = width / root.value
        var boxes: [Box] = []
        func place(_ node: ProfileTree.Node, x: Double, depth: Int) {
            let boxWidth = node.value * scale
            guard boxWidth >= minimumWidth else { return }
            boxes.append(Box(name: node.name, depth: depth, x: x, width: boxWidth, value: node.value,
                             delta: node.delta))
            var next = x
            for child in node.children {
                place(child, x: next, depth: depth + 1)
                next += child.value * scale
            }
        }
        place(root, x: left, depth: 0)
        return boxes
    }

    /// The fill of a box whose change is `delta`, against the largest change `largest`: a mix of white and
    /// vermillion or blue, by the share, from 15 % to 100 %; grey for no change, one neutral colour without a
    /// comparison.
    static func fill(delta: Double?, largest: Double) -> String {
        guard let delta else { return "#c9d7e6" }
        guard delta != 0, largest > 0 else { return "#e4e4e4" }
        let share = Swift.min(1, abs(delta) / largest)
        let strength = 0.15 + 0.85 * share
        let (r, g, b): (Double, Double, Double) = delta > 0 ? (0xD5, 0x5E, 0x00) : (0x00, 0x72, 0xB2)
        func channel(_ value: Double) -> String {
            let mixed = Int((255 - (255 - value) * strength).rounded())
            let clamped = Swift.min(255, Swift.max(0, mixed))
            let digits = Array("0123456789abcdef")
            return String([digits[clamped / 16], digits[clamped % 16]])
        }
        return "#" + channel(r) + channel(g) + channel(b)
    }

    /// A figure to one decimal below 100, whole above.
    static func figure(_ value: Double) -> String {
        format(value, decimals: abs(value) < 100 ? 1 : 0)
    }

    /// The SVG.
    func render() -> String {
        let boxes = Self.layout(tree, left: Self.margin, width: Self.width - 2 * Self.margin)
        let depth = (boxes.map(\.depth).max() ?? 0) + 1
        let height = Self.top + Double(depth) * Self.rowHeight + 12
        var canvas = SVGCanvas(width: Self.width, height: height)
        let compared = tree.root.delta != nil
        let largest = boxes.compactMap(\.delta).map(abs).max() ?? 0
        let total = tree.root.value
        canvas.text(title, x: Self.margin, y: 15, size: 11.5, weight: "600")
        var legend = "\(Self.figure(total)) instructions per \(operation); width: a call path's inclusive "
            + "instructions"
        if let delta = tree.root.delta {
            legend += "; colour: its change, vermillion more, blue fewer (largest \(AttributionText.signed(largest)), "
                + "whole region \(AttributionText.signed(delta)))"
        }
        canvas.text(legend, x: Self.margin, y: 31, size: 10.5, fill: "#333")
        for box in boxes {
            let y = Self.top + Double(box.depth) * Self.rowHeight
            var tip = "\(box.name): \(Self.figure(box.value)) instructions per \(operation) "
                + "(\(format(100 * box.value / Swift.max(total, 1e-300), decimals: 1)) %)"
            if let delta = box.delta { tip += ", change \(AttributionText.signed(delta))" }
            canvas.rect(x: box.x, y: y, width: Swift.max(0, box.width - 0.5), height: Self.rowHeight - 1,
                        fill: Self.fill(delta: compared ? box.delta : nil, largest: largest), stroke: nil,
                        className: "point", title: tip)
            let characters = Int((box.width - 6) / 6.1)
            if characters >= 4 {
                let label = box.name.count <= characters ? box.name : String(box.name.prefix(characters - 1)) + "…"
                canvas.text(label, x: box.x + 3, y: y + Self.rowHeight - 5, size: 10, fill: "#111")
            }
        }
        return canvas.render(kind: "flame", title: "\(title): \(legend)", points: boxes.count)
    }
}
