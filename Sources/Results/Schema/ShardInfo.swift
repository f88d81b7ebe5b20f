/// Which part of a suite a sharded run measured (`layoutbench run --shard INDEX/COUNT`), so that `merge` can check
/// that it joins every part exactly once.
public struct ShardInfo: Codable, Hashable, Sendable {
    /// The shard, from 1.
    public var index: Int
    /// How many shards the suite was split into.
    public var count: Int
    /// How many scenarios the whole suite selected (all shards together), after the filter.
    public var suiteScenarios: Int
    /// The run-level options that change what is measured, by option name (`--rows`, `--columns`, `--filter`,
    /// `--time-cap`, `--instructions`), as given; `merge` refuses shards whose options differ. `nil` in files written
    /// before it was recorded (absent from the file).
    public var runOptions: [String: String]?

    /// Creates a record of a shard.
    public init(index: Int, count: Int, suiteScenarios: Int, runOptions: [String: String]? = nil) {
        self.index = index
        self.count = count
        self.suiteScenarios = suiteScenarios
        self.runOptions = runOptions
    }

    /// `INDEX/COUNT`.
    public var label: String { "\(index)/\(count)" }
}
