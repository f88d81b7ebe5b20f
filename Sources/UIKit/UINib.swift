/// A nib, as UIKit's `UINib`: layouts register decoration views (and apps register cells) from nibs. There are no
/// archives on Linux: the nib keeps its name and bundle, and instantiating it gives no objects. Registration works;
/// loading cannot.
open class UINib: NSObject {
    /// The nib's name, as given.
    public let name: String?
    /// The bundle, as given.
    public let bundle: Bundle?

    /// A nib named `name` in `bundleOrNil`; nothing is read.
    public init(nibName name: String, bundle bundleOrNil: Bundle?) {
        self.name = name
        self.bundle = bundleOrNil
        super.init()
    }

    /// A nib from archived data; nothing is read.
    public init(data: Data, bundle bundleOrNil: Bundle?) {
        self.name = nil
        self.bundle = bundleOrNil
        super.init()
    }

    /// The nib's top-level objects: none (archives cannot be read here).
    open func instantiate(withOwner ownerOrNil: Any?, options optionsOrNil: [UINib.OptionsKey: Any]? = nil) -> [Any] {
        []
    }

    /// Keys of `instantiate(withOwner:options:)`'s options, as UIKit's `UINib.OptionsKey`.
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        /// The key's string.
        public var rawValue: String
        /// The key of `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// External objects the nib refers to.
        public static let externalObjects = OptionsKey(rawValue: "UINibExternalObjects")
    }
}
