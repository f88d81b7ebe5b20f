import Layouts

/// A ``LayoutFamily`` of any type, as a workload holds it: hashable, and coded as
/// `{"name": "sticky-grid", "stickyRows": 1, …}` through a ``LayoutCatalog``.
public struct AnyLayoutFamily: Hashable, Sendable, CustomStringConvertible {
    /// The family.
    public let base: any LayoutFamily

    /// Wraps `family`.
    public init(_ family: some LayoutFamily) { base = family }

    /// Wraps `family`, whatever its type.
    public init(erasing family: any LayoutFamily) { base = family }

    /// The family's name.
    public var name: String { type(of: base).name }

    /// The family's type.
    public var familyType: any LayoutFamily.Type { type(of: base) }

    /// The batches the family's traces send: an ``UpdatingLayoutFamily``'s ``UpdatingLayoutFamily/updateShape``, or
    /// ``UpdateShape/free``.
    public var updateShape: UpdateShape { (base as? any UpdatingLayoutFamily)?.updateShape ?? .free }

    /// The batch-update strategies the family offers for `content`: an ``UpdatingLayoutFamily``'s, or `[.full]`
    /// (every family re-prepares everything on a batch).
    public func updateStrategies(for content: ContentSpec) -> [UpdateStrategy] {
        (base as? any UpdatingLayoutFamily)?.updateStrategies(for: content) ?? [.full]
    }

    /// The family as a ``SelfSizingLayoutFamily``, or `nil` when it resolves no self-sizing items.
    public var selfSizing: (any SelfSizingLayoutFamily)? { base as? any SelfSizingLayoutFamily }

    /// Whether the family resolves self-sizing items of `content`: a ``SelfSizingLayoutFamily`` that says yes.
    public func supportsSelfSizing(for content: ContentSpec) -> Bool {
        selfSizing?.supportsSelfSizing(for: content) ?? false
    }

    /// The family as a ``SwitchingLayoutFamily``, or `nil` when it has no layout to switch to.
    public var switching: (any SwitchingLayoutFamily)? { base as? any SwitchingLayoutFamily }

    /// The family's part of a workload id.
    public var idComponent: String { base.idComponent }

    /// The family as `Family`, or `nil`.
    public func `as`<Family: LayoutFamily>(_ type: Family.Type) -> Family? { base as? Family }

    public static func == (lhs: AnyLayoutFamily, rhs: AnyLayoutFamily) -> Bool {
        AnyHashable(lhs.base) == AnyHashable(rhs.base)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }

    /// `name(key=value, …)`.
    public var description: String {
        let values = base.parameterValues.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return values.isEmpty ? name : "\(name)(\(values.joined(separator: ", ")))"
    }
}

extension AnyLayoutFamily: Codable {
    /// Decodes `{"name": …, …parameters}` with the catalog in the decoder's user info (``LayoutCatalog/userInfoKey``),
    /// or the registered one. An unknown name, a key the family does not take, or a null parameter, is a one-line error.
    public init(from decoder: any Decoder) throws {
        let catalog = decoder.userInfo[LayoutCatalog.userInfoKey] as? LayoutCatalog ?? LayoutCatalog.registered
        let keys = try decoder.container(keyedBy: AnyCodingKey.self)
        let name = try keys.decode(String.self, forKey: AnyCodingKey("name"))
        guard let family = catalog.family(named: name) else {
            throw DecodingError.dataCorruptedError(
                forKey: AnyCodingKey("name"), in: keys,
                debugDescription: "unknown layout '\(name)'; known layouts are \(catalog.names.joined(separator: ", "))")
        }
        try StrictKeys.check(keys, allowed: ["name"] + family.parameters.map(\.key), context: "layout '\(name)'")
        // A null would silently take the default (`decodeIfPresent` reads it as absent): refuse it.
        for parameter in family.parameters where keys.contains(AnyCodingKey(parameter.key)) {
            if try keys.decodeNil(forKey: AnyCodingKey(parameter.key)) {
                throw DecodingError.dataCorruptedError(
                    forKey: AnyCodingKey(parameter.key), in: keys,
                    debugDescription: "layout '\(name)': \(parameter.key) is null; give \(parameter.help) "
                        + "(default: \(parameter.defaultValue)), or leave the key out for the default")
            }
        }
        base = try family.init(from: decoder)
    }

    /// Encodes `{"name": …}` and the family's parameters.
    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: AnyCodingKey.self)
        try keys.encode(name, forKey: AnyCodingKey("name"))
        try base.encode(to: encoder)
    }
}

/// A coding key made from any string, for objects whose keys are checked at run time.
struct AnyCodingKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}
