import Foundation

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
    /// A command-line option of its own that sets it, as `--sticky-rows` sets the sticky grid's `stickyRows`, or
    /// `nil`: an alias of `--set KEY=VALUE` that the catalog lists (``LayoutCatalog/parameterAliases``). The command
    /// line offers it with this parameter's help, in a group titled with the family's name; it must not be the name
    /// of another option of the command line (`rows`, `layout`), and a later family's alias of the same name is left
    /// out.
    public let option: String?
    /// Whether it takes a whole number, so that a suite file's `1.5` is named as the culprit.
    let takesWholeNumbers: Bool
    private let _parse: (inout Family, String) throws(ParameterTextRefusal) -> Void
    private let _text: (Family) -> String
    private let _decode: (inout Family, KeyedDecodingContainer<AnyCodingKey>) throws -> Void
    private let _encode: (Family, inout KeyedEncodingContainer<AnyCodingKey>) throws -> Void

    /// Declares the parameter `key`, which sets the value at `keyPath`.
    ///
    /// - Parameters:
    ///   - key: the parameter's name in `--set KEY=VALUE`, results files and suite files.
    ///   - keyPath: the family's property it sets.
    ///   - help: one line for `list layouts` and the help of `--set`.
    ///   - option: a command-line option of its own, without its dashes (`sticky-rows`), an alias of
    ///     `--set KEY=VALUE`.
    public init<Value: LayoutParameterValue>(_ key: String, _ keyPath: WritableKeyPath<Family, Value>,
                                             help: String, option: String? = nil) {
        self.key = key
        self.help = help
        self.option = option
        _parse = { (family: inout Family, text: String) throws(ParameterTextRefusal) in
            family[keyPath: keyPath] = try Value.parameterValue(fromText: text)
        }
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

    /// Sets this parameter of `family` from `text`, as `--set KEY=TEXT` gives it.
    func parse(_ text: String, into family: inout Family) throws(ParameterTextRefusal) {
        try _parse(&family, text)
    }

    func decode(into family: inout Family, from container: KeyedDecodingContainer<AnyCodingKey>) throws {
        try _decode(&family, container)
    }

    func encode(_ family: Family, to container: inout KeyedEncodingContainer<AnyCodingKey>) throws {
        try _encode(family, &container)
    }
}

/// A setting a family refused (``LayoutFamily/applying(_:)``): its key, its text and why.
struct FamilySettingRefusal: Error {
    var key: String
    var text: String
    var refusal: ParameterTextRefusal
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

    /// The value `text` gives, as `--set KEY=TEXT` writes it (`8`, `true`, `vertical`), or why it is none.
    static func parameterValue(fromText text: String) throws(ParameterTextRefusal) -> Self
}

/// Why a parameter's text gives no value (``LayoutParameterValue/parameterValue(fromText:)``).
public enum ParameterTextRefusal: Error, Hashable, Sendable {
    /// Not a value of the parameter's kind, which is said in words: `a whole number`, `a number`, `true or false`.
    case notA(String)
    /// Not one of the values the parameter takes (its help lists them).
    case notAccepted
}

/// The text of a JSON number: `-12`, `0.5`, `1e300`, as `--set` and suite files write numbers.
func isNumberText(_ text: String) -> Bool {
    text.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
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

    /// The value read from `text` as JSON (a user's own parameter type, coded as it codes itself).
    public static func parameterValue(fromText text: String) throws(ParameterTextRefusal) -> Self {
        guard let value = try? JSONDecoder().decode(Self.self, from: Data(text.utf8)) else { throw .notAccepted }
        return value
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

    /// The case whose raw value is `text` (or `text` in JSON's quotes).
    public static func parameterValue(fromText text: String) throws(ParameterTextRefusal) -> Self {
        let raw = text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? String(text.dropFirst().dropLast()) : text
        guard let value = Self(rawValue: raw) else { throw .notAccepted }
        return value
    }
}

extension Int: LayoutParameterValue {
    /// The decimal digits.
    public var parameterText: String { "\(self)" }

    /// A number with no fraction that fits an `Int` (`12`, `1e3`); anything else is not a whole number.
    public static func parameterValue(fromText text: String) throws(ParameterTextRefusal) -> Int {
        guard isNumberText(text), let number = Double(text) else { throw .notA("a whole number") }
        if let exact = Int(text) { return exact }
        guard number.rounded() == number else { throw .notA("a whole number") }
        guard let whole = Int(exactly: number) else { throw .notA("a whole number of at most \(Int.max)") }
        return whole
    }
}

extension Double: LayoutParameterValue {
    /// The shortest text that reads back as this value: `8` rather than `8.0`.
    public var parameterText: String { shortText }

    /// A number (`8`, `0.5`, `1e3`).
    public static func parameterValue(fromText text: String) throws(ParameterTextRefusal) -> Double {
        guard isNumberText(text), let number = Double(text), number.isFinite else { throw .notA("a number") }
        return number
    }
}

extension Bool: LayoutParameterValue {
    /// `true` or `false`.
    public var parameterText: String { "\(self)" }

    /// `true` or `false`.
    public static func parameterValue(fromText text: String) throws(ParameterTextRefusal) -> Bool {
        switch text {
        case "true": true
        case "false": false
        default: throw .notA("true or false")
        }
    }
}

extension LayoutFamily {
    /// The parameters as a suite file gives them, with their defaults and accepted values: what `list layouts`
    /// prints and `--set` explains, derived from ``parameterList``.
    public static var parameters: [LayoutParameter] { parameterList.map(\.description) }

    /// The keys of the parameters that take whole numbers.
    static var wholeNumberKeys: [String] { parameterList.filter(\.takesWholeNumbers).map(\.key) }

    /// The family at its defaults with each setting's text (`--set KEY=TEXT`) applied in order, or the first setting
    /// refused: its key and why. Keys the family does not take are the caller's to refuse first.
    static func applying(_ settings: [(key: String, text: String)]) throws(FamilySettingRefusal) -> Self {
        var family = Self()
        for (key, text) in settings {
            guard let parameter = parameterList.first(where: { $0.key == key }) else { continue }
            do throws(ParameterTextRefusal) {
                try parameter.parse(text, into: &family)
            } catch {
                throw FamilySettingRefusal(key: key, text: text, refusal: error)
            }
        }
        return family
    }

    /// The parameters with a command-line option of their own (``FamilyParameter/option``): the option and the key.
    static var parameterOptions: [(option: String, key: String)] {
        parameterList.compactMap { parameter in parameter.option.map { ($0, parameter.key) } }
    }

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
