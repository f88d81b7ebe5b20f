import LayoutModel
import Layouts
import Scenarios

/// What a run measures, as a command asks for it: a suite by name or path, resized, filtered and seeded.
///
/// `run`, `gate` and `ab` build one from their options and plan it with ``RunPlan/init(_:catalog:)``; the instruction
/// pass hands it, encoded, to its children (``InstructionChildRequest``), so a child plans exactly what its parent did.
package struct RunRequest: Hashable, Sendable, Codable {
    /// A built-in suite's name or the path of a JSON suite file.
    package var suite: String
    /// The rows every workload is resized to, if any.
    package var rows: Int?
    /// The columns every workload is resized to, if any.
    package var columns: Int?
    /// Scenario filters (a substring, or a glob with `*` and `?`); empty selects every scenario.
    package var filter: [String]
    /// The seed for sizes, traces and query positions.
    package var seed: UInt64
    /// The scaling suite's cap, in seconds, on one query or frame.
    package var scalingCapSeconds: Double
    /// The update strategy every workload with batch updates is set to, if any (`run --updates`).
    package var updates: UpdateStrategy?
    /// The anchoring policy every workload with batch updates is set to, if any (`run --anchoring`).
    package var anchoring: ScrollAnchoring?
    /// Self-sizing items for every workload whose family supports them, if any (`run --self-sizing`).
    package var selfSizing: SelfSizingSpec?

    /// Creates a request.
    package init(suite: String, rows: Int? = nil, columns: Int? = nil, filter: [String] = [], seed: UInt64 = 1,
                scalingCapSeconds: Double = Suite.defaultScalingCapSeconds, updates: UpdateStrategy? = nil,
                anchoring: ScrollAnchoring? = nil, selfSizing: SelfSizingSpec? = nil) {
        self.selfSizing = selfSizing
        self.updates = updates
        self.anchoring = anchoring
        self.suite = suite
        self.rows = rows
        self.columns = columns
        self.filter = filter
        self.seed = seed
        self.scalingCapSeconds = scalingCapSeconds
    }
}
