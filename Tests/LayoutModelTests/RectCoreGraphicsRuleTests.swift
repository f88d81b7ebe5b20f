import Foundation
import LayoutModel
import Testing

/// CoreGraphics' rule (the reference for UIKit code) against closed edges (the native rule, and Linux Foundation's
/// `CGRect.intersects`), case by case, every answer written out by hand (Guides/UIKitLayouts.md, "Rect semantics").
@Suite("CoreGraphics' rect rule, hand-computed")
struct RectCoreGraphicsRuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var other: Rect
        /// Apple's `CGRectIntersectsRect` / `CGRectIntersection`.
        var apple: Bool
        var appleIntersection: Rect
        /// swift-corelibs-foundation's `CGRect.intersects` (and this package's `Rect.intersects`); `nil` where
        /// Foundation traps.
        var linux: Bool?
        var testDescription: String { name }
    }

    /// Every case is against the rect (0, 0, 10, 10).
    static let cases: [Case] = [
        Case(name: "overlapping", other: Rect(x: 5, y: 5, width: 10, height: 10), apple: true,
             appleIntersection: Rect(x: 5, y: 5, width: 5, height: 5), linux: true),
        Case(name: "touching the right edge", other: Rect(x: 10, y: 0, width: 10, height: 10), apple: false,
             appleIntersection: .null, linux: true),
        Case(name: "touching a corner", other: Rect(x: 10, y: 10, width: 5, height: 5), apple: false,
             appleIntersection: .null, linux: true),
        Case(name: "a point inside", other: Rect(x: 5, y: 5, width: 0, height: 0), apple: false,
             appleIntersection: .null, linux: true),
        Case(name: "a line across", other: Rect(x: 5, y: -5, width: 0, height: 20), apple: false,
             appleIntersection: .null, linux: true),
        Case(name: "negative size, standardised to (6, 4, 4, 6)", other: Rect(x: 10, y: 10, width: -4, height: -6),
             apple: true, appleIntersection: Rect(x: 6, y: 4, width: 4, height: 6), linux: true),
        Case(name: "negative size ending on the corner", other: Rect(x: 20, y: 20, width: -10, height: -10),
             apple: false, appleIntersection: .null, linux: true),
        Case(name: "the null rect", other: .null, apple: false, appleIntersection: .null, linux: false),
        Case(name: "the infinite rect", other: .infinite, apple: true,
             appleIntersection: Rect(x: 0, y: 0, width: 10, height: 10), linux: true),
        Case(name: "an infinite origin", other: Rect(x: -.infinity, y: 0, width: 5, height: 5), apple: false,
             appleIntersection: .null, linux: false),
        Case(name: "a NaN edge", other: Rect(x: .nan, y: 0, width: 5, height: 5), apple: false,
             appleIntersection: .null, linux: nil),
        Case(name: "disjoint", other: Rect(x: 20, y: 20, width: 5, height: 5), apple: false,
             appleIntersection: .null, linux: false),
    ]

    static let unit = Rect(x: 0, y: 0, width: 10, height: 10)

    @Test("overlapsByCoreGraphicsRule and intersectionByCoreGraphicsRule", arguments: cases)
    func apple(_ c: Case) {
        #expect(Self.unit.overlapsByCoreGraphicsRule(c.other) == c.apple)
        #expect(c.other.overlapsByCoreGraphicsRule(Self.unit) == c.apple)
        let intersection = Self.unit.intersectionByCoreGraphicsRule(c.other)
        #expect(intersection.isNull == c.appleIntersection.isNull)
        if !c.appleIntersection.isNull { #expect(intersection == c.appleIntersection) }
    }

    @Test("Linux Foundation's CGRect.intersects: the differences the guide lists", arguments: cases)
    func linux(_ c: Case) {
        guard let linux = c.linux else { return }  // Foundation traps on a NaN edge: not called
        let a = CGRect(x: 0, y: 0, width: 10, height: 10)
        let b = CGRect(x: c.other.origin.x, y: c.other.origin.y, width: c.other.size.width,
                       height: c.other.size.height)
        #expect(a.intersects(b) == linux)
        #expect(Self.unit.intersects(c.other) == linux)
    }

    @Test("isNull, isEmpty and standardized agree with Apple's documentation on Linux too")
    func basics() {
        // CGRectIsEmpty: "either a null rectangle or a valid rectangle with zero height or width".
        #expect(CGRect.null.isEmpty && CGRect(x: 0, y: 0, width: 0, height: 5).isEmpty && CGRect.zero.isEmpty)
        // CGRectNull "is not the same as the CGRectZero rectangle".
        #expect(CGRect.null.isNull && !CGRect.zero.isNull)
        // CGRectStandardize: (10, 10, -4, -6) covers x 6 to 10, y 4 to 10.
        #expect(CGRect(x: 10, y: 10, width: -4, height: -6).standardized == CGRect(x: 6, y: 4, width: 4, height: 6))
        #expect(Rect(x: 10, y: 10, width: -4, height: -6).standardized == Rect(x: 6, y: 4, width: 4, height: 6))
        #expect(Rect.null.isEmpty && Rect.null.isNull && !Rect(x: 0, y: 0, width: 0, height: 0).isNull)
    }
}
