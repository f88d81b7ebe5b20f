import LayoutBenchUIKit
import UIKit

/// The shelf layout as a LayoutBench layout family: the whole registration.
///
/// In a suite file: `"layout": {"name": "shelf"}`; on the command line: `--layout shelf`. The data source is the
/// workload's content (counts, and sizes through `sizeForItemAt`).
public struct ShelfFamily: UIKitLayoutFamily {
    public static let name = "shelf"
    public static let summary = "a UICollectionViewFlowLayout subclass with pinned headers and shelves (UIKit example)"

    public init() {}

    public func makeCollectionViewLayout() -> UICollectionViewLayout { ShelfFlowLayout() }
}
