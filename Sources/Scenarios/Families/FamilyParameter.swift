/// One parameter of a ``LayoutFamily``, declared once: its key, its help, and the key path of the value it sets.
///
/// A family lists its parameters once (``LayoutFamily/parameterList``), and everything else follows from the list:
/// decoding (a missing key keeps the default of ``LayoutFamily/init()``), encoding, the text of each value in results
/// files (``LayoutFamily/parameterValues``) and ids (``parameterText(of:)``), the defaults and accepted values that
/// `list layouts` and `--set` show (``LayoutFamily/parameters``), and the did-you-mean of an unknown key.
///
/// ```swift
/// static let parameterList: [FamilyParameter<MasonryFamily>] = [
///     .init("columns", \.columns, help: "columns of equal width, 1 to 20"),
///     .init("spacing", \.spacing, help: "points between columns, items and sections, and at the edges"),
/// ]
/// ```
// Unchecked: the closures capture only the key and a key path, and key paths are immutable (an appended one, as the
// flow families' shared options make, is not statically Sendable).
public struct FamilyParameter<Family: LayoutFamily>: @unchecked Sendable {
    /// The key in a suite file's `"layout"` object and in `--set KEY=VALUE`.
    public let key: String
    /// One line on what it does.
    public let help: String
    /// The values it accepts, for a parameter with a fixed set (an enumeration), or `nil`.
    public let acceptedValues: [String]?
    /// Whether it takes a whole number, so that a suite file's `1.5` is named as the culprit.
    let takesWholeNumbers: Bool
    private let _text: (Family) -> String
    private let _decode: (inout Family, KeyedDecodingContainer<AnyCodingKey>) throws -> Void
    private let _encode: (Family, inout KeyedEncodingContainer<AnyCodingKey>) throws -> Void

    /// Declares the parameter `key`, which sets the value at `keyPath`.
    public init<Value: LayoutParameterValue>(_ key: String, _ keyPath: WritableKeyPath<Family, Value>,
                                             help: String) {
        self.key = key
        self.help = help
        acceptedValues = Value.acceptedParameterValues
        takesWholeNumbers = Value.self == Int.self
        _text = { $0[keyPath: keyPath].parameterText }
        _decode = { family, container in
            let codingKey = AnyCodingKey(key)
            // Absent or null keeps the default (as `decodeIfPresent` did); the catalog refuses a null beforehand.
            guard container.contains(codingKey), try !container.decodeNil(forKey: codingKey) else { return }
            family[keyPath: keyPath] = try Value.decodeParameter(from: container, forKey: codingKey)
        }
        _encode = { family, container in try container.encode(family[keyPath: keyPath], forKey: AnyCodingKey(key)) }
    }

    /// The value of this parameter in `family`, as results files and ids print it: `8` rather than `8.0`.
    public func parameterText(of family: Family) -> String { _text(family) }

    /// The parameter's description, its default read from `Family()`.
    var description: LayoutParameter {
        LayoutParameter(key: key, help: help, defaultValue: _text(Family()), acceptedValues: acceptedValues)
    }

    func decode(into family: inout Family, from container: KeyedDecodingContainer<AnyCodingKey>) throws {
        try _decode(&family, container)
    }

    func encode(_ family: Family, to container: inout KeyedEncodingContainer<AnyCodingKey>) throws {
        try _encode(family, &container)
    }
}

/// A type a ``FamilyParameter`` can hold: how it reads from a suite file, and how it prints.
public protocol LayoutParameterValue: Codable, Hashable, Sendable {
    /// The value as results files and ids print it.
    var parameterText: String { get }

    /// The values the type accepts, for an enumeration, or `nil`.
    static var acceptedParameterValues: [String]? { get }

    /// The value at `key`, refused in one line naming the key and what it accepts.
    static func decodeParameter<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws
        -> Self
}

extension LayoutParameterValue {
    /// Any value.
    public static var acceptedParameterValues: [String]? { nil }

    /// The value's own decoding.
    public static func decodeParameter<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
        throws -> Self
    {
        try container.decode(Self.self, forKey: key)
    }
}

extension LayoutParameterValue where Self: CaseIterable & RawRepresentable, RawValue == String {
    /// The raw value.
    public var parameterText: String { rawValue }

    /// Every case's raw value.
    public static var acceptedParameterValues: [String]? { allCases.map(\.rawValue) }

    /// One of the cases; another value is refused naming every case.
    public static func decodeParameter<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
        throws -> Self
    {
        guard let value = try container.decodeChoiceIfPresent(Self.self, forKey: key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: container.codingPath, debugDescription: "absent"))
        }
        return value
    }
}

extension Int: LayoutParameterValue {
    /// The decimal digits.
    public var parameterText: String { "\(self)" }
}

extension Double: LayoutParameterValue {
    /// The shortest text that reads back as this value: `8` rather than `8.0`.
    public var parameterText: String { shortText }
}

extension Bool: LayoutParameterValue {
    /// `true` or `false`.
    public var parameterText: String { "\(self)" }
}

extension LayoutFamily {
    /// The parameters as a suite file gives them, with their defaults and accepted values: what `list layouts`
    /// prints and `--set` explains, derived from ``parameterList``.
    public static var parameters: [LayoutParameter] { parameterList.map(\.description) }

    /// The keys of the parameters that take whole numbers.
    static var wholeNumberKeys: [String] { parameterList.filter(\.takesWholeNumbers).map(\.key) }

    /// Every parameter's value as text, keyed by parameter.
    public var parameterValues: [String: String] {
        Dictionary(uniqueKeysWithValues: Self.parameterList.map { ($0.key, $0.parameterText(of: self)) })
    }

    /// The family at its defaults, with every parameter present in `decoder`'s object set from it.
    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        for parameter in Self.parameterList { try parameter.decode(into: &self, from: container) }
    }

    /// Every parameter, under its key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for parameter in Self.parameterList { try parameter.encode(self, to: &container) }
    }

}
