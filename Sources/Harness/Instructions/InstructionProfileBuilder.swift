import Measurement
import Results

/// Builds a run's instruction profiles (``Results/InstructionProfile``) from the dumps of its instruction pass, as
/// ``Measurement/CallgrindLauncher`` reads them: a ``Measurement/CallgrindFunctionSink``.
///
/// Each dump's functions are added to its scenario's region (``InstructionPass/Label``) as it is read, and after each
/// child (one scenario) every region keeps only its ``rawLimit`` costliest functions, so memory stays bounded by the
/// number of scenarios whatever the number of dumps. ``profile(run:tool:order:cells:demangler:limit:)`` then
/// demangles every name in one call of `swift demangle --simplified`, folds what ``Measurement/FunctionFolding``
/// folds, and keeps each region's top functions and calls.
package final class InstructionProfileBuilder: CallgrindFunctionSink {
    /// The functions each region keeps, by self cost and by inclusive cost, between children: several times the
    /// profile's limit, since folding merges some and the top is taken after folding.
    package static let rawLimit = 4 * InstructionProfile.defaultLimit

    /// A scenario's region.
    struct Key: Hashable {
        var subject: String
        var region: InstructionPass.Region
    }

    private var regions: [Key: CallgrindProfileAccumulator] = [:]
    private var touched: Set<Key> = []

    /// An empty builder.
    package init() {}

    /// Adds one dump of the pass; dumps that are not a region of the pass (the environment note, the dump at exit)
    /// are ignored.
    package func add(_ dump: CallgrindOutput) {
        guard let text = dump.label, let label = InstructionPass.Label(text), let costs = dump.functions else { return }
        let key = Key(subject: label.subject, region: label.region)
        regions[key, default: CallgrindProfileAccumulator()].add(costs, counted: dump.countedInstructions ?? 0)
        touched.insert(key)
    }

    /// Keeps the costliest functions of the regions the child's dumps added to.
    package func childFinished() {
        for key in touched { regions[key]?.compact(keeping: Self.rawLimit) }
        touched = []
    }

    /// The profile of the dumps added so far, and a note when names could not be demangled.
    ///
    /// - Parameters:
    ///   - run: the results document's identity.
    ///   - tool: the counting tool (`callgrind 3.19.0`).
    ///   - order: the scenario ids in the document's order; scenarios without dumps are left out.
    ///   - cells: each scenario's cells, which a prepare's figures are per (as `prepare.instructionsPerCell` is).
    ///   - demangler: how Swift names are made readable.
    ///   - limit: the functions each region keeps by self cost (and as many by inclusive cost).
    package func profile(run: ProfiledRun, tool: String, order: [String], cells: [String: UInt64],
                        demangler: SwiftDemangler, limit: Int = InstructionProfile.defaultLimit)
        -> (profile: InstructionProfile, note: String?)
    {
        for key in touched { regions[key]?.compact(keeping: Self.rawLimit) }
        touched = []
        var raw: Set<String> = []
        for accumulator in regions.values {
            raw.formUnion(accumulator.functions.keys)
            raw.formUnion(accumulator.executed)
        }
        var note: String?
        var demangled: [String: String] = [:]
        var names = SwiftDemangler.method
        do {
            demangled = try demangler.demangle(raw)
        } catch {
            note = error.description
            names = "mangled: \(error.description)"
        }
        func display(_ name: String) -> String { FunctionFolding.fold(demangled[name] ?? name) }
        var members: [String: Set<String>] = [:]
        for name in raw { members[display(name), default: []].insert(name) }

        // Each region's groups of folded names, and the calls between them.
        struct Group { var selfCost: UInt64 = 0; var inclusive: UInt64 = 0; var symbol = ""; var symbolSelf: UInt64 = 0
                       var object = "" }
        struct Folded { var groups: [String: Group]; var calls: [String: [String: UInt64]]; var executed: Set<String>
                        var counted: UInt64; var operations: UInt64 }
        var folded: [Key: Folded] = [:]
        for (key, accumulator) in regions {
            var groups: [String: Group] = [:]
            for (name, function) in accumulator.functions.sorted(by: { $0.key < $1.key }) {
                var group = groups[display(name)] ?? Group()
                group.selfCost &+= function.selfCost
                group.inclusive &+= function.inclusive
                if group.symbol.isEmpty || function.selfCost > group.symbolSelf {
                    group.symbol = name
                    group.symbolSelf = function.selfCost
                    group.object = function.object
                }
                groups[display(name)] = group
            }
            var calls: [String: [String: UInt64]] = [:]
            for (call, cost) in accumulator.calls {
                let caller = display(call.caller), callee = display(call.callee)
                if caller == callee {
                    // A call between two copies of one function is inside the folded function's inclusive cost once.
                    if var group = groups[caller] {
                        group.inclusive = group.inclusive >= cost ? group.inclusive - cost : group.selfCost
                        groups[caller] = group
                    }
                    continue
                }
                calls[caller, default: [:]][callee, default: 0] &+= cost
            }
            let operations = key.region == .prepare ? Swift.max(1, cells[key.subject] ?? 1)
                : UInt64(Swift.max(1, accumulator.operations))
            folded[key] = Folded(groups: groups, calls: calls, executed: Set(accumulator.executed.map(display)),
                                 counted: accumulator.counted, operations: operations)
        }

        // The top of each region, then the table of every name a region refers to.
        struct Top { var kept: [String]; var calls: [(String, String, UInt64)]; var others: [String] }
        var tops: [Key: Top] = [:]
        var tableNames: Set<String> = []
        var keptNames: Set<String> = []
        for (key, region) in folded {
            let bySelf = region.groups.filter { $0.value.selfCost > 0 }
                .sorted { ($0.value.selfCost, $1.key) > ($1.value.selfCost, $0.key) }.prefix(limit).map(\.key)
            let byInclusive = region.groups.filter { $0.value.inclusive > 0 }
                .sorted { ($0.value.inclusive, $1.key) > ($1.value.inclusive, $0.key) }
                .prefix(InstructionProfile.inclusiveLimit).map(\.key)
            let kept = Set(bySelf).union(byInclusive)
            var calls: [(String, String, UInt64)] = []
            for (caller, callees) in region.calls where kept.contains(caller) {
                for (callee, cost) in callees where kept.contains(callee) && cost > 0 { calls.append((caller, callee, cost)) }
            }
            calls.sort { ($0.2, $1.0, $1.1) > ($1.2, $0.0, $0.1) }
            let others = region.executed.subtracting(kept)
            tops[key] = Top(kept: kept.sorted(), calls: Array(calls.prefix(InstructionProfile.callLimit)),
                            others: others.sorted())
            tableNames.formUnion(kept)
            tableNames.formUnion(others)
            keptNames.formUnion(kept)
        }
        let table = tableNames.sorted()
        var position: [String: Int] = [:]
        for (index, name) in table.enumerated() { position[name] = index }
        // The costliest symbol and object of each kept name, over the regions.
        var symbols: [String: (symbol: String, selfCost: UInt64, object: String)] = [:]
        for region in folded.values {
            for (name, group) in region.groups where keptNames.contains(name) {
                if let known = symbols[name], (known.selfCost, group.symbol) >= (group.symbolSelf, known.symbol) {
                    continue
                }
                symbols[name] = (group.symbol, group.symbolSelf, group.object)
            }
        }
        let functions = table.map { name -> ProfiledFunction in
            let count = members[name]?.count ?? 1
            guard let known = symbols[name] else { return ProfiledFunction(name: name, symbols: count > 1 ? count : nil) }
            let object = known.object.split(separator: "/").last.map(String.init)
            return ProfiledFunction(name: name, symbol: known.symbol == name ? nil : known.symbol,
                                    symbols: count > 1 ? count : nil, object: object)
        }

        var scenarios: [ScenarioProfile] = []
        for id in order {
            var profiles: [RegionProfile] = []
            for region in InstructionPass.Region.allCases {
                let key = Key(subject: id, region: region)
                guard let data = folded[key], let top = tops[key], let kind = ProfiledRegion(rawValue: region.rawValue)
                else { continue }
                let costs = top.kept.compactMap { name -> FunctionCost? in
                    guard let index = position[name], let group = data.groups[name] else { return nil }
                    return FunctionCost(function: index, selfCost: group.selfCost,
                                        inclusive: Swift.max(group.inclusive, group.selfCost))
                }
                let keptSelf = costs.reduce(UInt64(0)) { $0 &+ $1.selfCost }
                let remainder = Int64(truncatingIfNeeded: data.counted &- keptSelf)
                profiles.append(RegionProfile(
                    kind: kind, operations: data.operations, total: data.counted, remainder: remainder, costs: costs,
                    calls: top.calls.compactMap { caller, callee, cost in
                        guard let from = position[caller], let to = position[callee] else { return nil }
                        return CallCost(caller: from, callee: to, cost: cost)
                    },
                    others: top.others.compactMap { position[$0] }))
            }
            if !profiles.isEmpty { scenarios.append(ScenarioProfile(id: id, regions: profiles)) }
        }
        let profile = InstructionProfile(run: run, tool: tool, names: names, folded: FunctionFolding.folded,
                                         limit: limit, functions: functions, scenarios: scenarios)
        return (profile, note)
    }
}
