import QuartzCore
import Testing
import UIKit
@testable import UIKitPatterns

/// The mask and hit-testing API layouts carry in their attributes, geometry only, by hand.
@Suite("masks, paths and hit testing")
struct MaskGeometryTests {
    @Test("a rect and a rounded rect: bounds, and which points are inside")
    func roundedRect() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
        #expect(UIBezierPath(rect: rect).bounds == rect)
        #expect(UIBezierPath(rect: rect).contains(CGPoint(x: 1, y: 1)))
        let rounded = UIBezierPath(roundedRect: rect, cornerRadius: 10)
        #expect(rounded.bounds == rect)
        #expect(rounded.cgPath.boundingBoxOfPath == rect)
        #expect(rounded.contains(CGPoint(x: 50, y: 25)))
        // (1, 1) is 12.7 points from the corner's centre (10, 10): cut off. (3, 25) is on the straight edge.
        #expect(!rounded.contains(CGPoint(x: 1, y: 1)))
        #expect(rounded.contains(CGPoint(x: 3, y: 25)))
        #expect(!rounded.contains(CGPoint(x: 101, y: 25)))
        // Only the top-left corner rounded.
        let oneCorner = UIBezierPath(roundedRect: rect, byRoundingCorners: [.topLeft],
                                     cornerRadii: CGSize(width: 10, height: 10))
        #expect(!oneCorner.contains(CGPoint(x: 1, y: 1)))
        #expect(oneCorner.contains(CGPoint(x: 99, y: 1)) && oneCorner.contains(CGPoint(x: 1, y: 49)))
        // A radius past half the shorter side is held to it: a stadium.
        #expect(!UIBezierPath(roundedRect: rect, cornerRadius: 80).contains(CGPoint(x: 2, y: 2)))
    }

    @Test("an oval, a quadratic curve and an arc, by hand")
    func curves() {
        let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(oval.contains(CGPoint(x: 50, y: 25)) && !oval.contains(CGPoint(x: 5, y: 5)))
        #expect(oval.cgPath.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 100, height: 50))
        // From (0, 0) to (100, 0) through control (50, 100): the control point bounds the box, the curve peaks at 50.
        let curve = CGMutablePath()
        curve.move(to: .zero)
        curve.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        #expect(curve.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(curve.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 100, height: 50))
        // UIKit's clockwise (y down) from 0 to pi/2 ends below the centre.
        let arc = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(abs(arc.currentPoint.x) < 1e-9 && abs(arc.currentPoint.y - 10) < 1e-9)
        #expect(!UIBezierPath().contains(.zero) && UIBezierPath().isEmpty && UIBezierPath().bounds.isNull)
    }

    @Test("copies are equal and independent; a shape layer masks a layer; a view's mask is its layer's")
    func layers() throws {
        let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 8)
        let copy = try #require(path.copy() as? UIBezierPath)
        #expect(copy == path)
        copy.apply(CGAffineTransform(translationX: 5, y: 0))
        #expect(copy != path && copy.bounds.minX == 5 && path.bounds.minX == 0)
        let shape = CAShapeLayer()
        shape.path = path.cgPath
        shape.fillColor = UIColor.black.cgColor
        let layer = CALayer()
        layer.mask = shape
        #expect((layer.mask as? CAShapeLayer)?.path == path.cgPath)
        #expect(shape.fillColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let maskView = UIView(frame: view.bounds)
        view.mask = maskView
        #expect(view.layer.mask === maskView.layer)
    }

    @Test("hit testing: the view's bounds by default, the mask's path in a masked cell; hidden views are skipped")
    func hitTesting() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(view.point(inside: CGPoint(x: 50, y: 50), with: nil))
        #expect(!view.point(inside: CGPoint(x: 150, y: 50), with: UIEvent()))
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        view.addSubview(child)
        #expect(view.hitTest(CGPoint(x: 15, y: 15), with: nil) === child)
        #expect(view.hitTest(CGPoint(x: 50, y: 50), with: nil) === view)
        child.isHidden = true
        #expect(view.hitTest(CGPoint(x: 15, y: 15), with: nil) === view)
        // A grouped row's top corners are rounded: its top-left corner point belongs to what is behind it.
        let attributes = GroupedCardAttributes(forCellWith: IndexPath(item: 0, section: 0))
        attributes.frame = CGRect(x: 20, y: 24, width: 354, height: 52)
        attributes.maskPath = UIBezierPath(roundedRect: attributes.bounds, byRoundingCorners: [.topLeft, .topRight],
                                           cornerRadii: CGSize(width: 12, height: 12))
        let cell = GroupedCardCell(frame: .zero)
        cell.apply(attributes)
        #expect(cell.layer.mask is CAShapeLayer)
        #expect(!cell.point(inside: CGPoint(x: 1, y: 1), with: nil))
        #expect(cell.point(inside: CGPoint(x: 1, y: 51), with: nil))
    }

    @Test("the layout direction of the app, and the item under a point")
    func appAndItemAtPoint() {
        #expect(UIApplication.shared.userInterfaceLayoutDirection == .leftToRight)
        final class Rows: NSObject, UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 5 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
                -> UICollectionViewCell { UICollectionViewCell() }
        }
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 390, height: 44)
        layout.minimumLineSpacing = 10
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let rows = Rows()
        view.dataSource = rows
        view.layoutIfNeeded()
        // Rows at y 0, 54, 108, …: (5, 60) is in row 1, (5, 50) in the spacing between rows 0 and 1.
        #expect(view.indexPathForItem(at: CGPoint(x: 5, y: 60)) == IndexPath(item: 1, section: 0))
        #expect(view.indexPathForItem(at: CGPoint(x: 5, y: 50)) == nil)
        withExtendedLifetime(rows) {}
    }
}

@Suite("arcs: sweeps, whole turns and non-finite angles")
struct ArcTests {
    @Test("a whole turn is a circle; a non-finite angle draws nothing; clockwise in CoreGraphics turns the other way")
    func arcs() {
        let circle = CGMutablePath()
        circle.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        #expect(circle.boundingBoxOfPath == CGRect(x: -10, y: -10, width: 20, height: 20))
        let nothing = CGMutablePath()
        nothing.addArc(center: .zero, radius: 10, startAngle: .nan, endAngle: .infinity, clockwise: true)
        #expect(nothing.isEmpty)
        // From 0 to pi/2 clockwise in CoreGraphics (y up) is three quarters of a turn the other way: it passes
        // through (-10, 0) and (0, -10).
        let long = CGMutablePath()
        long.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(long.boundingBoxOfPath == CGRect(x: -10, y: -10, width: 20, height: 20))
        #expect(abs(long.currentPoint.x) < 1e-9 && abs(long.currentPoint.y - 10) < 1e-9)
    }
}
