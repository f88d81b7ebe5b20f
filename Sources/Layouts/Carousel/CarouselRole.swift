/// The role an item takes around the current item: its position relative to the current one, from the scroll
/// position.
///
/// Five roles are shown; the underflow and overflow wait just outside the neighbours, so that a scroll brings the
/// next item in from there. ``CarouselLayout`` works with the raw value (the item's index minus the current one).
public enum CarouselRole: Int, CaseIterable, Sendable {
    /// Two before the current item: leaving when scrolling forward, becoming the previous item when scrolling back.
    case previousUnderflow = -2
    /// The item before the current one.
    case previous = -1
    /// The item the carousel rests on.
    case current = 0
    /// The item after the current one.
    case next = 1
    /// Two after the current item: becoming the next item when scrolling forward, leaving when scrolling back.
    case nextOverflow = 2

    /// The stacking order: the current item on top, then its neighbours, then the underflow and overflow.
    public var zIndex: Int { 2 - abs(rawValue) }
}
