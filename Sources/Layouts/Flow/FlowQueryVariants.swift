import LayoutModel

/// The query variants of the flow layouts, tagged so a query dispatches with a switch, not a name comparison.
public enum FlowQueryVariants {
    /// The seeds' filter: every element's attributes tested on every query and returned as adjusted copies (pinned
    /// frames computed per element). The reference.
    public static let naive = QueryVariant(
        name: "naive", summary: "every element tested, pinned copies adjusted: O(n)", testsEveryElement: true, tag: 0)
    /// Binary search over the sections, then over the lines of each section in the rect, then a walk.
    public static let indexed = QueryVariant(
        name: "indexed", summary: "binary search over sections and lines, then a walk: O(log sections + log lines + k)",
        tag: 1)
    /// The left-aligned subclass that derives item i from item i-1 by asking for it again: O(i) per item.
    public static let recursive = QueryVariant(
        name: "recursive", summary: "left alignment, item i from item i-1 asked again: O(k x items before it)", tag: 2)
    /// The left-aligned subclass that makes one pass over `super`'s rect query, a new line detected by y.
    public static let onePass = QueryVariant(
        name: "one-pass", summary: "left alignment in one pass over super's answer, new line by y (diverges on "
            + "rects that cut lines)", tag: 3)
    /// The global header as written: three engine rect queries per query.
    public static let asWritten = QueryVariant(
        name: "as-written", summary: "the engine's rect query three times: attributes, then the sections of the "
            + "headers to add", tag: 4)
    /// The global header found once: O(log sections).
    public static let lean = QueryVariant(
        name: "lean", summary: "sections found once by binary search, pinned headers placed in O(1) each", tag: 5)
}
