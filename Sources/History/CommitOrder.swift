/// The order of commits for a history: the repository's topological order where it is at hand (oldest first), and
/// the runs' dates for commits it does not know (runs outside git, or a database read away from its repository).
public struct CommitOrder: Sendable {
    /// Each known commit's position, oldest first.
    let rank: [String: Int]

    /// An order from `commits`, oldest first (as `git rev-list --topo-order --reverse` prints them).
    public init(oldestFirst commits: [String]) {
        var rank: [String: Int] = [:]
        for (position, commit) in commits.enumerated() where rank[commit] == nil { rank[commit] = position }
        self.rank = rank
    }

    /// Dates only.
    public static let byDate = CommitOrder(oldestFirst: [])

    /// Whether `a` (with its date) comes before `b`: known commits in topological order, before unknown ones, which
    /// go by date; ties by date, then by commit.
    public func precedes(_ a: (commit: String?, date: String), _ b: (commit: String?, date: String)) -> Bool {
        let rankA = a.commit.flatMap { rank[$0] } ?? Int.max
        let rankB = b.commit.flatMap { rank[$0] } ?? Int.max
        if rankA != rankB { return rankA < rankB }
        if a.date != b.date { return a.date < b.date }
        return (a.commit ?? "") < (b.commit ?? "")
    }

    /// Whether the order knows `commit`.
    public func knows(_ commit: String) -> Bool { rank[commit] != nil }
}
