/// A tiny SVG writer: elements appended as text, with every text and attribute value escaped.
///
/// Only what the report's charts draw: lines, rectangles, circles, polylines, paths, text and groups. Numbers are
/// written with two decimals, which is finer than a pixel.
struct SVGCanvas {
    /// The width in CSS pixels.
    var width: Double
    /// The height in CSS pixels.
    var height: Double
    /// The elements, as SVG text.
    private(set) var body: [String] = []

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `<svg>` with a `role="img"`, a title for screen readers and data attributes for the browser check:
    /// `data-chart` (the kind) and `data-points` (how many data markers the chart must show).
    func render(kind: String, title: String, points: Int) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" role=\"img\" data-chart=\"\(escapeXML(kind))\" "
            + "data-points=\"\(points)\" viewBox=\"0 0 \(number(width)) \(number(height))\" "
            + "width=\"\(number(width))\" height=\"\(number(height))\">"
            + "<title>\(escapeXML(title))</title>" + body.joined() + "</svg>"
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1,
                       dash: String? = nil, className: String? = nil) {
        body.append("<line x1=\"\(number(x1))\" y1=\"\(number(y1))\" x2=\"\(number(x2))\" y2=\"\(number(y2))\" "
            + "stroke=\"\(escapeXML(stroke))\" stroke-width=\"\(number(width))\"\(dashAttribute(dash))"
            + "\(classAttribute(className))/>")
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String? = nil,
                       className: String? = nil, title: String? = nil) {
        let strokeText = stroke.map { " stroke=\"\(escapeXML($0))\"" } ?? ""
        let open = "<rect x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(max(0, width)))\" "
            + "height=\"\(number(max(0, height)))\" fill=\"\(escapeXML(fill))\"\(strokeText)\(classAttribute(className))"
        body.append(title.map { open + "><title>\(escapeXML($0))</title></rect>" } ?? open + "/>")
    }

    mutating func polyline(_ points: [(x: Double, y: Double)], stroke: String, width: Double = 1.5,
                           dash: String? = nil, className: String? = nil) {
        guard points.count >= 2 else { return }
        let list = points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
        body.append("<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(escapeXML(stroke))\" "
            + "stroke-width=\"\(number(width))\"\(dashAttribute(dash))\(classAttribute(className))/>")
    }

    mutating func path(_ d: String, fill: String, stroke: String? = nil, width: Double = 1,
                       className: String? = nil, title: String? = nil) {
        let strokeText = stroke.map { " stroke=\"\(escapeXML($0))\" stroke-width=\"\(number(width))\"" } ?? ""
        let open = "<path d=\"\(escapeXML(d))\" fill=\"\(escapeXML(fill))\"\(strokeText)\(classAttribute(className))"
        body.append(title.map { open + "><title>\(escapeXML($0))</title></path>" } ?? open + "/>")
    }

    enum Anchor: String { case start, middle, end }

    mutating func text(_ text: String, x: Double, y: Double, anchor: Anchor = .start, size: Double = 11,
                       fill: String = "#222", weight: String? = nil, rotate: Double? = nil) {
        let transform = rotate.map { " transform=\"rotate(\(number($0)) \(number(x)) \(number(y)))\"" } ?? ""
        let weightText = weight.map { " font-weight=\"\($0)\"" } ?? ""
        body.append("<text x=\"\(number(x))\" y=\"\(number(y))\" text-anchor=\"\(anchor.rawValue)\" "
            + "font-size=\"\(number(size))\" fill=\"\(escapeXML(fill))\"\(weightText)\(transform)>"
            + "\(escapeXML(text))</text>")
    }

    /// A data marker of `shape` centred at (x, y), with a tooltip; its class `point` is what the browser check
    /// counts.
    mutating func marker(_ shape: MarkerShape, x: Double, y: Double, size: Double = 4.5, colour: String,
                         open: Bool = false, title: String) {
        path(shape.path(x: x, y: y, r: size), fill: shape.filled && !open ? colour : "#fff", stroke: colour,
             width: 1.5, className: "point", title: title)
    }

    private func dashAttribute(_ dash: String?) -> String {
        dash.map { " stroke-dasharray=\"\(escapeXML($0))\"" } ?? ""
    }

    private func classAttribute(_ name: String?) -> String {
        name.map { " class=\"\(escapeXML($0))\"" } ?? ""
    }
}

/// A coordinate with at most two decimals and no trailing zeros.
func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    // Far beyond any canvas, and small enough that `Int(_:)` below cannot trap.
    let rounded = (min(max(value, -1e9), 1e9) * 100).rounded() / 100
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    var text = String(rounded)
    if text.contains("e") { return String(Int(rounded)) }
    while text.hasSuffix("0") { text.removeLast() }
    return text
}

/// `text` with the five XML special characters escaped, for SVG text and attribute values.
func escapeXML(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.append(character)
        }
    }
    return out
}
