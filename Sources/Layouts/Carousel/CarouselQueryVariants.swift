import LayoutModel

/// The carousel's query variants, tagged so a query dispatches with a switch, not a name comparison.
public enum CarouselQueryVariants {
    /// As the original: every query places each role from scratch, asking the item's aspect ratio and computing its
    /// rest and destination frames before interpolating. The reference: it is the definition, from the scroll
    /// position alone, with nothing kept between frames that could go stale.
    public static let recompute = QueryVariant(
        name: "recompute", summary: "rest and destination of the <= 5 roles recomputed on every query, then "
            + "interpolated: O(1)", tag: 0)
    /// Rest and destination frames cached per item of the window (kept while the current item and direction stay),
    /// the interpolated frames computed once per prepared position: a query only filters them.
    public static let cached = QueryVariant(
        name: "cached", summary: "rest and destination cached per item of the window, interpolation only: O(1)",
        tag: 1)

    /// Both, the reference first.
    public static let all = [recompute, cached]
}
