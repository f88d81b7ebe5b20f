import LayoutModel

/// A layout built as a reference (a fresh layout told what another learned, such as the sizes its cells fitted) that
/// can tell, once prepared, why it cannot stand for the layout it was built for: a UIKit self-sizing layout that is
/// not a flow layout, which learns the fitted sizes through its own preferred-attributes calls. The verifiers refuse
/// the check in one line with the reason rather than report every frame as a mismatch.
public protocol ReferenceCheckingLayout: MeasuredLayout {
    /// Why the layout cannot equal the layout it stands for, in one line; `nil` when it can (or before it was
    /// prepared).
    ///
    /// - Complexity: O(1).
    var referenceProblem: String? { get }
}
