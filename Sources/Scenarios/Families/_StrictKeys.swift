/// Refuses keys that a suite file's object does not take, naming the key, where it is, the closest known key and
/// every accepted key.
enum StrictKeys {
    /// Throws `DecodingError.dataCorrupted` at `container`'s path when it holds a key not in `allowed`.
    static func check(_ container: KeyedDecodingContainer<AnyCodingKey>, allowed: [String], context: String) throws {
        for key in container.allKeys where !allowed.contains(key.stringValue) {
            var message = "unknown key '\(key.stringValue)' in \(context)"
            if let near = closest(to: key.stringValue, in: allowed) { message += "; did you mean '\(near)'?" }
            message += " (accepted keys: \(allowed.joined(separator: ", ")))"
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: message)
        }
    }

    /// The candidate nearest to `word` in edit distance (ignoring case), if it is near enough to be a typo.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        let scored = candidates.map { ($0, editDistance(lower, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let tolerance = Swift.max(2, Swift.min(word.count, best.0.count) / 3)
        if best.1 <= tolerance { return best.0 }
        // A long shared prefix: a singular for a plural ("strategy" for "strategies"), or a word cut short.
        let prefixes = candidates.map { ($0, commonPrefixLength(lower, $0.lowercased())) }
        guard let longest = prefixes.max(by: { $0.1 < $1.1 }), longest.1 >= Swift.max(4, 2 * word.count / 3)
        else { return nil }
        return longest.0
    }

    /// How many leading characters `a` and `b` share.
    static func commonPrefixLength(_ a: String, _ b: String) -> Int {
        zip(a, b).prefix { $0 == $1 }.count
    }

    /// The Levenshtein distance between `a` and `b`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count), current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1,
                                       previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
