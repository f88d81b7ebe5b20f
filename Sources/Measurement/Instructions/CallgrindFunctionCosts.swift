/// One dump's instructions per function, with the routines counted apart (``ApartRoutine``) taken out as the
/// instruction pass takes them out of its counts, so that the functions' own costs add up to the dump's
/// ``CallgrindOutput/countedInstructions``.
///
/// callgrind gives, per function, its self cost (the cost lines under its `fn=`) and, per call site, the call's
/// inclusive cost (the cost line after `calls=`). From them:
/// - A routine counted apart, and a function that runs only under one, is left out: its instructions are in the
///   apart figures. A function called both from under a routine counted apart and from elsewhere keeps the share of
///   its self cost that its calls from elsewhere brought in (callgrind does not tell the two apart; the share is
///   that of the calls' inclusive costs). In the gate suite no function is called both ways, so the split is exact
///   there.
/// - A call's cost is its inclusive cost less the instructions of routines counted apart below it (in the same
///   proportion as the callee's own calls into them).
/// - A function's inclusive cost is its self cost plus its calls' costs into other functions: its recursion levels
///   are one function (the parser merges `f'2` into `f`), and a call from one level into another is not added again.
///
/// Functions are named as callgrind names them: Swift's mangled names, C++ names demangled with their parameters, C
/// names as they are.
public struct CallgrindFunctionCosts: Hashable, Sendable {
    /// What one function cost.
    public struct Function: Hashable, Sendable {
        /// The object file the function is in (a path).
        public var object: String
        /// The instructions of the function itself.
        public var selfCost: UInt64
        /// The instructions of the function and of everything it called.
        public var inclusive: UInt64

        /// Creates a function's figures.
        public init(object: String, selfCost: UInt64, inclusive: UInt64) {
            self.object = object
            self.selfCost = selfCost
            self.inclusive = inclusive
        }
    }

    /// A caller and a callee.
    public struct Call: Hashable, Sendable {
        /// The calling function.
        public var caller: String
        /// The called function.
        public var callee: String

        /// Creates a pair.
        public init(caller: String, callee: String) {
            self.caller = caller
            self.callee = callee
        }
    }

    /// The functions that ran outside routines counted apart, by name.
    public var functions: [String: Function]
    /// The instructions of each caller's calls into each callee (inclusive), for callers and callees in
    /// ``functions``.
    public var calls: [Call: UInt64]

    /// Creates figures from their parts.
    public init(functions: [String: Function], calls: [Call: UInt64]) {
        self.functions = functions
        self.calls = calls
    }

    /// The sum of the functions' self costs.
    public var selfTotal: UInt64 {
        functions.values.reduce(0) { $0 &+ $1.selfCost }
    }

    /// Computes the counted figures from what the parser added up: raw self costs, raw call costs, each function's
    /// object and each routine counted apart's class.
    ///
    /// - Complexity: O((f + c) · d) for f functions, c calls and a call graph of depth d (usually small); cycles
    ///   through several functions are followed at most f times.
    init(selfCosts: [String: UInt64], calls rawCalls: [Call: ApartFigures], objects: [String: String],
         classes: [String: ApartRoutine]) {
        var names = Array(Set(selfCosts.keys).union(rawCalls.keys.flatMap { [$0.caller, $0.callee] }))
        names.sort()
        var index: [String: Int] = [:]
        for (position, name) in names.enumerated() { index[name] = position }
        let count = names.count
        let raw = names.map { Double(selfCosts[$0] ?? 0) }
        let apart = names.map { classes[$0] != nil }
        var outgoing = [[ApartShares.Edge]](repeating: [], count: count)
        var incoming = [[ApartShares.Edge]](repeating: [], count: count)
        // In name order, so that every sum below adds in the same order in every run (a dictionary's order is not
        // fixed), and so rounds the same way.
        for (call, figures) in rawCalls.sorted(by: { ($0.key.caller, $0.key.callee) < ($1.key.caller, $1.key.callee) }) {
            guard let from = index[call.caller], let to = index[call.callee], from != to else { continue }
            outgoing[from].append((to, Double(figures.instructions)))
            incoming[to].append((from, Double(figures.instructions)))
        }

        // The share of each function's activations that ran under a routine counted apart.
        let inside = ApartShares.inside(apart: apart, outgoing: outgoing, incoming: incoming)

        // The share of each function's raw inclusive cost spent in routines counted apart below it.
        var below = [Double?](repeating: nil, count: count)
        var visiting = [Bool](repeating: false, count: count)
        func apartShare(_ function: Int) -> Double {
            if let known = below[function] { return known }
            // A call back into a function being computed adds nothing more (a cycle).
            if visiting[function] { return 0 }
            visiting[function] = true
            var inclusive = raw[function], apartCost = 0.0
            for call in outgoing[function] {
                inclusive += call.cost
                apartCost += apart[call.function] ? call.cost : call.cost * apartShare(call.function)
            }
            visiting[function] = false
            let share = inclusive > 0 ? Swift.min(1, apartCost / inclusive) : 0
            below[function] = share
            return share
        }

        var functions: [String: Function] = [:]
        var calls: [Call: UInt64] = [:]
        for function in 0..<count where !apart[function] && inside[function] < 1 {
            let outside = 1 - inside[function]
            let selfCost = Self.whole(raw[function] * outside)
            var inclusive = selfCost
            for call in outgoing[function] where !apart[call.function] && inside[call.function] < 1 {
                let cost = Self.whole(call.cost * outside * (1 - apartShare(call.function)))
                guard cost > 0 else { continue }
                calls[Call(caller: names[function], callee: names[call.function])] = cost
                inclusive &+= cost
            }
            guard selfCost > 0 || inclusive > 0 else { continue }
            functions[names[function]] = Function(object: objects[names[function]] ?? "", selfCost: selfCost,
                                                  inclusive: inclusive)
        }
        self.init(functions: functions, calls: calls)
    }

    /// `value` rounded to a whole number of instructions (never negative, never trapping).
    private static func whole(_ value: Double) -> UInt64 { ApartShares.whole(value) }
}
