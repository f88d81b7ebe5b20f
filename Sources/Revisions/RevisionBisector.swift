import Foundation
import Results

/// `bisect`'s driver: the commits between a good and a bad revision along the first-parent line, a measurer for a
/// commit's value of one metric, and ``Bisection`` over them.
///
/// The threshold is relative to the good commit's value: a commit is new when its value differs from the good one's
/// by more than `threshold` in the direction given by its sign (`0.01`: at least 1 % more; `-0.01`: at least 1 %
/// less); with no threshold, any difference at all makes it new, which is what an exact metric (instruction counts,
/// allocations) means by a step.
public struct RevisionBisector {
    /// Where a measured value came from.
    public enum Source: String, Hashable, Sendable {
        /// An earlier measurement recorded in the history database: no build, no run.
        case database
        /// A run of a binary already in the build cache.
        case cachedBuild
        /// A run of a binary built for this bisect.
        case newBuild
    }

    /// A commit's value of the metric, or why there is none.
    public enum Measurement: Hashable, Sendable {
        /// The value, and where it came from.
        case value(Double, Source)
        /// The commit could not be built; the reason (the build's last line) is reported.
        case unbuildable(String)
    }

    /// What a bisect found.
    public struct Report: Sendable {
        /// The good commit, and its value.
        public var good: (commit: Commit, value: Double)
        /// The bad commit.
        public var bad: Commit
        /// The last commit measured old, and its value.
        public var lastOld: (commit: Commit, value: Double)
        /// The first commit measured new, and its value; `nil` when the bad commit turned out old.
        public var firstNew: (commit: Commit, value: Double)?
        /// The search's outcome.
        public var outcome: Bisection.Outcome
        /// The commits measured, in order, with their value and its source.
        public var measured: [(commit: Commit, measurement: Measurement)]
        /// Commits in the range (the good one excluded).
        public var candidates: Int

        /// New builds made (binaries not in the cache).
        public var builds: Int { measured.filter(\.measurement.neededBuild).count }
    }

    /// The repository.
    public var repository: GitRepository
    /// The relative threshold (see the type's documentation); `nil` for any change.
    public var threshold: Double?

    /// Creates a bisector.
    public init(repository: GitRepository, threshold: Double?) {
        self.repository = repository
        self.threshold = threshold
    }

    /// Whether `value` has crossed the threshold relative to `reference`.
    public func crossed(_ value: Double, reference: Double) -> Bool {
        guard let threshold else { return value != reference }
        guard reference != 0 else { return threshold >= 0 ? value > 0 : value < 0 }
        let change = value / reference - 1
        return threshold >= 0 ? change >= threshold && change > 0 : change <= threshold && change < 0
    }

    /// Bisects `good..bad` with `measure`, which is asked about the good commit first, then about the commits the
    /// search picks.
    ///
    /// - Throws: ``RevisionError`` when the range is empty, the good commit cannot be measured, or `measure` throws.
    public func run(good: Commit, bad: Commit,
                    measure: (Commit) throws(RevisionError) -> Measurement) throws(RevisionError) -> Report {
        let range = try Self.range(good: good, bad: bad, in: repository)
        var measured: [(commit: Commit, measurement: Measurement)] = []
        let goodMeasurement = try measure(good)
        measured.append((good, goodMeasurement))
        guard case .value(let reference, _) = goodMeasurement else {
            let reason = if case .unbuildable(let line) = goodMeasurement { line } else { "no value" }
            throw .fileSystem("GOOD, \(good.revision) (\(good.shortSHA)), does not build, so there is nothing to "
                + "compare against; give a GOOD that builds (its build said: \(reason))")
        }
        var values: [Int: Double] = [0: reference]
        var failure: RevisionError?
        let outcome = Bisection(count: range.count).run { (index: Int) -> Bisection.Verdict in
            if failure != nil { return .inconclusive }
            let commit = range[index - 1]
            let measurement: Measurement
            do { measurement = try measure(commit) } catch {
                failure = error as? RevisionError ?? .fileSystem("\(error)")
                return .inconclusive
            }
            measured.append((commit, measurement))
            switch measurement {
            case .value(let value, _):
                values[index] = value
                return crossed(value, reference: reference) ? .new : .old
            case .unbuildable(let reason):
                return .skip(reason)
            }
        }
        if let failure { throw failure }
        let commitAt = { (index: Int) -> Commit in index == 0 ? good : range[index - 1] }
        let firstNew = outcome.badIsOld ? nil : values[outcome.firstNew].map { (commitAt(outcome.firstNew), $0) }
        return Report(good: (good, reference), bad: bad,
                      lastOld: (commitAt(outcome.lastOld), values[outcome.lastOld] ?? reference),
                      firstNew: firstNew, outcome: outcome, measured: measured, candidates: range.count)
    }
}

extension RevisionBisector {
    /// The first-parent line from `good` (excluded) to `bad`, or a sentence saying why there is none.
    static func range(good: Commit, bad: Commit, in repository: GitRepository) throws(RevisionError) -> [Commit] {
        if good.sha == bad.sha {
            throw .fileSystem("GOOD and BAD are the same commit, \(good.shortSHA) (\(good.revision) and "
                + "\(bad.revision)); give an older GOOD, where the metric had its old value")
        }
        let range = try repository.firstParentRange(from: good, to: bad)
        guard let last = range.last, last.sha == bad.sha else {
            throw .fileSystem("BAD, \(bad.revision) (\(bad.shortSHA)), does not come after GOOD, \(good.revision) "
                + "(\(good.shortSHA)), on its first-parent line; bisect needs GOOD to be an ancestor of BAD (were they "
                + "given the other way round?)")
        }
        return range
    }

    /// Bisects `good..bad` on a noisy metric with `classify`, which compares a commit against the good one and
    /// returns the verdict with the two sides' levels (`ab` for timings): no threshold arithmetic here, the verdict
    /// decides. An inconclusive verdict stops the search with the open range.
    public func run(good: Commit, bad: Commit,
                    classify: (Commit) throws(RevisionError) -> (verdict: Bisection.Verdict, baseline: Double?,
                                                                  value: Double?, built: Bool))
        throws(RevisionError) -> Report
    {
        let range = try Self.range(good: good, bad: bad, in: repository)
        var measured: [(commit: Commit, measurement: Measurement)] = []
        var values: [Int: Double] = [:]
        var reference: Double?
        var failure: RevisionError?
        let outcome = Bisection(count: range.count).run { (index: Int) -> Bisection.Verdict in
            if failure != nil { return .inconclusive }
            let commit = range[index - 1]
            do {
                let result = try classify(commit)
                if reference == nil { reference = result.baseline }
                if let value = result.value {
                    values[index] = value
                    measured.append((commit, .value(value, result.built ? .newBuild : .cachedBuild)))
                } else if case .skip(let reason) = result.verdict {
                    measured.append((commit, .unbuildable(reason)))
                }
                return result.verdict
            } catch {
                failure = error as? RevisionError ?? .fileSystem("\(error)")
                return .inconclusive
            }
        }
        if let failure { throw failure }
        let base = reference ?? .nan
        values[0] = base
        let commitAt = { (index: Int) -> Commit in index == 0 ? good : range[index - 1] }
        let firstNew = outcome.badIsOld ? nil : values[outcome.firstNew].map { (commitAt(outcome.firstNew), $0) }
        return Report(good: (good, base), bad: bad,
                      lastOld: (commitAt(outcome.lastOld), values[outcome.lastOld] ?? base),
                      firstNew: firstNew, outcome: outcome, measured: measured, candidates: range.count)
    }
}

extension RevisionBisector.Measurement {
    /// The value, if any.
    public var numeric: Double? {
        if case .value(let value, _) = self { return value }
        return nil
    }

    /// Whether this measurement needed a new build (a failed build counts: it was attempted).
    public var neededBuild: Bool {
        switch self {
        case .value(_, let source): return source == .newBuild
        case .unbuildable: return true
        }
    }
}
