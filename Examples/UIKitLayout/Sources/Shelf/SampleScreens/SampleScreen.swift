import LayoutBenchUIKit
import Scenarios
import UIKit

/// One screen of Apple's "Implementing Modern Collection Views" sample whose layout this package writes as the sample
/// writes it: its name on the command line, its line in `list`, and the layout its view controller's
/// `createLayout()` returns.
public protocol SampleScreen: Sendable {
    /// The family's name, for `--layout`.
    static var name: String { get }
    /// One line for `list`.
    static var summary: String { get }
    /// The screen's layout, as the sample's `createLayout()` makes it.
    static func makeLayout() -> UICollectionViewLayout
    /// The most sections the screen's data has, when its section provider names them (it returns `nil` past them);
    /// `nil` for any number.
    static var sectionLimit: Int? { get }
}

extension SampleScreen {
    /// Any number of sections.
    public static var sectionLimit: Int? { nil }
}

/// A ``SampleScreen`` as a layout family: one generic family, rather than one copy of the same conformance for each
/// screen.
///
/// A screen whose section provider knows a fixed set of sections (Distinct Sections, Adaptive Sections: `list`,
/// `grid5`, `grid3`) returns `nil` past them, as the sample does; content with more sections is refused in one line
/// before anything is built, rather than measured with sections the app never shows.
public struct SampleScreenFamily<Screen: SampleScreen>: UIKitLayoutFamily {
    /// The screen's name.
    public static var name: String { Screen.name }
    /// The screen's line.
    public static var summary: String { Screen.summary }

    /// The family.
    public init() {}

    /// The screen's layout.
    public func makeCollectionViewLayout() -> UICollectionViewLayout { Screen.makeLayout() }

    /// More sections than the screen has, then the UIKit checks.
    public func problem(for content: ContentSpec) -> String? {
        if let limit = Screen.sectionLimit, content.sections > limit {
            return "\(Self.name): the screen's data has \(limit) sections, not \(content.sections) (use --rows \(limit) or fewer)"
        }
        return uikitProblem(for: content)
    }
}
