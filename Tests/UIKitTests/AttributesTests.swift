import Testing
import UIKit

@Suite("layout attributes")
struct AttributesTests {
    @Test("copy(with:) makes type(of: self).init() and copies every property; isEqual compares them")
    func copyAndEquality() {
        let original = BadgeAttributes(forSupplementaryViewOfKind: "Badge", with: IndexPath(item: 2, section: 1))
        original.frame = CGRect(x: 1, y: 2, width: 30, height: 40)
        original.alpha = 0.5
        original.zIndex = 7
        original.isHidden = true
        original.transform = CGAffineTransform(rotationAngle: .pi / 2)
        original.badgeCount = 9
        let copy = original.copy() as? BadgeAttributes
        #expect(copy != nil && copy !== original)
        #expect(copy?.badgeCount == 9)
        #expect(copy?.representedElementCategory == .supplementaryView)
        #expect(copy?.representedElementKind == "Badge")
        #expect(copy?.isEqual(original) == true)
        copy?.badgeCount = 1
        #expect(copy?.isEqual(original) == false)
        // A plain object is not equal to a subclass object with the same values.
        let plain = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: "Badge", with: original.indexPath)
        plain.frame = original.frame
        #expect(!plain.isEqual(original))
    }

    @Test("size keeps the centre, center moves the frame, bounds is the size at the origin")
    func geometry() {
        let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        attributes.frame = CGRect(x: 10, y: 20, width: 100, height: 40)
        #expect(attributes.center == CGPoint(x: 60, y: 40))
        attributes.size = CGSize(width: 50, height: 20)
        #expect(attributes.frame == CGRect(x: 35, y: 30, width: 50, height: 20))
        attributes.center = CGPoint(x: 0, y: 0)
        #expect(attributes.frame == CGRect(x: -25, y: -10, width: 50, height: 20))
        #expect(attributes.bounds == CGRect(x: 0, y: 0, width: 50, height: 20))
        #expect(attributes.representedElementCategory == .cell && attributes.representedElementKind == nil)
    }

    @Test("transform and transform3D are one value, and neither moves the frame")
    func transforms() {
        let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        attributes.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        attributes.transform = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 1, y: 1)
        #expect(attributes.transform3D.m11 == 2 && attributes.transform3D.m22 == 3)
        #expect(attributes.transform3D.m41 == 2 && attributes.transform3D.m42 == 3)
        attributes.transform3D = CATransform3DMakeTranslation(5, 6, 7)
        #expect(attributes.transform == CGAffineTransform(translationX: 5, y: 6))
        #expect(attributes.frame == CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}

@Suite("geometry and text")
struct GeometryAndTextTests {
    @Test("affine transforms, hand-computed")
    func affine() {
        // Scale by (2, 4), then translate by (10, 20): (1, 1) -> (2, 4) -> (12, 24); powers of two invert exactly.
        let t = CGAffineTransform(scaleX: 2, y: 4).concatenating(CGAffineTransform(translationX: 10, y: 20))
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 12, y: 24))
        #expect(CGPoint(x: 12, y: 24).applying(t.inverted()) == CGPoint(x: 1, y: 1))
        // A quarter turn takes (1, 0) to (0, 1) (to rounding).
        let p = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
        // The bounding box of a scaled rect.
        #expect(CGRect(x: 1, y: 1, width: 2, height: 2).applying(CGAffineTransform(scaleX: -1, y: 2))
            == CGRect(x: -3, y: 2, width: 2, height: 4))
        #expect(CGAffineTransform.identity.isIdentity)
    }

    @Test("3-D transforms, hand-computed")
    func transform3D() {
        // Translate then scale: the translation is scaled too, (1, 2, 3) -> (2, 4, 6).
        let t = CATransform3DConcat(CATransform3DMakeTranslation(1, 2, 3), CATransform3DMakeScale(2, 2, 2))
        #expect((t.m41, t.m42, t.m43, t.m11) == (2, 4, 6, 2))
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(CATransform3DIsAffine(CATransform3DMakeAffineTransform(CGAffineTransform(scaleX: 2, y: 2))))
        #expect(CATransform3DEqualToTransform(CATransform3DMakeRotation(0, 0, 0, 1), CATransform3DIdentity))
    }

    @Test("text is measured by the documented metric")
    func text() {
        let font = UIFont.systemFont(ofSize: 10)
        // H 0.7 + e 0.5 + l 0.25 + l 0.25 + o 0.5 = 2.2 em = 22 points; one line of 1.2 em = 12 points.
        #expect(("Hello" as NSString).size(withAttributes: [.font: font]) == CGSize(width: 22, height: 12))
        #expect("Hello".size(withAttributes: [.font: font]) == CGSize(width: 22, height: 12))
        // Two lines; the wider sets the width. "ab" = 10, "abcd" = 20.
        #expect("ab\nabcd".size(withAttributes: [.font: font]) == CGSize(width: 20, height: 24))
        // Wrapped at 30 points: "abcd abcd" is 20 + 2.5 + 20 = 42.5 > 30, so two lines of 20.
        let rect = "abcd abcd".boundingRect(with: CGSize(width: 30, height: CGFloat.greatestFiniteMagnitude),
                                            options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
        #expect(rect.size == CGSize(width: 20, height: 24))
        // CJK characters are one em; no font means the 17-point system font.
        #expect("日本".size(withAttributes: nil) == CGSize(width: 34, height: (17 * 1.2 * 3).rounded(.up) / 3))
        #expect(font.lineHeight == 12)
    }
}
