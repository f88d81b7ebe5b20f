/// The search of `bisect`, with no I/O: over commits `0...count` of a first-parent line, where 0 is the good commit
/// (known old) and `count` is the bad one (said to be new), find the first new commit by asking a classifier about
/// as few commits as possible.
///
/// The bad commit is not asked about up front: the search assumes it is new, as `git bisect` does, and asks about it
/// only when every commit before it turned out old, to confirm it and to have its value. So a range of `n` commits
/// after the good one costs at most ⌈log2 n⌉ classifications, plus one when the answer is the bad commit itself.
///
/// A commit that cannot be classified (it does not build) is skipped, as `git bisect skip` does: the search asks
/// about its nearest neighbours inside the open interval instead, and if every commit there is skipped, the answer is
/// the range. An inconclusive classification (a timing that `ab` could not decide) stops the search with the range
/// still open: an honest answer, not a guess.
public struct Bisection: Sendable {
    /// What the classifier says of a commit.
    public enum Verdict: Hashable, Sendable {
        /// Before the change: the metric has not crossed the threshold.
        case old
        /// After the change.
        case new
        /// It could not be measured (a failed build); the reason is reported.
        case skip(String)
        /// The measurement could not decide (timings only).
        case inconclusive
    }

    /// What the search found.
    public struct Outcome: Hashable, Sendable {
        /// The last commit known old.
        public var lastOld: Int
        /// The first commit known new; with ``exact`` it is the first new commit.
        public var firstNew: Int
        /// Whether the change is pinned to one commit (`firstNew == lastOld + 1`, `firstNew` confirmed new).
        public var exact: Bool
        /// Whether the search stopped on an inconclusive measurement.
        public var inconclusive: Bool
        /// Whether the bad commit turned out old: there is no change to find.
        public var badIsOld: Bool
        /// The commits asked about, in order.
        public var asked: [Int]
        /// The skipped commits, with the reason.
        public var skipped: [Int: String]
    }

    /// The number of commits after the good one; the bad one is `count`.
    public var count: Int

    /// A search over `count` commits after the good one (at least 1).
    public init(count: Int) {
        self.count = count
    }

    /// Runs the search, asking `classify` about commits in `1...count`.
    public func run(_ classify: (Int) throws -> Verdict) rethrows -> Outcome {
        var low = 0, high = count  // low is old; high is new (assumed until confirmed)
        var highConfirmed = false
        var asked: [Int] = []
        var skipped: [Int: String] = [:]
        var inconclusive = false
        search: while high - low > 1 {
            // The middle, then its neighbours outward, skipping commits that could not be measured.
            let middle = low + (high - low) / 2
            var candidates: [Int] = [middle]
            for distance in 1..<(high - low) {
                if middle + distance < high { candidates.append(middle + distance) }
                if middle - distance > low { candidates.append(middle - distance) }
            }
            for candidate in candidates where skipped[candidate] == nil {
                asked.append(candidate)
                switch try classify(candidate) {
                case .old:
                    low = candidate
                    continue search
                case .new:
                    high = candidate
                    highConfirmed = true
                    continue search
                case .skip(let reason):
                    skipped[candidate] = reason
                case .inconclusive:
                    inconclusive = true
                    break search
                }
            }
            break  // every commit strictly between low and high was skipped
        }
        var badIsOld = false
        if !highConfirmed && !inconclusive && high == count {
            asked.append(count)
            switch try classify(count) {
            case .new: highConfirmed = true
            case .old: badIsOld = true; low = count
            case .skip(let reason): skipped[count] = reason
            case .inconclusive: inconclusive = true
            }
        }
        return Outcome(lastOld: low, firstNew: high, exact: highConfirmed && high == low + 1 && !badIsOld,
                       inconclusive: inconclusive, badIsOld: badIsOld, asked: asked, skipped: skipped)
    }
}
