/// Which rects a verification asks a layout (`verify queries --rects`, the conformance checker's `rects`).
public enum QueryRectShape: String, CaseIterable, Sendable, Codable {
    /// The rects UIKit sends to `layoutAttributesForElements(in:)`: the visible rect at offsets the scroll view can
    /// reach, extended for prefetching along the scrolling axes, spanning the bounds across them
    /// (``QuerySet/makeVisible(count:seed:)``, `Guides/Verifying.md`, "What UIKit asks"). The default of a UIKit
    /// family and of a family that declares ``VisibleRectQueryFamily``.
    case visible
    /// Any rect: viewport sweeps, random, edge-aligned, empty and outside rects (NaN, null, infinite and negative
    /// sizes among them): the robustness set, and the default of every other family.
    case any
}

/// A family whose layouts are asked, by default, only the rects UIKit sends (``QueryRectShape/visible``): a family
/// capability, declared by conforming. Every UIKit family has it (`UIKitLayoutFamily` refines it); a native family
/// that models a UIKit layout answering only what UIKit asks declares it too. `--rects any` still sends such a
/// family every rect.
public protocol VisibleRectQueryFamily: LayoutFamily {}

extension LayoutFamily {
    /// The rects a verification asks this family's layouts by default: ``QueryRectShape/visible`` for a
    /// ``VisibleRectQueryFamily``, ``QueryRectShape/any`` otherwise.
    public static var defaultQueryRectShape: QueryRectShape {
        self is any VisibleRectQueryFamily.Type ? .visible : .any
    }
}
