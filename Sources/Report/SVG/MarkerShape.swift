/// The shapes of data markers: with the palette's colours and dashes, every series stays distinct in greyscale and
/// for colour-blind readers.
enum MarkerShape: CaseIterable {
    case circle, square, triangle, diamond, invertedTriangle, openCircle, openSquare, openDiamond

    /// Whether the marker is filled with its colour (open markers are filled white).
    var filled: Bool {
        switch self {
        case .openCircle, .openSquare, .openDiamond: false
        default: true
        }
    }

    /// The SVG path of the marker centred at (x, y), of radius about `r`.
    func path(x: Double, y: Double, r: Double) -> String {
        func p(_ dx: Double, _ dy: Double) -> String { "\(number(x + dx)) \(number(y + dy))" }
        switch self {
        case .circle, .openCircle:
            return "M \(p(-r, 0)) A \(number(r)) \(number(r)) 0 1 0 \(p(r, 0)) A \(number(r)) \(number(r)) 0 1 0 \(p(-r, 0)) Z"
        case .square, .openSquare:
            let s = r * 0.85
            return "M \(p(-s, -s)) L \(p(s, -s)) L \(p(s, s)) L \(p(-s, s)) Z"
        case .triangle:
            return "M \(p(0, -r * 1.1)) L \(p(r, r * 0.8)) L \(p(-r, r * 0.8)) Z"
        case .invertedTriangle:
            return "M \(p(0, r * 1.1)) L \(p(r, -r * 0.8)) L \(p(-r, -r * 0.8)) Z"
        case .diamond, .openDiamond:
            return "M \(p(0, -r * 1.2)) L \(p(r, 0)) L \(p(0, r * 1.2)) L \(p(-r, 0)) Z"
        }
    }
}
