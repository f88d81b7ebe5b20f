import Foundation
import Results

extension FuzzTarget {
    /// A thresholds file: decoded and checked as ``Thresholds/load(_:)`` does, then its rules matched against
    /// scenario ids and metric names as `gate` matches them, and written back.
    static func thresholds(_ bytes: Data) {
        guard let thresholds = try? Thresholds.decode(json: bytes, source: "thresholds.json") else { return }
        for scenario in ["100x100/uniform/sticky1x1/compact/phone/fling@60/binary/context", "", "*"] {
            for metric in ["frame.allocations", "query.instructions", "frame.time", ""] {
                consume(thresholds.rule(scenario: scenario, metric: metric))
            }
        }
        if let data = try? thresholds.encodedJSON() { consume(data.count) }
    }
}
