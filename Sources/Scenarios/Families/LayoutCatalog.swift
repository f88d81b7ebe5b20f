import Foundation

/// The layout families a process knows by name: the built-in ones, plus a user's own.
///
/// Suite files name a family with `"layout": {"name": …}`; the command line with `--layout NAME`. A package that
/// benchmarks its own layouts registers a catalog that adds them (``adding(_:)``) before running the command tree;
/// everything that decodes suites or lists layouts reads ``registered``.
public struct LayoutCatalog: @unchecked Sendable {
    // `any LayoutFamily.Type` is an immutable metatype of Sendable types; the array is never mutated in place.
    /// The families, in the order `list layouts` prints them.
    public private(set) var families: [any LayoutFamily.Type]

    /// Creates a catalog of `families`; a later family with the same name as an earlier one replaces it.
    public init(_ families: [any LayoutFamily.Type]) {
        self.families = []
        for family in families { add(family) }
    }

    /// The families that ship with LayoutBench.
    public static let builtIn = LayoutCatalog([StickyGridFamily.self, FlowFamily.self, LeftAlignedFlowFamily.self, GlobalHeaderFamily.self,
                                                 CompositionalFamily.self, CarouselFamily.self])

    /// This catalog with `family` added (or replacing a family of the same name).
    public func adding(_ family: any LayoutFamily.Type) -> LayoutCatalog {
        var copy = self
        copy.add(family)
        return copy
    }

    private mutating func add(_ family: any LayoutFamily.Type) {
        if let index = families.firstIndex(where: { $0.name == family.name }) {
            families[index] = family
        } else {
            families.append(family)
        }
    }

    /// The family named `name`, or `nil`.
    public func family(named name: String) -> (any LayoutFamily.Type)? {
        families.first { $0.name == name }
    }

    /// The families' names.
    public var names: [String] { families.map { $0.name } }

    /// The key under which a decoder's `userInfo` may carry the catalog to decode layouts with.
    public static let userInfoKey: CodingUserInfoKey = {
        guard let key = CodingUserInfoKey(rawValue: "LayoutBench.LayoutCatalog") else {
            preconditionFailure("a non-empty raw value makes a CodingUserInfoKey")
        }
        return key
    }()

    nonisolated(unsafe) private static var _registered = LayoutCatalog.builtIn
    private static let lock = NSLock()

    /// The catalog of this process: ``builtIn`` unless a package registered its own.
    public static var registered: LayoutCatalog {
        get { lock.withLock { _registered } }
        set { lock.withLock { _registered = newValue } }
    }
}
