/// The body of a callgrind dump, read line by line: which function the cost lines belong to, which calls it makes,
/// and the call graph from which the calls into routines counted apart (``ApartRoutine``) are added up.
///
/// Names are compressed (callgrind's `--compress-strings=yes`, the default): `fn=(12) name` defines id 12 and
/// `fn=(12)` refers to it; functions share ids between `fn=` and `cfn=`, objects between `ob=` and `cob=`. A `cob=`
/// before a call names the callee's object when it differs from the caller's (callgrind's `fprint_jcc`). A
/// `calls=COUNT TARGET` line is followed by the call's cost line, whose figures are inclusive. `jump=` and `jcnd=`
/// (with `--collect-jumps`) are followed by a position line without costs.
///
/// With ``recordsFunctions``, it also adds up each function's own cost lines (its self cost) and each call's cost
/// by caller and callee (``CallgrindOutput/functions``, built from them by ``CallgrindFunctionCosts``). A function's
/// recursion levels (`fn'2`, callgrind's `--separate-recs`) are one function there.
struct _CallgrindBody {
    /// What ``consume(_:lineNumber:events:)`` did with a line.
    enum Outcome {
        /// The line was a body line.
        case consumed
        /// The line is for the header parser (or unknown).
        case header
    }

    /// The number of position columns before the costs (`positions: line` is 1, `positions: instr line` 2).
    var positionColumns = 1
    /// The calls into each class of routine counted apart and the instructions they executed, from the outermost
    /// activations only: a call made under another routine counted apart, directly or through functions that run
    /// only under one (a metadata lookup by a metadata completion function that a lookup ran), is inside that
    /// routine's cost already. A function called from both sides splits its calls by ``ApartShares``.
    ///
    /// - Complexity: O((f + c) · d) over the dump's call graph (f functions, c calls, d deep below the routines);
    ///   computed on each read.
    var apart: [ApartRoutine: ApartFigures] {
        let count = nodeClasses.count
        var outgoing = [[ApartShares.Edge]](repeating: [], count: count)
        var incoming = [[ApartShares.Edge]](repeating: [], count: count)
        // In caller and callee order, so that the sums add in the same order in every run.
        let edges = graph.sorted { ($0.key.caller, $0.key.callee) < ($1.key.caller, $1.key.callee) }
        for (edge, figures) in edges {
            outgoing[edge.caller].append((edge.callee, Double(figures.instructions)))
            incoming[edge.callee].append((edge.caller, Double(figures.instructions)))
        }
        let inside = ApartShares.inside(apart: nodeClasses.map { $0 != nil }, outgoing: outgoing, incoming: incoming)
        var calls: [ApartRoutine: Double] = [:], instructions: [ApartRoutine: Double] = [:]
        for (edge, figures) in edges {
            guard let routine = nodeClasses[edge.callee], nodeClasses[edge.caller] == nil else { continue }
            let outside = 1 - inside[edge.caller]
            calls[routine, default: 0] += Double(figures.calls) * outside
            instructions[routine, default: 0] += Double(figures.instructions) * outside
        }
        var result: [ApartRoutine: ApartFigures] = [:]
        for (routine, total) in instructions {
            result[routine] = ApartFigures(calls: ApartShares.whole(calls[routine] ?? 0),
                                           instructions: ApartShares.whole(total))
        }
        return result
    }
    /// Whether to add up self costs and call costs per function (off: the figures need only ``apart``).
    var recordsFunctions = false
    /// With ``recordsFunctions``: each function's self cost (`Ir`), by name without its recursion level.
    private(set) var selfCosts: [String: UInt64] = [:]
    /// With ``recordsFunctions``: each caller's calls into each callee, and their inclusive cost (`Ir`).
    private(set) var callCosts: [CallgrindFunctionCosts.Call: ApartFigures] = [:]
    /// With ``recordsFunctions``: the object file (path) of each function, as first named.
    private(set) var objectOf: [String: String] = [:]
    /// With ``recordsFunctions``: the class of routines counted apart of each function, `nil` for the others.
    private(set) var classOf: [String: ApartRoutine] = [:]

    /// The call graph, for ``apart``: a node per function (its recursion levels one node), its class, and each
    /// caller's calls into each other callee with their inclusive cost.
    private var graph: [GraphEdge: ApartFigures] = [:]
    private var nodeClasses: [ApartRoutine?] = []
    /// The node of each name as callgrind writes it (recursion level included), and of each name without it.
    private var nodeOfName: [Substring: Int] = [:]
    private var nodeOfFunction: [String: Int] = [:]
    private var callerNode = -1

    /// An edge of the call graph, between nodes.
    struct GraphEdge: Hashable {
        var caller: Int
        var callee: Int
    }

    private var objects: [Substring: Substring] = [:]
    private var functions: [Substring: Substring] = [:]
    private var classes: [String: ApartRoutine?] = [:]
    private var object: Substring = ""
    private var callerClass: ApartRoutine?
    private var calleeObject: Substring?
    private var callee: Substring?
    /// With ``recordsFunctions``: the current function's name without its recursion level.
    private var caller = ""
    private var pendingCall: (calls: UInt64, routine: ApartRoutine?)?
    private var skipNextLine = false

    /// Reads one line of the file.
    mutating func consume(_ line: Substring, lineNumber: Int, events: [String]?) throws(CallgrindOutputError)
        -> Outcome
    {
        if skipNextLine {
            skipNextLine = false
            return .consumed
        }
        guard let first = line.first else { return .header }
        if first.isNumber || first == "+" || first == "-" || first == "*" {
            guard let call = pendingCall else {
                if recordsFunctions {
                    selfCosts[caller, default: 0] &+= try instructions(of: line, lineNumber: lineNumber, events: events)
                }
                return .consumed
            }
            pendingCall = nil
            defer {
                callee = nil
                calleeObject = nil
            }
            if recordsFunctions, let callee {
                let name = Self.withoutRecursionLevel(callee)
                let cost = try instructions(of: line, lineNumber: lineNumber, events: events)
                note(name, object: calleeObject ?? object, class: call.routine)
                if name != caller {
                    let key = CallgrindFunctionCosts.Call(caller: caller, callee: name)
                    callCosts[key, default: ApartFigures()].calls &+= call.calls
                    callCosts[key, default: ApartFigures()].instructions &+= cost
                }
            }
            guard let callee else { return .consumed }
            let node = node(of: callee, class: call.routine)
            guard callerNode >= 0, node != callerNode else { return .consumed }
            let inclusive = try instructions(of: line, lineNumber: lineNumber, events: events)
            graph[GraphEdge(caller: callerNode, callee: node), default: ApartFigures()].calls &+= call.calls
            graph[GraphEdge(caller: callerNode, callee: node), default: ApartFigures()].instructions &+= inclusive
            return .consumed
        }
        guard let equals = line.firstIndex(of: "="),
              line[..<equals].allSatisfy({ $0.isLetter })
        else { return .header }
        let key = line[..<equals]
        let value = line[line.index(after: equals)...]
        switch key {
        case "ob":
            object = try resolve(value, in: &objects, line: line, lineNumber: lineNumber)
        case "fn":
            let name = try resolve(value, in: &functions, line: line, lineNumber: lineNumber)
            callerClass = classify(name, object: object)
            callerNode = node(of: name, class: callerClass)
            if recordsFunctions {
                caller = Self.withoutRecursionLevel(name)
                note(caller, object: object, class: callerClass)
            }
        case "cob":
            calleeObject = try resolve(value, in: &objects, line: line, lineNumber: lineNumber)
        case "cfn":
            callee = try resolve(value, in: &functions, line: line, lineNumber: lineNumber)
        case "calls":
            let count = value.prefix { $0.isNumber }
            guard let calls = UInt64(count), let callee else {
                throw .malformedLine(line: lineNumber, text: String(line),
                                     reason: callee == nil ? "a call without a cfn= line before it"
                                                           : "the call count is not a number")
            }
            pendingCall = (calls, classify(callee, object: calleeObject ?? object))
        case "jump", "jcnd":
            skipNextLine = true
        default:
            break  // fl=, fi=, fe=, cfi=, cfl=, jfi=, jfn=: files and jump targets
        }
        return .consumed
    }

    /// The name a compressed (`(12) name`, `(12)`) or plain (`name`) value stands for, remembering definitions.
    private func resolve(_ value: Substring, in table: inout [Substring: Substring], line: Substring,
                         lineNumber: Int) throws(CallgrindOutputError) -> Substring
    {
        guard value.first == "(" else { return value }
        guard let close = value.firstIndex(of: ")") else {
            throw .malformedLine(line: lineNumber, text: String(line), reason: "a name id without ')'")
        }
        let id = value[value.index(after: value.startIndex)..<close]
        var name = value[value.index(after: close)...]
        if name.first == " " { name = name.dropFirst() }
        if name.isEmpty {
            guard let known = table[id] else {
                throw .malformedLine(line: lineNumber, text: String(line), reason: "name id (\(id)) is not defined")
            }
            return known
        }
        table[id] = name
        return name
    }

    /// The call graph's node of the function callgrind names `name` (its recursion levels are one node), created the
    /// first time; a node is a routine counted apart when any object's function of that name is one.
    private mutating func node(of name: Substring, class routine: ApartRoutine?) -> Int {
        let node: Int
        if let known = nodeOfName[name] {
            node = known
        } else {
            let function = Self.withoutRecursionLevel(name)
            if let known = nodeOfFunction[function] {
                node = known
            } else {
                node = nodeClasses.count
                nodeClasses.append(routine)
                nodeOfFunction[function] = node
            }
            nodeOfName[name] = node
        }
        if nodeClasses[node] == nil, let routine { nodeClasses[node] = routine }
        return node
    }

    /// Remembers `name`'s object and class, the first time it is named.
    private mutating func note(_ name: String, object: Substring, class routine: ApartRoutine?) {
        guard objectOf[name] == nil else { return }
        objectOf[name] = String(object)
        if let routine { classOf[name] = routine }
    }

    /// `name` without callgrind's recursion level (`f'2` is `f` two calls deep in itself).
    static func withoutRecursionLevel(_ name: Substring) -> String {
        guard let quote = name.lastIndex(of: "'") else { return String(name) }
        let level = name[name.index(after: quote)...]
        guard !level.isEmpty, level.allSatisfy(\.isASCII), level.allSatisfy(\.isNumber) else { return String(name) }
        return String(name[..<quote])
    }

    /// `function`'s class, remembered per function and object.
    private mutating func classify(_ function: Substring, object: Substring) -> ApartRoutine? {
        let key = "\(object)\u{0}\(function)"
        if let known = classes[key] { return known }
        let routine = ApartRoutine.classify(function: String(function), object: String(object))
        classes[key] = routine
        return routine
    }

    /// The `Ir` figure of a cost line: the column after the positions, in the order of the events (0 when left
    /// out, as callgrind leaves trailing zeros out).
    private func instructions(of line: Substring, lineNumber: Int, events: [String]?)
        throws(CallgrindOutputError) -> UInt64
    {
        guard let index = events?.firstIndex(of: "Ir") else { return 0 }
        let fields = line.split(separator: " ")
        let column = positionColumns + index
        guard column < fields.count else { return 0 }
        guard let figure = UInt64(fields[column]) else {
            throw .malformedLine(line: lineNumber, text: String(line),
                                 reason: "'\(fields[column])' is not a non-negative integer")
        }
        return figure
    }
}
