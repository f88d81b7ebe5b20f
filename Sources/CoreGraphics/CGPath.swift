/// How a path's inside is decided, as CoreGraphics' `CGPathFillRule`.
public enum CGPathFillRule: Int, Sendable {
    /// A point is inside when the path winds around it a non-zero number of times.
    case winding
    /// A point is inside when a ray from it crosses the path an odd number of times.
    case evenOdd
}

/// How a stroke's ends are drawn, as `CGLineCap`; stored, nothing is drawn.
public enum CGLineCap: Int32, Sendable {
    case butt, round, square
}

/// How a stroke's corners are drawn, as `CGLineJoin`; stored, nothing is drawn.
public enum CGLineJoin: Int32, Sendable {
    case miter, round, bevel
}

/// A path, as CoreGraphics' immutable `CGPath`: a geometry holder that renders nothing. Layouts and cells build one
/// (often through `UIBezierPath`) for a mask or a hit test; it keeps its elements, answers its bounding boxes, its
/// current point and whether it contains a point, and compares equal to a path of the same elements.
///
/// Rects, ellipses, rounded rects and arcs are stored as lines and cubic Bézier curves (an ellipse as four quarter
/// curves, an arc as one curve per quarter turn or less, with the usual 4/3·tan(θ/4) control distance), as
/// CoreGraphics stores them. ``contains(_:using:transform:)`` tests the path flattened to 16 segments a curve.
public class CGPath: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// One element of a path.
    public enum Element: Hashable, Sendable {
        case moveTo(CGPoint)
        case lineTo(CGPoint)
        case quadCurveTo(control: CGPoint, to: CGPoint)
        case curveTo(control1: CGPoint, control2: CGPoint, to: CGPoint)
        case closeSubpath
    }

    /// The elements, in order.
    public internal(set) var elements: [Element]
    /// The first point of the current subpath, where `closeSubpath` returns.
    var subpathStart: CGPoint = .zero

    init(elements: [Element]) { self.elements = elements }

    /// A rectangle, as `CGPath(rect:transform:)`: a closed subpath from the origin corner, counterclockwise in
    /// CoreGraphics' coordinates.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// An ellipse inscribed in `rect`, as `CGPath(ellipseIn:transform:)`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// A rounded rect, as `CGPath(roundedRect:cornerWidth:cornerHeight:transform:)`.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                            transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The last point of the path; the origin when it is empty.
    public var currentPoint: CGPoint {
        switch elements.last {
        case let .moveTo(p)?, let .lineTo(p)?, let .quadCurveTo(_, p)?, let .curveTo(_, _, p)?: p
        case .closeSubpath?: subpathStart
        case nil: .zero
        }
    }

    /// The smallest rect holding every point of the path, control points included (`CGPathGetBoundingBox`); the
    /// null rect when it is empty.
    public var boundingBox: CGRect {
        var box = CGRect.null
        for point in elements.flatMap(Self.points(of:)) {
            box = box.union(CGRect(origin: point, size: .zero))
        }
        return box
    }

    /// The smallest rect holding the path itself, curves by their extremes, not their control points
    /// (`CGPathGetPathBoundingBox`); the null rect when it is empty.
    public var boundingBoxOfPath: CGRect {
        var box = CGRect.null
        func add(_ p: CGPoint) { box = box.union(CGRect(origin: p, size: .zero)) }
        var current = CGPoint.zero
        for element in elements {
            switch element {
            case let .moveTo(p), let .lineTo(p):
                add(p)
                current = p
            case let .quadCurveTo(c, p):
                add(current)
                add(p)
                for t in Self.quadraticExtremes(current, c, p) { add(Self.quadratic(current, c, p, t)) }
                current = p
            case let .curveTo(c1, c2, p):
                add(current)
                add(p)
                for t in Self.cubicExtremes(current, c1, c2, p) { add(Self.cubic(current, c1, c2, p, t)) }
                current = p
            case .closeSubpath: break
            }
        }
        return box
    }

    /// Whether `point` (taken through `transform`'s inverse) is inside the path by `rule`, each subpath closed, each
    /// curve flattened to 16 segments.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let p = transform == .identity ? point : point.applying(transform.inverted())
        var winding = 0, crossings = 0
        for polygon in polygons() where polygon.count > 1 {
            for (a, b) in zip(polygon, polygon.dropFirst() + [polygon[0]]) {
                guard (a.y <= p.y) != (b.y <= p.y) else { continue }
                let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
                if x > p.x {
                    crossings += 1
                    winding += b.y > a.y ? 1 : -1
                }
            }
        }
        return rule == .winding ? winding != 0 : crossings % 2 == 1
    }

    /// A copy (paths are values: the same object would do, as CoreGraphics may answer).
    public func copy() -> CGPath? { CGPath(elements: elements) }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? {
        let copy = CGMutablePath()
        copy.elements = elements
        copy.subpathStart = subpathStart
        return copy
    }

    /// A copy with every point taken through `transform`.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee else { return copy() }
        return CGPath(elements: elements.map { Self.apply(t, to: $0) })
    }

    /// Equal when the elements are.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.elements == rhs.elements }

    /// Hashes the elements.
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }

    /// `CGPath(n elements, bounding box …)`.
    public var description: String { "CGPath(\(elements.count) elements, bounding box \(boundingBox))" }

    // MARK: Geometry

    static func points(of element: Element) -> [CGPoint] {
        switch element {
        case let .moveTo(p), let .lineTo(p): [p]
        case let .quadCurveTo(c, p): [c, p]
        case let .curveTo(c1, c2, p): [c1, c2, p]
        case .closeSubpath: []
        }
    }

    static func apply(_ t: CGAffineTransform, to element: Element) -> Element {
        switch element {
        case let .moveTo(p): .moveTo(p.applying(t))
        case let .lineTo(p): .lineTo(p.applying(t))
        case let .quadCurveTo(c, p): .quadCurveTo(control: c.applying(t), to: p.applying(t))
        case let .curveTo(c1, c2, p): .curveTo(control1: c1.applying(t), control2: c2.applying(t), to: p.applying(t))
        case .closeSubpath: .closeSubpath
        }
    }

    /// The subpaths as polygons, curves flattened.
    func polygons() -> [[CGPoint]] {
        var result: [[CGPoint]] = []
        var polygon: [CGPoint] = []
        var current = CGPoint.zero
        for element in elements {
            switch element {
            case let .moveTo(p):
                if !polygon.isEmpty { result.append(polygon) }
                polygon = [p]
                current = p
            case let .lineTo(p):
                polygon.append(p)
                current = p
            case let .quadCurveTo(c, p):
                let start = current
                polygon += (1...16).map { Self.quadratic(start, c, p, CGFloat($0) / 16) }
                current = p
            case let .curveTo(c1, c2, p):
                let start = current
                polygon += (1...16).map { Self.cubic(start, c1, c2, p, CGFloat($0) / 16) }
                current = p
            case .closeSubpath:
                if !polygon.isEmpty { result.append(polygon) }
                current = polygon.first ?? current
                polygon = []
            }
        }
        if !polygon.isEmpty { result.append(polygon) }
        return result
    }

    static func quadratic(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        return CGPoint(x: u * u * a.x + 2 * u * t * b.x + t * t * c.x, y: u * u * a.y + 2 * u * t * b.y + t * t * c.y)
    }

    static func cubic(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return CGPoint(x: w0 * a.x + w1 * b.x + w2 * c.x + w3 * d.x, y: w0 * a.y + w1 * b.y + w2 * c.y + w3 * d.y)
    }

    /// The parameters in (0, 1) where a quadratic curve turns on either axis.
    static func quadraticExtremes(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> [CGFloat] {
        func root(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> CGFloat? {
            let denominator = a - 2 * b + c
            guard denominator != 0 else { return nil }
            let t = (a - b) / denominator
            return t > 0 && t < 1 ? t : nil
        }
        return [root(a.x, b.x, c.x), root(a.y, b.y, c.y)].compactMap { $0 }
    }

    /// The parameters in (0, 1) where a cubic curve turns on either axis: the roots of its derivative.
    static func cubicExtremes(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint) -> [CGFloat] {
        func roots(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat) -> [CGFloat] {
            // The derivative over 3: A t² + B t + C.
            let qa = -p0 + 3 * p1 - 3 * p2 + p3, qb = 2 * (p0 - 2 * p1 + p2), qc = p1 - p0
            var found: [CGFloat] = []
            if qa == 0 {
                if qb != 0 { found.append(-qc / qb) }
            } else {
                let discriminant = qb * qb - 4 * qa * qc
                if discriminant >= 0 {
                    let s = discriminant.squareRoot()
                    found += [(-qb + s) / (2 * qa), (-qb - s) / (2 * qa)]
                }
            }
            return found.filter { $0 > 0 && $0 < 1 }
        }
        return roots(a.x, b.x, c.x, d.x) + roots(a.y, b.y, c.y, d.y)
    }
}

/// A path being built, as CoreGraphics' `CGMutablePath`: every call takes an optional transform applied to the
/// points it adds.
public class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path.
    public init() { super.init(elements: []) }

    /// Starts a subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        let p = point.applying(transform)
        elements.append(.moveTo(p))
        subpathStart = p
    }

    /// A line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.lineTo(point.applying(transform)))
    }

    /// Lines through `points`, the first a move.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for point in points.dropFirst() { addLine(to: point, transform: transform) }
    }

    /// A quadratic Bézier curve.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.quadCurveTo(control: control.applying(transform), to: end.applying(transform)))
    }

    /// A cubic Bézier curve.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        elements.append(.curveTo(control1: control1.applying(transform), control2: control2.applying(transform),
                                 to: end.applying(transform)))
    }

    /// Closes the current subpath: a line back to its start.
    public func closeSubpath() { elements.append(.closeSubpath) }

    /// A closed rectangle from its origin corner.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        addLines(between: [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                           CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)], transform: transform)
        closeSubpath()
    }

    /// Closed rectangles.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// A closed ellipse inscribed in `rect`: four quarter curves from the right-hand point.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let center = CGPoint(x: r.midX, y: r.midY)
        addArc(center: center, radii: CGSize(width: r.width / 2, height: r.height / 2), from: 0, to: 2 * .pi,
               startsSubpath: true, transform: transform)
        closeSubpath()
    }

    /// A closed rounded rect, its corners quarter ellipses of `cornerWidth` by `cornerHeight` (each at most half
    /// the side).
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let w = Swift.min(Swift.max(0, cornerWidth), r.width / 2)
        let h = Swift.min(Swift.max(0, cornerHeight), r.height / 2)
        guard w > 0, h > 0 else { return addRect(r, transform: transform) }
        let radii = CGSize(width: w, height: h)
        move(to: CGPoint(x: r.minX + w, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX - w, y: r.minY), transform: transform)
        addArc(center: CGPoint(x: r.maxX - w, y: r.minY + h), radii: radii, from: -.pi / 2, to: 0,
               transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - h), transform: transform)
        addArc(center: CGPoint(x: r.maxX - w, y: r.maxY - h), radii: radii, from: 0, to: .pi / 2, transform: transform)
        addLine(to: CGPoint(x: r.minX + w, y: r.maxY), transform: transform)
        addArc(center: CGPoint(x: r.minX + w, y: r.maxY - h), radii: radii, from: .pi / 2, to: .pi,
               transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.minY + h), transform: transform)
        addArc(center: CGPoint(x: r.minX + w, y: r.minY + h), radii: radii, from: .pi, to: 3 * .pi / 2,
               transform: transform)
        closeSubpath()
    }

    /// An arc of a circle, as `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:transform:)`: a line
    /// from the current point to its start (a move when the path is empty), then the arc. Angles are in radians
    /// from the positive x axis; `clockwise` in CoreGraphics' coordinates (y up) is the direction of decreasing
    /// angle, which on a screen whose y axis points down (UIKit's) looks counterclockwise, as Apple notes.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        // A non-finite angle draws nothing (CoreGraphics documents nothing for it).
        guard startAngle.isFinite, endAngle.isFinite else { return }
        // The sweep, within one turn, on the side `clockwise` names; a whole turn or more draws the whole circle.
        let delta = endAngle - startAngle
        var sweep = delta
        if Swift.abs(delta) >= 2 * .pi {
            sweep = clockwise ? -2 * .pi : 2 * .pi
        } else if clockwise && sweep > 0 {
            sweep -= 2 * .pi
        } else if !clockwise && sweep < 0 {
            sweep += 2 * .pi
        }
        let end = startAngle + sweep
        addArc(center: center, radii: CGSize(width: radius, height: radius), from: startAngle, to: end,
               startsSubpath: elements.isEmpty, transform: transform)
    }

    /// The cosine, exactly 0, 1 or -1 at a multiple of a quarter turn (`cos(.pi / 2)` is 6e-17), so that the
    /// extremes of rects, ellipses and rounded corners are exact.
    static func cosine(_ angle: CGFloat) -> CGFloat {
        let quarters = angle / (.pi / 2)
        guard Swift.abs(quarters) < 1e6, Swift.abs(quarters - quarters.rounded()) < 1e-12 else { return cos(angle) }
        return [1, 0, -1, 0][((Int(quarters.rounded()) % 4) + 4) % 4]
    }

    /// The sine, exact at a multiple of a quarter turn (see ``cosine(_:)``).
    static func sine(_ angle: CGFloat) -> CGFloat {
        let quarters = angle / (.pi / 2)
        guard Swift.abs(quarters) < 1e6, Swift.abs(quarters - quarters.rounded()) < 1e-12 else { return sin(angle) }
        return [0, 1, 0, -1][((Int(quarters.rounded()) % 4) + 4) % 4]
    }

    /// The elements of `path`, taken through `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        elements += path.elements.map { CGPath.apply(transform, to: $0) }
    }

    /// An elliptical arc from angle `from` to `to` as cubic curves of at most a quarter turn each (not CoreGraphics
    /// API: `UIBezierPath` builds its corners with it), joined to the
    /// current point by a line (or started by a move).
    package func addArc(center: CGPoint, radii: CGSize, from: CGFloat, to: CGFloat, startsSubpath: Bool = false,
                transform: CGAffineTransform) {
        func point(_ angle: CGFloat) -> CGPoint {
            CGPoint(x: center.x + radii.width * Self.cosine(angle), y: center.y + radii.height * Self.sine(angle))
        }
        if startsSubpath {
            move(to: point(from), transform: transform)
        } else {
            addLine(to: point(from), transform: transform)
        }
        let sweep = to - from
        // At most one turn of quarter curves (callers pass sweeps within a turn).
        let quarters = Swift.abs(sweep) / (.pi / 2)
        let segments = quarters.isFinite ? Swift.max(1, Swift.min(4, Int(quarters.rounded(.up)))) : 1
        let step = sweep / CGFloat(segments)
        let k = 4 / 3 * tan(step / 4)
        for i in 0..<segments {
            let a0 = from + CGFloat(i) * step, a1 = a0 + step
            let p0 = point(a0), p1 = point(a1)
            let c1 = CGPoint(x: p0.x - k * radii.width * Self.sine(a0), y: p0.y + k * radii.height * Self.cosine(a0))
            let c2 = CGPoint(x: p1.x + k * radii.width * Self.sine(a1), y: p1.y - k * radii.height * Self.cosine(a1))
            addCurve(to: p1, control1: c1, control2: c2, transform: transform)
        }
    }
}
