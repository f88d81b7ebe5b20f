import Layouts

/// A family whose layouts play the app's part around the collection view (``Layouts/AppEventHandlingLayout``):
/// before and after a data change, before a size change. A family capability, declared by conforming: the harness
/// then calls its layouts around the trace's data-source changes, batch updates and resizes (`WorkloadBuilder`),
/// and asks nothing of any other family. Every UIKit family has it (`UIKitLayoutFamily` refines it, its hooks
/// default to nothing); a native family whose layouts conform to ``Layouts/AppEventHandlingLayout`` declares it too.
public protocol AppEventFamily: LayoutFamily {}

extension LayoutFamily {
    /// Whether the harness calls this family's layouts around the app's events (``AppEventFamily``).
    public static var playsAppEvents: Bool { self is any AppEventFamily.Type }
}
