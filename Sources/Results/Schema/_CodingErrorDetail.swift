/// A decoding error in one line: where in the document decoding stopped, and what was wrong there.
func decodingErrorDetail(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
        return "missing field \(codingPathText(context.codingPath + [key]))"
    case .typeMismatch(let type, let context):
        return "\(fieldText(context.codingPath)) is not \(jsonKind(of: type))"
    case .valueNotFound(let type, let context):
        return "\(fieldText(context.codingPath)) is null, but must be \(jsonKind(of: type))"
    case .dataCorrupted(let context):
        if context.codingPath.isEmpty {
            let underlying = context.underlyingError.map { oneLine(String(describing: $0)) } ?? context.debugDescription
            return "not valid JSON (\(underlying))"
        }
        return "\(fieldText(context.codingPath)): \(oneLine(context.debugDescription))"
    @unknown default:
        return oneLine(String(describing: error))
    }
}

/// An encoding error in one line: the field that could not be written.
func encodingErrorDetail(_ error: EncodingError) -> String {
    switch error {
    case .invalidValue(let value, let context):
        return "\(fieldText(context.codingPath)) is \(value), which JSON cannot hold; every figure must be finite"
    @unknown default:
        return oneLine(String(describing: error))
    }
}

/// `text` with line breaks replaced by spaces, so that an error stays on one line.
func oneLine(_ text: String) -> String {
    String(text.map { $0.isNewline ? " " : $0 })
}

/// "field `scenarios[0].metrics.wall.p50`", or "the document" for the root.
private func fieldText(_ path: [any CodingKey]) -> String {
    path.isEmpty ? "the document" : "field \(codingPathText(path))"
}

/// A coding path as `scenarios[0].metrics.wall.p50`, quoted in backticks.
private func codingPathText(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
        if let index = key.intValue {
            text += "[\(index)]"
        } else {
            if !text.isEmpty { text += "." }
            text += key.stringValue
        }
    }
    return "`\(text)`"
}

/// The JSON kind a Swift type decodes from: "a number", "a string", …
private func jsonKind(of type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Bool.Type: return "true or false"
    case is Int.Type, is UInt64.Type: return "an integer"
    case is Double.Type: return "a number"
    case is [Any].Type: return "an array"
    case is [String: Any].Type: return "an object"
    default: return "a \(type)"
    }
}
