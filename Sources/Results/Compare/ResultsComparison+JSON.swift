import Foundation

extension ResultsComparison {
    /// The comparison as JSON text: pretty printed with sorted keys, as results files are, without a final newline.
    ///
    /// - Throws: ``ResultsError/notEncodable(detail:)`` when a figure is not finite (every ratio is `nil` rather than
    ///   infinite, so this does not happen for comparisons `compare` made).
    public func jsonString() throws -> String {
        String(decoding: try JSONEncoding.encoded(self, finalNewline: false), as: UTF8.self)
    }
}
