/// The share of each function's activations that ran under a routine counted apart (``ApartRoutine``), from a dump's
/// call graph: 1 for the routines themselves; for a function reachable from one, the share of its incoming calls'
/// inclusive cost that came from such activations; 0 for the others.
///
/// callgrind gives costs per call site, not per activation stack, so a function called both from under a routine
/// counted apart and from elsewhere gets the share of its callers' costs (exact when every caller is all inside or
/// all outside, as in the gate suite). Used twice: to count each routine's calls and instructions once, from the
/// outermost activations only (``_CallgrindBody/apart``: a metadata lookup made by a metadata completion function,
/// itself run by a lookup, is inside the first lookup's cost), and to split functions' costs
/// (``CallgrindFunctionCosts``).
enum ApartShares {
    /// A call graph's edge into `callee` (or from `caller`), with its inclusive cost.
    typealias Edge = (function: Int, cost: Double)

    /// The shares of functions `0..<apart.count`, where `apart[f]` says whether f is a routine counted apart and
    /// `outgoing[f]` and `incoming[f]` are f's calls (recursion left out: no edge from a function to itself).
    ///
    /// A fixed point from 0, increasing, over the functions reachable from a routine counted apart, reached in as
    /// many passes as the call graph below the routines is deep (each pass in function order, so that every sum adds
    /// in the same order in every run).
    ///
    /// - Complexity: O((f + c) · d) for f functions, c calls and a depth d below the routines.
    static func inside(apart: [Bool], outgoing: [[Edge]], incoming: [[Edge]]) -> [Double] {
        var inside = apart.map { $0 ? 1.0 : 0.0 }
        var reachable: [Int] = []
        var seen = apart
        var frontier = apart.indices.filter { apart[$0] }
        while let function = frontier.popLast() {
            for call in outgoing[function] where !seen[call.function] {
                seen[call.function] = true
                reachable.append(call.function)
                frontier.append(call.function)
            }
        }
        reachable.sort()
        for _ in 0...reachable.count {
            var changed = false
            for callee in reachable {
                let total = incoming[callee].reduce(0) { $0 + $1.cost }
                guard total > 0 else { continue }
                let under = incoming[callee].reduce(0) { $0 + inside[$1.function] * $1.cost }
                let share = Swift.min(1, under / total)
                if abs(share - inside[callee]) > 1e-12 {
                    inside[callee] = share
                    changed = true
                }
            }
            if !changed { break }
        }
        return inside
    }

    /// `value` rounded to a whole number (never negative, never trapping).
    static func whole(_ value: Double) -> UInt64 {
        guard value.isFinite, value > 0 else { return 0 }
        return value >= 1.8e19 ? UInt64.max : UInt64(value.rounded())
    }
}
