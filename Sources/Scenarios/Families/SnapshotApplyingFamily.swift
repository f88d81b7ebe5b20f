import Diffing
import LayoutModel

/// A family whose layouts take snapshots through the app's own data source rather than through batches the harness
/// stages: a UIKit family's, through `UICollectionViewDiffableDataSource.apply(_:animatingDifferences:)` on the
/// compatibility `UICollectionView` (LayoutBenchUIKit gives every `UIKitLayoutFamily` this capability). A family
/// capability, declared by conforming: `verify diff` then checks the family's layouts through it, and asks nothing of
/// any other family. The check, and whatever framework it goes through, stay on the family's side, so that
/// Verification knows nothing of UIKit.
public protocol SnapshotApplyingFamily: LayoutFamily {
    /// Shows `old` on a collection view of the family's layout (its first apply), scrolled to `offsetFraction` (0 to
    /// 1) of its scrollable extent on each axis, applies `new` as the app does, and compares the layout with a
    /// freshly built one showing `new` at the same content offset: the content size and the attributes of every
    /// element of the whole content, exactly. Items whose content differs between the snapshots are marked for
    /// reload in `new`.
    ///
    /// - Returns: the first difference (or refusal of the apply) in one line, or `nil` when the two agree.
    func differenceAfterApplying(_ new: Snapshot<Int, Int, Int>, over old: Snapshot<Int, Int, Int>, viewport: Size,
                                 offsetFraction: Double) -> String?
}

extension LayoutFamily {
    /// Whether the family's layouts take snapshots through the app's data source (``SnapshotApplyingFamily``).
    public static var appliesSnapshots: Bool { self is any SnapshotApplyingFamily.Type }
}
