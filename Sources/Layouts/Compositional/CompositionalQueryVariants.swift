import LayoutModel

/// The query variants of ``CompositionalLayout``, tagged so a query dispatches with a switch.
public enum CompositionalQueryVariants {
    /// Every element's attributes resolved and tested on every query: the reference.
    public static let naive = QueryVariant(
        name: "naive", summary: "every element resolved and tested: O(n)", testsEveryElement: true, tag: 0)
    /// Binary search over the sections, arithmetic for each section's first and last group in the rect, then a walk.
    public static let indexed = QueryVariant(
        name: "indexed", summary: "binary search over sections, first group by arithmetic, then a walk: "
            + "O(log sections + k)", tag: 1)
}
