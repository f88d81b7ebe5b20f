extension KeyedDecodingContainer {
    /// The value at `key` as one of `T`'s cases, or `nil` when the key is absent. A value that is none of them is a
    /// one-line `DecodingError.dataCorrupted` naming the key, the value and every accepted value.
    func decodeChoiceIfPresent<T>(_ type: T.Type, forKey key: Key) throws -> T?
    where T: CaseIterable & RawRepresentable, T.RawValue: Decodable & CustomStringConvertible {
        guard contains(key) else { return nil }
        let raw = try decode(T.RawValue.self, forKey: key)
        guard let value = T(rawValue: raw) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\(key.stringValue) must be \(Self.choices(of: T.self)), got \(raw)")
        }
        return value
    }

    /// The values at `key`, each one of `T`'s cases, or `nil` when the key is absent; refused as
    /// ``decodeChoiceIfPresent(_:forKey:)`` refuses one.
    func decodeChoicesIfPresent<T>(_ type: T.Type, forKey key: Key) throws -> [T]?
    where T: CaseIterable & RawRepresentable, T.RawValue: Decodable & CustomStringConvertible {
        guard contains(key) else { return nil }
        return try decode([T.RawValue].self, forKey: key).map { raw in
            guard let value = T(rawValue: raw) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: self,
                    debugDescription: "\(key.stringValue) takes values among \(Self.choices(of: T.self)), got \(raw)")
            }
            return value
        }
    }

    /// `a, b or c`: every case of `T`.
    static func choices<T>(of type: T.Type) -> String
    where T: CaseIterable & RawRepresentable, T.RawValue: CustomStringConvertible {
        let names = T.allCases.map(\.rawValue.description)
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}
