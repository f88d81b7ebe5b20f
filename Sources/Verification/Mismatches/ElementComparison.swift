import LayoutModel
import Layouts

/// The one classification of an answer against its reference (`Guides/Verifying.md`, "Mismatch classes"), used by
/// `verify queries`, `verify invalidation`, `verify updates` and the conformance checker.
///
/// Elements are matched by kind and path. For each element:
/// - in both, at the same frame: ``MismatchClass/attributes`` when zIndex, alpha, `isHidden` or transform differ;
/// - in both, at different frames: ``MismatchClass/moved``;
/// - only in the reference: ``MismatchClass/missing``, unless the reference draws it invisible (alpha 0 or
///   `isHidden`), which UIKit lets a layout leave out (counted as ``MismatchTally/hiddenLeftOut``);
/// - only in the answer, its frame outside the rect (by the layout's ``Layouts/RectContract``):
///   ``MismatchClass/extraOutside``;
/// - only in the answer, inside the rect: ``MismatchClass/moved`` when the reference's own per-element answer
///   (`reference`) places it elsewhere, else ``MismatchClass/extraInside``; a second copy of an element is an extra.
///
/// With a tolerance above 0 (`verify updates` against the `full` strategy: two orders of summation), numbers equal
/// within it relative (at least 1 point of scale) are equal, and an element on one side only that touches the rect's
/// edge within it is not counted.
public struct ElementComparison {
    /// The rule that decides whether a frame intersects the rect.
    public var contract: RectContract
    /// The relative tolerance; 0 compares exactly.
    public var tolerance: Double

    /// A comparison under `contract`, exact unless `tolerance` is given.
    public init(contract: RectContract, tolerance: Double = 0) {
        self.contract = contract
        self.tolerance = tolerance
    }

    /// Classifies `actual`, an answer to `rect` (`nil`: a set with no rect, such as the elements a host shows),
    /// against `expected`, both sorted; `reference` answers the reference's own attributes of an element it did not
    /// return for the rect (`nil`: none known). Each mismatch goes into `tally` with `place` (`viewport rect … at
    /// offset …`).
    ///
    /// - Returns: the number of mismatches found (of every class).
    @discardableResult
    public func compare(expected: [ObservedElement], actual: [ObservedElement], rect: Rect?,
                        reference: (LayoutAttributes) -> LayoutAttributes? = { _ in nil },
                        place: @autoclosure () -> String, into tally: inout MismatchTally) -> Int {
        if expected == actual { return 0 }
        var found = 0
        func record(_ mismatch: MismatchClass, _ element: ObservedElement, _ other: ObservedElement? = nil) {
            found += 1
            tally.record(mismatch, element, reference: other, place: (rect.map { "rect \($0), " } ?? "") + place())
        }
        var i = 0, j = 0
        var lastActualKey: ElementKey?
        while i < expected.count || j < actual.count {
            let e = i < expected.count ? expected[i] : nil
            let a = j < actual.count ? actual[j] : nil
            if let a, let key = lastActualKey, a.key == key {
                // A second copy of an element the answer already returned.
                record(outside(a.attributes.frame, rect) ? .extraOutside : .extraInside, a)
                j += 1
                continue
            }
            if let e, let a, e.key == a.key {
                if !same(e.attributes.frame, a.attributes.frame) {
                    record(.moved, a, e)
                } else if e.attributes.zIndex != a.attributes.zIndex || !same(e.appearance, a.appearance) {
                    record(.attributes, a, e)
                }
                lastActualKey = a.key
                i += 1
                j += 1
            } else if let e, a.map({ e.key < $0.key }) ?? true {
                if e.appearance.isInvisible {
                    tally.recordHiddenLeftOut()
                } else if !touchesEdge(e.attributes.frame, rect) {
                    record(.missing, e)
                }
                i += 1
            } else if let a {
                if touchesEdge(a.attributes.frame, rect) {
                    // Within the tolerance of the rect's edge: either side may hold it.
                } else if outside(a.attributes.frame, rect) {
                    record(.extraOutside, a)
                } else if let elsewhere = reference(a.attributes), !same(elsewhere.frame, a.attributes.frame) {
                    record(.moved, a, ObservedElement(elsewhere))
                } else {
                    record(.extraInside, a)
                }
                lastActualKey = a.key
                j += 1
            }
        }
        if found > 0 { tally.recordComparisonWithMismatches() }
        return found
    }

    /// Classifies one element's attributes (a per-element call, such as `attributesForItem(at:)`) against the
    /// reference's: `nil` against a value is missing (or extra inside), another frame is moved, another zIndex or
    /// appearance is an attribute difference.
    ///
    /// - Returns: the number of mismatches found: 0 or 1.
    @discardableResult
    public func compare(expected: ObservedElement?, actual: ObservedElement?, place: @autoclosure () -> String,
                        into tally: inout MismatchTally) -> Int {
        let before = tally.total
        switch (expected, actual) {
        case (nil, nil): return 0
        case let (e?, nil):
            if e.appearance.isInvisible { return 0 }
            tally.record(.missing, e, place: place())
        case let (nil, a?): tally.record(.extraInside, a, place: place())
        case let (e?, a?):
            if !same(e.attributes.frame, a.attributes.frame) {
                tally.record(.moved, a, reference: e, place: place())
            } else if e.attributes.zIndex != a.attributes.zIndex || !same(e.appearance, a.appearance) {
                tally.record(.attributes, a, reference: e, place: place())
            } else {
                return 0
            }
        }
        tally.recordComparisonWithMismatches()
        return tally.total - before
    }

    // MARK: Rules

    /// Whether `frame` is outside `rect` by the contract (never, without a rect).
    private func outside(_ frame: Rect, _ rect: Rect?) -> Bool {
        guard let rect else { return false }
        return !contract.intersects(frame, rect)
    }

    /// Whether two numbers are equal within the tolerance.
    private func close(_ x: Double, _ y: Double) -> Bool {
        if x == y { return true }
        guard tolerance > 0 else { return false }
        return Swift.abs(x - y) / Swift.max(1, Swift.abs(x), Swift.abs(y)) <= tolerance
    }

    /// Whether two frames are equal within the tolerance.
    func same(_ r: Rect, _ s: Rect) -> Bool {
        close(r.origin.x, s.origin.x) && close(r.origin.y, s.origin.y) && close(r.size.width, s.size.width)
            && close(r.size.height, s.size.height)
    }

    /// Whether two appearances are equal (alpha within the tolerance).
    private func same(_ a: ElementAppearance, _ b: ElementAppearance) -> Bool {
        a.isHidden == b.isHidden && close(a.alpha, b.alpha) && a.transform == b.transform
    }

    /// Whether `frame` only touches `rect` within the tolerance: a frame that two orders of summation place a
    /// rounding error apart can touch the rect's edge in one and miss it in the other. Never with tolerance 0.
    private func touchesEdge(_ frame: Rect, _ rect: Rect?) -> Bool {
        guard tolerance > 0, let rect else { return false }
        let f = frame.standardized, r = rect.standardized
        let depthX = Swift.min(f.maxX, r.maxX) - Swift.max(f.minX, r.minX)
        let depthY = Swift.min(f.maxY, r.maxY) - Swift.max(f.minY, r.minY)
        let scale = Swift.max(1, Swift.abs(f.minX), Swift.abs(f.maxX), Swift.abs(f.minY), Swift.abs(f.maxY))
        return Swift.min(depthX, depthY) <= tolerance * scale
    }
}
