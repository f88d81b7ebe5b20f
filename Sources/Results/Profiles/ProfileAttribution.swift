/// One function's part in a change of a region's instructions per operation, between two builds: what the gate's
/// verdict file, `ab --format json`, `compare` and `bisect` list under a check that moved.
public struct FunctionAttribution: Codable, Hashable, Sendable {
    /// What kind of entry this is, when not a function that ran in both builds.
    public enum Kind: String, Codable, Hashable, Sendable {
        /// The function did not run in the baseline's region.
        case new
        /// The function did not run in the current run's region.
        case vanished
        /// The functions each profile's top did not keep, together (``RegionProfile/remainder``); a function kept
        /// in one build and merely small in the other is among them, so that every Δ listed is exact.
        case others
    }

    /// The function's name (demangled and folded, as the profiles name it), or `(other functions)`.
    public var function: String
    /// The change of its own instructions per operation, current less baseline.
    public var selfDelta: Double
    /// The change of its inclusive instructions per operation (for ``Kind/others``, its self change).
    public var inclusiveDelta: Double
    /// ``selfDelta`` over the region's whole change per operation (the change of the metric's mean, which the
    /// profiles' totals equal); `nil` when that change is 0.
    public var share: Double?
    /// `new`, `vanished` or `others`; absent for a function that ran in both builds.
    public var kind: Kind?

    /// Creates an entry.
    public init(function: String, selfDelta: Double, inclusiveDelta: Double, share: Double?, kind: Kind? = nil) {
        self.function = function
        self.selfDelta = selfDelta
        self.inclusiveDelta = inclusiveDelta
        self.share = share
        self.kind = kind
    }

    /// The name of the entry of the functions no top kept.
    public static let othersName = "(other functions)"
}

/// The change of one region's instructions per operation between two profiles, function by function.
///
/// Functions are matched by name (``ProfiledFunction/name``: Swift names demangled and folded, so a function keeps
/// its name across builds even when the compiler specialises it for other types). A function kept in both profiles
/// gets its exact Δ; one that ran in one build only is `new` or `vanished`; one kept in one profile but in the other's
/// remainder is counted with the remainders, as ``FunctionAttribution/Kind/others``. The Δs of all entries add up to
/// ``totalDelta``, which is the change of the metric's mean.
public struct RegionAttribution: Hashable, Sendable {
    /// The region.
    public var region: ProfiledRegion
    /// The baseline's instructions per operation (the metric's mean).
    public var baselineTotal: Double
    /// The current run's instructions per operation.
    public var currentTotal: Double
    /// Every function whose self or inclusive cost per operation changed, largest self change first (by size),
    /// then by name.
    public var functions: [FunctionAttribution]
    /// The change of the functions no top kept, when not 0.
    public var others: FunctionAttribution?
    /// Why the two profiles' names may not match (one demangled, one not), or `nil`.
    public var namingNote: String?

    /// The change per operation, current less baseline.
    public var totalDelta: Double { currentTotal - baselineTotal }

    /// The `limit` largest changes, then the other functions' change when not 0: the list the gate and `ab` give.
    public func top(_ limit: Int = 10) -> [FunctionAttribution] {
        Array(functions.prefix(limit)) + (others.map { [$0] } ?? [])
    }

    /// Whether no function's figure changed: the two profiles are equal in this region, function by function.
    public var isUnchanged: Bool { functions.isEmpty && others == nil }

    /// The attribution of `region` of scenario `id` between two profiles, or `nil` when either lacks it.
    public init?(baseline: InstructionProfile, current: InstructionProfile, scenario id: String,
                 region: ProfiledRegion) {
        guard let before = baseline.region(region, scenario: id), let after = current.region(region, scenario: id)
        else { return nil }
        self.init(baseline: (baseline, before), current: (current, after))
    }

    /// The attribution between two regions' profiles, each with the profile whose function table it refers to.
    public init(baseline: (profile: InstructionProfile, region: RegionProfile),
                current: (profile: InstructionProfile, region: RegionProfile)) {
        struct Figures { var selfCost: UInt64; var inclusive: UInt64 }
        func kept(_ side: (profile: InstructionProfile, region: RegionProfile)) -> [String: Figures] {
            var result: [String: Figures] = [:]
            for cost in side.region.costs where side.profile.functions.indices.contains(cost.function) {
                result[side.profile.functions[cost.function].name] = Figures(selfCost: cost.selfCost,
                                                                             inclusive: cost.inclusive)
            }
            return result
        }
        func ran(_ side: (profile: InstructionProfile, region: RegionProfile)) -> Set<String> {
            Set(side.region.others.compactMap { side.profile.functions.indices.contains($0)
                ? side.profile.functions[$0].name : nil })
        }
        let before = kept(baseline), after = kept(current)
        let ranBefore = ran(baseline), ranAfter = ran(current)
        let b = baseline.region, c = current.region
        // The remainders, with the functions kept on one side only and small on the other added to them.
        var remainderBefore = Double(b.remainder), remainderAfter = Double(c.remainder)
        var entries: [FunctionAttribution] = []
        let totalDelta = c.totalPerOperation - b.totalPerOperation
        func share(_ delta: Double) -> Double? { totalDelta == 0 ? nil : delta / totalDelta }
        for name in Set(before.keys).union(after.keys) {
            switch (before[name], after[name]) {
            case let (old?, new?):
                let selfDelta = c.perOperation(Double(new.selfCost)) - b.perOperation(Double(old.selfCost))
                let inclusiveDelta = c.perOperation(Double(new.inclusive)) - b.perOperation(Double(old.inclusive))
                guard selfDelta != 0 || inclusiveDelta != 0 else { continue }
                entries.append(FunctionAttribution(function: name, selfDelta: selfDelta,
                                                   inclusiveDelta: inclusiveDelta, share: share(selfDelta)))
            case let (nil, new?) where ranBefore.contains(name):
                remainderAfter += Double(new.selfCost)
            case let (nil, new?):
                let selfDelta = c.perOperation(Double(new.selfCost))
                entries.append(FunctionAttribution(function: name, selfDelta: selfDelta,
                                                   inclusiveDelta: c.perOperation(Double(new.inclusive)),
                                                   share: share(selfDelta), kind: .new))
            case let (old?, nil) where ranAfter.contains(name):
                remainderBefore += Double(old.selfCost)
            case let (old?, nil):
                let selfDelta = -b.perOperation(Double(old.selfCost))
                entries.append(FunctionAttribution(function: name, selfDelta: selfDelta,
                                                   inclusiveDelta: -b.perOperation(Double(old.inclusive)),
                                                   share: share(selfDelta), kind: .vanished))
            case (nil, nil):
                continue
            }
        }
        entries.sort { (abs($0.selfDelta), abs($0.inclusiveDelta), $1.function)
            > (abs($1.selfDelta), abs($1.inclusiveDelta), $0.function) }
        let othersDelta = c.perOperation(remainderAfter) - b.perOperation(remainderBefore)
        region = c.kind
        baselineTotal = b.totalPerOperation
        currentTotal = c.totalPerOperation
        functions = entries
        others = othersDelta == 0 ? nil
            : FunctionAttribution(function: FunctionAttribution.othersName, selfDelta: othersDelta,
                                  inclusiveDelta: othersDelta, share: share(othersDelta), kind: .others)
        namingNote = baseline.profile.names == current.profile.names ? nil
            : "the profiles name functions differently (baseline: \(baseline.profile.names); current: "
                + "\(current.profile.names)), so some may not match"
    }
}
