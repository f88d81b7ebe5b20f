/// The instructions per function of many dumps of one kind of region (the frames of one scenario, say), added up as
/// the dumps are read: the instruction profile of that region before its names are demangled.
///
/// Memory stays bounded whatever the number of dumps: a region's figures grow only with the functions it runs, and
/// ``compact(keeping:)`` gives up the figures of all but the costliest ones (their names are kept in ``executed``,
/// their instructions stay in ``counted``), which the instruction pass does after each child's dumps.
public struct CallgrindProfileAccumulator: Hashable, Sendable {
    /// The dumps added.
    public private(set) var operations = 0
    /// Their instructions, counted as the instruction pass counts them (the routines counted apart left out).
    public private(set) var counted: UInt64 = 0
    /// The figures of each function kept, added over the dumps.
    public private(set) var functions: [String: CallgrindFunctionCosts.Function] = [:]
    /// The cost of each call between functions kept, added over the dumps.
    public private(set) var calls: [CallgrindFunctionCosts.Call: UInt64] = [:]
    /// Every function that ran outside routines counted apart in any dump, kept or not.
    public private(set) var executed: Set<String> = []

    /// An empty accumulator.
    public init() {}

    /// Adds one dump: its figures per function and its counted instructions.
    public mutating func add(_ costs: CallgrindFunctionCosts, counted: UInt64) {
        operations += 1
        self.counted &+= counted
        for (name, function) in costs.functions {
            executed.insert(name)
            if var known = functions[name] {
                known.selfCost &+= function.selfCost
                known.inclusive &+= function.inclusive
                functions[name] = known
            } else {
                functions[name] = function
            }
        }
        for (call, cost) in costs.calls { calls[call, default: 0] &+= cost }
    }

    /// The counted instructions that the functions kept do not account for themselves: those of the functions
    /// given up, and whatever the split around routines counted apart left over (see ``CallgrindFunctionCosts``).
    public var remainder: Int64 {
        let kept = functions.values.reduce(UInt64(0)) { $0 &+ $1.selfCost }
        return Int64(truncatingIfNeeded: counted &- kept)
    }

    /// Keeps the figures of the `limit` functions of largest self cost and of the `limit` of largest inclusive cost
    /// (ties broken by name, so the same dumps always keep the same functions), and the calls between them.
    ///
    /// - Complexity: O(f log f) for f functions.
    public mutating func compact(keeping limit: Int) {
        guard functions.count > limit else { return }
        let bySelf = functions.sorted { ($0.value.selfCost, $1.key) > ($1.value.selfCost, $0.key) }
        let byInclusive = functions.sorted { ($0.value.inclusive, $1.key) > ($1.value.inclusive, $0.key) }
        let kept = Set(bySelf.prefix(limit).map(\.key)).union(byInclusive.prefix(limit).map(\.key))
        functions = functions.filter { kept.contains($0.key) }
        calls = calls.filter { kept.contains($0.key.caller) && kept.contains($0.key.callee) }
    }
}
