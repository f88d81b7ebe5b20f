/// How one element of an answer differs from its reference: the verdict classes every verifier reports
/// (`Guides/Verifying.md`, "Mismatch classes").
///
/// ``missing`` and ``moved`` are what a user sees wrong (a cell absent, or drawn in the wrong place), and so are
/// ``attributes`` (drawn in the wrong order, opacity or transform): they fail. Extras are views UIKit makes that
/// nobody sees, or sees in their right place: UIKit tolerates them, at a cost the run measures, so they only warn
/// unless the policy says otherwise (``MismatchPolicy``).
public enum MismatchClass: String, CaseIterable, Sendable, Comparable, CustomStringConvertible {
    /// An element of the reference's answer that the answer leaves out. A hidden element (alpha 0 or `isHidden`)
    /// left out is not missing.
    case missing
    /// The same element (kind and path) in both, at another frame; or an element the answer returns inside the rect
    /// that the reference places elsewhere.
    case moved
    /// The same element at the same frame, with another zIndex, alpha, `isHidden` or transform.
    case attributes
    /// An element the answer returns whose frame does not intersect the rect: a superset returner's extra.
    case extraOutside = "extra-outside"
    /// An element the answer returns inside the rect that the reference does not have at all (or a second copy of
    /// one it returned).
    case extraInside = "extra-inside"

    /// Whether the class is an extra.
    public var isExtra: Bool { self == .extraOutside || self == .extraInside }

    /// The phrase the reports use: `missing`, `moved`, `attribute differences`, `extra outside the rect`, `extra
    /// inside the rect`.
    public var description: String {
        switch self {
        case .missing: "missing"
        case .moved: "moved"
        case .attributes: "attribute differences"
        case .extraOutside: "extra outside the rect"
        case .extraInside: "extra inside the rect"
        }
    }

    /// The order of `allCases`.
    public static func < (lhs: MismatchClass, rhs: MismatchClass) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}

/// Which mismatch classes fail a check.
public struct MismatchPolicy: Hashable, Sendable {
    /// Whether extras (outside or inside the rect) fail; missing, moved and attribute differences always do.
    public var extrasFail: Bool

    /// Creates a policy.
    public init(extrasFail: Bool) { self.extrasFail = extrasFail }

    /// What `verify` does by default: extras are reported as a warning, everything else fails.
    public static let standard = MismatchPolicy(extrasFail: false)
    /// Every difference fails (`--fail-on-extras`).
    public static let exact = MismatchPolicy(extrasFail: true)

    /// Whether `mismatch` fails under this policy.
    public func fails(_ mismatch: MismatchClass) -> Bool { extrasFail || !mismatch.isExtra }
}
