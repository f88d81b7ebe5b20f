extension ResultsDocument {
    /// Joins the results files of a sharded run (`run --shard INDEX/COUNT` on each machine of a CI matrix) into the
    /// results of the whole suite: every scenario and skip of every shard, in shard order, with the first shard's
    /// metadata and no shard record.
    ///
    /// - Parameter shards: each shard's document with a label (its path) for messages.
    /// - Throws: ``ShardMergeError`` when a document is not a shard, shards disagree on what was run (commit, suite,
    ///   seed, tool, build, machine class, run-level options such as `--rows`), a shard is missing or given twice, or
    ///   two shards measured one scenario. Every error names the file at fault.
    public static func joiningShards(_ shards: [(label: String, document: ResultsDocument)]) throws(ShardMergeError)
        -> ResultsDocument
    {
        guard let (firstLabel, first) = shards.first else { throw .noFiles }
        guard let firstShard = first.shard else { throw .notAShard(firstLabel) }
        var seen: [Int: String] = [:]
        for (label, document) in shards {
            guard let shard = document.shard else { throw .notAShard(label) }
            // A file's shard record is input: shard 1 of 0 would make the range of expected shards below trap.
            guard shard.count >= 1, (1...shard.count).contains(shard.index), shard.suiteScenarios >= 0 else {
                throw .invalidShard(label, shard.label)
            }
            if shard.count != firstShard.count || shard.suiteScenarios != firstShard.suiteScenarios {
                throw .mismatch(label, firstLabel, "shard \(shard.label) of \(shard.suiteScenarios) scenarios against "
                    + "shard \(firstShard.label) of \(firstShard.suiteScenarios)")
            }
            if let earlier = seen[shard.index] { throw .duplicate(shard.label, earlier, label) }
            seen[shard.index] = label
            for (field, mine, theirs) in [
                ("commit", document.git?.commit ?? "none", first.git?.commit ?? "none"),
                ("suite", document.suite, first.suite), ("seed", "\(document.seed)", "\(first.seed)"),
                ("tool version", document.toolVersion, first.toolVersion),
                ("build", document.machine.buildConfiguration, first.machine.buildConfiguration),
                ("CPU model", document.machine.cpuModel, first.machine.cpuModel),
                ("cores", "\(document.machine.cores)", "\(first.machine.cores)"),
            ] where mine != theirs {
                throw .mismatch(label, firstLabel, "\(field) '\(mine)' against '\(theirs)'")
            }
            if let difference = Self.runOptionDifference(shard.runOptions, firstShard.runOptions) {
                throw .mismatch(label, firstLabel, difference)
            }
        }
        // Every index seen is in 1...count, so fewer seen than the count means some are missing. The count comes
        // from a file and may be huge: name the first few, not all (a list of 10^17 shards would exhaust memory).
        if seen.count < firstShard.count {
            let shown = 8
            var missing: [String] = (1...firstShard.count).lazy.filter { seen[$0] == nil }.prefix(shown)
                .map { "\($0)/\(firstShard.count)" }
            let more = firstShard.count - seen.count - missing.count
            if more > 0 { missing.append("and \(more) more") }
            throw .missing(missing,
                           given: shards.map { "\($0.label) (\($0.document.shard?.label ?? "?"))" })
        }

        var joined = first
        joined.shard = nil
        // Each shard's profile covers its own scenarios and is named after its own file; the joined file has none.
        joined.profile = nil
        joined.scenarios = []
        joined.skipped = []
        var owner: [String: String] = [:]
        for (label, document) in shards.sorted(by: { ($0.document.shard?.index ?? 0) < ($1.document.shard?.index ?? 0) }) {
            for id in document.scenarios.map(\.id) + document.skipped.map(\.id) {
                if let other = owner[id] {
                    throw other == label ? .repeated(id, label) : .overlap(id, other, label)
                }
                owner[id] = label
            }
            joined.scenarios += document.scenarios
            joined.skipped += document.skipped
            if document.createdAt < joined.createdAt { joined.createdAt = document.createdAt }
        }
        if owner.count != firstShard.suiteScenarios {
            throw .incomplete(found: owner.count, expected: firstShard.suiteScenarios,
                              perShard: shards.map { "\($0.label): \($0.document.scenarios.count + $0.document.skipped.count)" })
        }
        return joined
    }

    /// The first run-level option (in name order) that differs between two shards, in one line, or `nil`. A shard
    /// that recorded no options (an older tool) differs from one that did.
    static func runOptionDifference(_ mine: [String: String]?, _ theirs: [String: String]?) -> String? {
        switch (mine, theirs) {
        case (nil, nil): return nil
        case (.some, nil), (nil, .some): return "one records its run options and the other does not (different tools)"
        case let (mine?, theirs?):
            for key in Set(mine.keys).union(theirs.keys).sorted() where mine[key] != theirs[key] {
                return "\(key) \(mine[key] ?? "not given") against \(theirs[key] ?? "not given")"
            }
            return nil
        }
    }
}

/// Why shard results cannot be joined, in one line.
public enum ShardMergeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No files were given.
    case noFiles
    /// A document has no shard record: it is a whole run.
    case notAShard(String)
    /// A document's shard record is impossible: a count below 1, an index outside 1 through the count, or a negative
    /// number of scenarios.
    case invalidShard(String, String)
    /// Two documents disagree on what was run or how it was split.
    case mismatch(String, String, String)
    /// One shard was given twice.
    case duplicate(String, String, String)
    /// Shards were not given: the missing ones, and each file given with its shard.
    case missing([String], given: [String])
    /// Two shards measured the same scenario.
    case overlap(String, String, String)
    /// One shard's file holds a scenario twice.
    case repeated(String, String)
    /// The shards hold a different number of scenarios than the suite selected; each file with its count.
    case incomplete(found: Int, expected: Int, perShard: [String])

    public var description: String {
        switch self {
        case .noFiles: "merge needs the results files of every shard"
        case let .notAShard(label): "\(label) is not a shard's results (it was not run with --shard)"
        case let .invalidShard(label, shard):
            "\(label) has an impossible shard record, \(shard): a shard is INDEX/COUNT with 1 <= INDEX <= COUNT"
        case let .mismatch(label, first, detail): "\(label) and \(first) are not shards of one run: \(detail)"
        case let .duplicate(shard, a, b): "shard \(shard) is given twice: \(a) and \(b)"
        case let .missing(shards, given):
            "shard(s) \(shards.joined(separator: ", ")) missing; given: \(given.joined(separator: ", "))"
        case let .overlap(id, a, b): "scenario \(id) is in two shards: \(a) and \(b)"
        case let .repeated(id, label): "scenario \(id) is in \(label) twice"
        case let .incomplete(found, expected, perShard):
            "the shards hold \(found) scenario(s), but the suite selected \(expected) ("
                + perShard.joined(separator: ", ") + ")"
        }
    }
}
