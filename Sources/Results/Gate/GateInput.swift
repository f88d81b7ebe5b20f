/// One side of a gate: the name it was given and the run it is.
public struct GateInput: Codable, Sendable, Hashable {
    /// What the side is called: a file's path, or `this run (suite gate, seed 1)`.
    public var label: String
    /// Which run it is.
    public var run: ComparedRun

    /// Creates a side.
    public init(label: String, run: ComparedRun) {
        self.label = label
        self.run = run
    }
}
