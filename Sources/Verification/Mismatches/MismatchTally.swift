import LayoutModel

/// The mismatches of a check, counted per element kind and class, with the first few of each class described: what a
/// verifier's report prints and what decides its verdict (``fails(under:)``).
public struct MismatchTally: Sendable {
    /// How many examples of each class are kept.
    public static let examplesPerClass = 3

    /// One mismatch, described.
    public struct Example: Sendable, CustomStringConvertible {
        /// The class.
        public var mismatch: MismatchClass
        /// The element as the checked answer has it (for ``MismatchClass/missing``, as the reference has it).
        public var element: ObservedElement
        /// The reference's element, when it has one and it differs (moved, attributes).
        public var reference: ObservedElement?
        /// Where: the rect and what was being compared, in words.
        public var place: String

        /// `cell [0, 3] (0.0, 120.0, 390.0 x 44.0) z=0, reference … on viewport rect … at offset …`.
        public var description: String {
            var text = "\(element)"
            if let reference { text += " (reference: \(reference))" }
            return text + " on " + place
        }
    }

    /// Mismatches per element kind and class.
    public private(set) var counts: [ElementKind: [MismatchClass: Int]] = [:]
    /// The first ``examplesPerClass`` mismatches of each class.
    public private(set) var examples: [MismatchClass: [Example]] = [:]
    /// Hidden elements (alpha 0 or `isHidden`) of a reference that an answer left out: not mismatches.
    public private(set) var hiddenLeftOut = 0
    /// Comparisons (rects, frames) that had at least one mismatch.
    public private(set) var comparisonsWithMismatches = 0

    /// An empty tally.
    public init() {}

    /// Whether nothing was counted.
    public var isEmpty: Bool { counts.isEmpty }

    /// The mismatches of `mismatch` over every kind.
    public func total(_ mismatch: MismatchClass) -> Int {
        counts.values.reduce(0) { $0 + ($1[mismatch] ?? 0) }
    }

    /// Every mismatch, of every class.
    public var total: Int { MismatchClass.allCases.reduce(0) { $0 + total($1) } }

    /// Whether any mismatch fails under `policy`.
    public func fails(under policy: MismatchPolicy) -> Bool {
        MismatchClass.allCases.contains { policy.fails($0) && total($0) > 0 }
    }

    /// Whether there are extras that `policy` lets pass: the report's warning.
    public func warns(under policy: MismatchPolicy) -> Bool {
        !policy.extrasFail && (total(.extraOutside) > 0 || total(.extraInside) > 0)
    }

    /// Counts one mismatch of `element`'s kind, keeping it as an example while the class has fewer than
    /// ``examplesPerClass``.
    public mutating func record(_ mismatch: MismatchClass, _ element: ObservedElement,
                                reference: ObservedElement? = nil, place: @autoclosure () -> String) {
        counts[element.attributes.kind, default: [:]][mismatch, default: 0] += 1
        if examples[mismatch, default: []].count < Self.examplesPerClass {
            examples[mismatch, default: []].append(
                Example(mismatch: mismatch, element: element, reference: reference, place: place()))
        }
    }

    /// Counts a hidden element left out.
    public mutating func recordHiddenLeftOut() { hiddenLeftOut += 1 }

    /// Counts a comparison that had mismatches.
    public mutating func recordComparisonWithMismatches() { comparisonsWithMismatches += 1 }

    /// Adds `other`'s counts, and its examples while there is room.
    public mutating func merge(_ other: MismatchTally) {
        for (kind, classes) in other.counts {
            for (mismatch, count) in classes { counts[kind, default: [:]][mismatch, default: 0] += count }
        }
        for (mismatch, list) in other.examples {
            let room = Self.examplesPerClass - examples[mismatch, default: []].count
            if room > 0 { examples[mismatch, default: []].append(contentsOf: list.prefix(room)) }
        }
        hiddenLeftOut += other.hiddenLeftOut
        comparisonsWithMismatches += other.comparisonsWithMismatches
    }

    /// One line of counts per kind, classes in order: `cell: 3 missing, 2 extra outside the rect; supplementary(
    /// UICollectionElementKindSectionHeader): 1 moved`; `nil` when empty.
    public var summary: String? {
        guard !counts.isEmpty else { return nil }
        return counts.keys.sorted().map { kind in
            let classes = counts[kind, default: [:]]
            let parts = MismatchClass.allCases.compactMap { c in classes[c].map { "\($0) \(c)" } }
            return "\(kind): " + parts.joined(separator: ", ")
        }.joined(separator: "; ")
    }

    /// The examples, classes in order, one line each: `missing: cell [0, 3] … on …`.
    public var exampleLines: [String] {
        MismatchClass.allCases.flatMap { c in (examples[c] ?? []).map { "\(c): \($0)" } }
    }
}
