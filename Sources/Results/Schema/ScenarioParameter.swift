/// A key of a scenario's parameters in a results file: one of the well-known keys every scenario carries, or a
/// custom one (a layout family's own parameters, such as the sticky grid's sticky counts).
///
/// Like ``MetricName``, the key is its text (`ScenarioParameter.custom("rows") == .rows`), and ``ScenarioResult``'s
/// parameters stay a `[String: String]` object in the file; `parameters[.strategy]` reads and writes it through
/// this type.
public struct ScenarioParameter: RawRepresentable, Hashable, Comparable, Codable, Sendable,
    CustomStringConvertible
{
    /// The key as written in results files, for example `strategy`.
    public var rawValue: String

    /// The key `rawValue`, well known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A key the harness does not define (a layout family's own parameter); equal to the well-known key of the same
    /// text.
    public static func custom(_ key: String) -> ScenarioParameter { ScenarioParameter(rawValue: key) }

    /// The key's text.
    public var description: String { rawValue }

    /// Orders keys by their text.
    public static func < (lhs: ScenarioParameter, rhs: ScenarioParameter) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `workload`: the workload's id; scenarios of one workload share it.
    public static let workload = ScenarioParameter(rawValue: "workload")
    /// `rows`: the content's rows (or sections), as an integer.
    public static let rows = ScenarioParameter(rawValue: "rows")
    /// `columns`: the content's columns (or items per section), as an integer.
    public static let columns = ScenarioParameter(rawValue: "columns")
    /// `sizes`: the size distribution of the content.
    public static let sizes = ScenarioParameter(rawValue: "sizes")
    /// `counts`: how item counts vary between sections; written only when they are not uniform.
    public static let counts = ScenarioParameter(rawValue: "counts")
    /// `layout`: the layout family's name.
    public static let layout = ScenarioParameter(rawValue: "layout")
    /// `storage`: the attribute storage (`compact`, `objects`, …).
    public static let storage = ScenarioParameter(rawValue: "storage")
    /// `viewport`: the viewport's name.
    public static let viewport = ScenarioParameter(rawValue: "viewport")
    /// `viewportSize`: the viewport in points, `WIDTHxHEIGHT`.
    public static let viewportSize = ScenarioParameter(rawValue: "viewportSize")
    /// `trace`: the trace's name.
    public static let trace = ScenarioParameter(rawValue: "trace")
    /// `frameRate`: the trace's frame rate in Hz.
    public static let frameRate = ScenarioParameter(rawValue: "frameRate")
    /// `traceFrames`: the frames of the trace.
    public static let traceFrames = ScenarioParameter(rawValue: "traceFrames")
    /// `strategy`: the query variant, as results files have always named it.
    public static let strategy = ScenarioParameter(rawValue: "strategy")
    /// `referenceStrategy`: the layout's reference query variant, which the others are compared with.
    public static let referenceStrategy = ScenarioParameter(rawValue: "referenceStrategy")
    /// `invalidation`: the invalidation mode (`full` or `context`).
    public static let invalidation = ScenarioParameter(rawValue: "invalidation")
    /// `seed`: the seed of the content and the query positions.
    public static let seed = ScenarioParameter(rawValue: "seed")
    /// `updates`: the update strategy (`full` or `incremental`); written only for traces with batch updates.
    public static let updates = ScenarioParameter(rawValue: "updates")
    /// `anchoring`: the scroll anchoring policy (`none`, `top`, `bottom`); written only for traces with batch updates.
    public static let anchoring = ScenarioParameter(rawValue: "anchoring")
    /// `instructions`: the instruction counter (`callgrind VERSION`), on scenarios whose instructions were counted.
    public static let instructions = ScenarioParameter(rawValue: "instructions")

}

extension Dictionary where Key == String, Value == String {
    /// The value of the parameter `key`: a scenario's parameters, read and written through the typed key.
    public subscript(key: ScenarioParameter) -> String? {
        get { self[key.rawValue] }
        set { self[key.rawValue] = newValue }
    }
}
