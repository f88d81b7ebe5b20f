/// The per-function instruction profiles of one run: a file of its own beside the results file
/// (`<results>.profile.json`), which the results document names (``ResultsDocument/profile``).
///
/// `run --instructions` and `gate --instructions` make it from the dumps the instruction pass already reads (no
/// second valgrind run): for each scenario and each kind of counted region, the instructions of the functions that
/// cost most, self and inclusive, added over the region's operations, and the rest as one remainder, so that the
/// functions' own instructions and the remainder add up to exactly the instructions the metric counts. The
/// routines counted apart (Swift's metadata lookups, libm's transcendental functions) are left out as the metric
/// leaves them out. results/README.md documents the file; Guides/Profiles.md says how to read it.
public struct InstructionProfile: Codable, Hashable, Sendable {
    /// The value of ``format``: what the file is.
    public static let formatName = "layoutbench instruction profile"
    /// The format version this build writes and reads.
    public static let currentFormatVersion = 1
    /// The functions kept per region by self cost: the top N.
    public static let defaultLimit = 30
    /// The functions kept per region by inclusive cost besides (the harness's and the layout's outer functions,
    /// which the flame graph draws).
    public static let inclusiveLimit = 15
    /// The calls kept per region (between functions kept), largest first: what the flame graph draws.
    public static let callLimit = 60

    /// Always ``formatName``.
    public var format: String
    /// The format version: ``currentFormatVersion`` for a file this build wrote.
    public var formatVersion: Int
    /// The run the profile belongs to, as its results document records it.
    public var run: ProfiledRun
    /// The counting tool: `callgrind 3.19.0`.
    public var tool: String
    /// How Swift names were made readable: `swift demangle --simplified`, or why they stay mangled.
    public var names: String
    /// What was folded into one function (see Guides/Profiles.md): `specializations`, `merged functions`,
    /// `recursion levels`.
    public var folded: [String]
    /// How many functions each region keeps by self cost (those of the ``inclusiveLimit`` largest inclusive costs
    /// are kept too): any function a region does not keep costs no more than the `limit`-th largest self cost.
    public var limit: Int
    /// Every function a region names, once: regions refer to them by position.
    public var functions: [ProfiledFunction]
    /// The scenarios, in the results document's order.
    public var scenarios: [ScenarioProfile]

    /// Creates a profile.
    public init(run: ProfiledRun, tool: String, names: String, folded: [String], limit: Int = defaultLimit,
                functions: [ProfiledFunction], scenarios: [ScenarioProfile]) {
        format = Self.formatName
        formatVersion = Self.currentFormatVersion
        self.run = run
        self.tool = tool
        self.names = names
        self.folded = folded
        self.limit = limit
        self.functions = functions
        self.scenarios = scenarios
    }

    /// The profile of `region` of scenario `id`, if there is one.
    public func region(_ region: ProfiledRegion, scenario id: String) -> RegionProfile? {
        scenarios.first { $0.id == id }?.regions.first { $0.kind == region }
    }
}

/// Which run a profile belongs to: the fields of its results document that tell one run from another. A profile is
/// read only beside a document that matches them.
public struct ProfiledRun: Codable, Hashable, Sendable {
    /// The document's `createdAt`.
    public var createdAt: String
    /// The document's git commit, if any.
    public var commit: String?
    /// The suite.
    public var suite: String
    /// The seed.
    public var seed: UInt64

    /// Creates the identity of a run.
    public init(createdAt: String, commit: String?, suite: String, seed: UInt64) {
        self.createdAt = createdAt
        self.commit = commit
        self.suite = suite
        self.seed = seed
    }

    /// The identity of `document`.
    public init(_ document: ResultsDocument) {
        self.init(createdAt: document.createdAt, commit: document.git?.commit, suite: document.suite,
                  seed: document.seed)
    }
}

/// A function as a profile names it.
public struct ProfiledFunction: Codable, Hashable, Sendable {
    /// The name it is shown and matched by across builds: Swift names demangled (simplified) and folded
    /// (``InstructionProfile/folded``), C and C++ names as callgrind wrote them. Unique within a profile.
    public var name: String
    /// One linkage name it stands for (the costliest), when that differs from ``name``; absent for functions
    /// that only ran in remainders.
    public var symbol: String?
    /// How many linkage names were folded into it, when more than one.
    public var symbols: Int?
    /// The object file it is in (`layoutbench`, `libswiftCore.so`); absent for functions that only ran in remainders.
    public var object: String?

    /// Creates a function.
    public init(name: String, symbol: String? = nil, symbols: Int? = nil, object: String? = nil) {
        self.name = name
        self.symbol = symbol
        self.symbols = symbols
        self.object = object
    }
}

/// The profiles of one scenario's regions.
public struct ScenarioProfile: Codable, Hashable, Sendable {
    /// The scenario's id.
    public var id: String
    /// One per kind of region counted.
    public var regions: [RegionProfile]

    /// Creates a scenario's profiles.
    public init(id: String, regions: [RegionProfile]) {
        self.id = id
        self.regions = regions
    }
}

/// The kinds of region the instruction pass counts, and the metric each one's profile explains.
public enum ProfiledRegion: String, Codable, Hashable, Sendable, CaseIterable {
    /// Scroll frames (`frame.instructions`), per frame.
    case frame
    /// Viewport queries (`query.instructions`), per query.
    case query
    /// The first `prepare()` of a fresh layout (`prepare.instructionsPerCell`), per cell.
    case prepare
    /// Update frames of a trace with batch updates (`update.instructions`), per update.
    case update
    /// Applies of an apply trace (`apply.instructions`): the diff, its staging and the batches, per apply.
    case apply

    /// The metric whose figure the region's profile adds up to.
    public var metric: MetricName {
        switch self {
        case .frame: .frameInstructions
        case .query: .queryInstructions
        case .prepare: .prepareInstructionsPerCell
        case .update: .updateInstructions
        case .apply: .applyInstructions
        }
    }

    /// What one operation is: `frame`, `query`, `cell`.
    public var operation: String {
        switch self {
        case .frame: "frame"
        case .query: "query"
        case .prepare: "cell"
        case .update: "update"
        case .apply: "apply"
        }
    }

    /// The region whose profile explains `metric`, or `nil` for a metric without one.
    public init?(metric: String) {
        guard let region = Self.allCases.first(where: { $0.metric.rawValue == metric }) else { return nil }
        self = region
    }
}

/// One kind of region of one scenario: its instructions, added over its operations, by function.
///
/// Every figure is a whole number of instructions over all the region's operations (frames, queries, or the cells
/// of the prepare); per operation it is divided by ``operations``, exactly as the metric divides. The kept
/// functions' self costs plus ``remainder`` equal ``total``, and ``total`` over ``operations`` is the metric's
/// figure (its mean).
public struct RegionProfile: Codable, Hashable, Sendable {
    /// The kind of region.
    public var kind: ProfiledRegion
    /// The operations the figures are over: frames, queries or cells.
    public var operations: UInt64
    /// The instructions the metric counts, over all operations.
    public var total: UInt64
    /// The instructions of the functions not kept (and whatever the split around routines counted apart left,
    /// which is none in the gate suite): ``total`` less the kept functions' self costs.
    public var remainder: Int64
    /// The functions kept: the costliest by self cost, and by inclusive cost.
    public var costs: [FunctionCost]
    /// The calls between kept functions, costliest first (at most ``InstructionProfile/callLimit``).
    public var calls: [CallCost]
    /// The other functions that ran in the region (their instructions are in ``remainder``), by position in
    /// ``InstructionProfile/functions``: so that a function missing from one build's ``costs`` can be told
    /// vanished from merely small.
    public var others: [Int]

    /// Creates a region's profile.
    public init(kind: ProfiledRegion, operations: UInt64, total: UInt64, remainder: Int64, costs: [FunctionCost],
                calls: [CallCost], others: [Int]) {
        self.kind = kind
        self.operations = operations
        self.total = total
        self.remainder = remainder
        self.costs = costs
        self.calls = calls
        self.others = others
    }

    /// `figure` per operation.
    public func perOperation(_ figure: Double) -> Double {
        operations == 0 ? 0 : figure / Double(operations)
    }

    /// The total per operation: the metric's figure.
    public var totalPerOperation: Double { perOperation(Double(total)) }
}

/// A kept function's instructions over a region's operations; written as `[function, self, inclusive]`.
public struct FunctionCost: Hashable, Sendable {
    /// The function's position in ``InstructionProfile/functions``.
    public var function: Int
    /// Its own instructions.
    public var selfCost: UInt64
    /// Its instructions and those of everything it called (the routines counted apart left out).
    public var inclusive: UInt64

    /// Creates a cost.
    public init(function: Int, selfCost: UInt64, inclusive: UInt64) {
        self.function = function
        self.selfCost = selfCost
        self.inclusive = inclusive
    }
}

/// The instructions of one function's calls into another over a region's operations (inclusive); written as
/// `[caller, callee, cost]`.
public struct CallCost: Hashable, Sendable {
    /// The caller's position in ``InstructionProfile/functions``.
    public var caller: Int
    /// The callee's position.
    public var callee: Int
    /// The calls' instructions.
    public var cost: UInt64

    /// Creates a call's cost.
    public init(caller: Int, callee: Int, cost: UInt64) {
        self.caller = caller
        self.callee = callee
        self.cost = cost
    }
}

extension FunctionCost: Codable {
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        function = try container.decode(Int.self)
        selfCost = try container.decode(UInt64.self)
        inclusive = try container.decode(UInt64.self)
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "more than 3 numbers")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(function)
        try container.encode(selfCost)
        try container.encode(inclusive)
    }
}

extension CallCost: Codable {
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        caller = try container.decode(Int.self)
        callee = try container.decode(Int.self)
        cost = try container.decode(UInt64.self)
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "more than 3 numbers")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(caller)
        try container.encode(callee)
        try container.encode(cost)
    }
}
