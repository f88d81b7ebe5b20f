/// One way a layout answers a rect query, named as it appears in scenario ids, suite files and on the command line.
///
/// Every layout offers one or more variants, and names one of them its reference: every other variant must return
/// exactly the reference's set (paths, kinds, frames and zIndex) for every rect. The sticky grid's variants are its
/// ``RectIndex/RectQueryStrategy`` cases; other layouts name theirs (`naive`, `indexed`, …).
public struct QueryVariant: Hashable, Sendable, CustomStringConvertible {
    /// The name in scenario ids and suite files, for example `binary-search`.
    public let name: String
    /// One line on what the variant does, for `layoutbench list layouts`.
    public let summary: String
    /// Whether the variant tests every element of the layout on each query, so that one query costs O(n).
    ///
    /// The runner measures fewer queries of such a variant at large sizes (see `CountingRules` in Scenarios).
    public let testsEveryElement: Bool
    /// A number the offering layout chooses, so that it can dispatch on the variant without comparing names on
    /// every query. It takes no part in equality.
    public let tag: Int

    /// Creates a variant.
    public init(name: String, summary: String, testsEveryElement: Bool = false, tag: Int = 0) {
        self.name = name
        self.summary = summary
        self.testsEveryElement = testsEveryElement
        self.tag = tag
    }

    /// Variants are equal when their names are.
    public static func == (lhs: QueryVariant, rhs: QueryVariant) -> Bool { lhs.name == rhs.name }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The name.
    public var description: String { name }
}
