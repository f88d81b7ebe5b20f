import Results

/// Two hand-made instruction profiles of one query region, ten queries each, as two builds would give them.
///
/// Build A: the harness's root calls the query, which calls the window test, an append and an old helper; `small()`
/// and `tiny()` ran but were not kept (remainder 400). Build B: the old helper is gone, an injected function is new,
/// the query costs 50 more of its own, `small()` grew into the kept functions and `tiny()` stayed small; B lists its
/// functions in another order, and names the append by another (specialised) symbol. Per query, A costs 1000 and B
/// 1060: +100 injected, -50 helper, +5 query, +5 small (with the remainders), 0 the rest.
enum ProfileFixtures {
    static let scenario = "300x300/uniform/sticky1x1/compact/phone/fling@60/row-buckets/context"

    static func run(_ createdAt: String = "2026-11-28T10:00:00Z") -> ProfiledRun {
        ProfiledRun(createdAt: createdAt, commit: "0123456789abcdef0123456789abcdef01234567", suite: "gate", seed: 1)
    }

    static let baseline = InstructionProfile(
        run: run(), tool: "callgrind 3.19.0", names: "swift demangle --simplified", folded: ["specializations"],
        limit: 5,
        functions: [
            ProfiledFunction(name: "Array.append(_:)", symbol: "$sSa6appendyyxnF", object: "layoutbench"),
            ProfiledFunction(name: "RowBucketQuery.query(_:in:)", symbol: "$s9RectIndex5queryA", object: "layoutbench"),
            ProfiledFunction(name: "_QueryWindow.hits(_:)", symbol: "$s9RectIndex4hitsA", object: "layoutbench"),
            ProfiledFunction(name: "countScenario(_:)", symbol: "$s7Harness5countA", object: "layoutbench"),
            ProfiledFunction(name: "oldHelper()", symbol: "$s9RectIndex9oldHelperA", object: "layoutbench"),
            ProfiledFunction(name: "small()"),
            ProfiledFunction(name: "tiny()"),
        ],
        scenarios: [ScenarioProfile(id: scenario, regions: [
            RegionProfile(kind: .query, operations: 10, total: 10_000, remainder: 400,
                          costs: [FunctionCost(function: 3, selfCost: 100, inclusive: 10_000),
                                  FunctionCost(function: 1, selfCost: 3000, inclusive: 9900),
                                  FunctionCost(function: 2, selfCost: 4000, inclusive: 4000),
                                  FunctionCost(function: 0, selfCost: 2000, inclusive: 2000),
                                  FunctionCost(function: 4, selfCost: 500, inclusive: 500)],
                          calls: [CallCost(caller: 3, callee: 1, cost: 9900), CallCost(caller: 1, callee: 2, cost: 4000),
                                  CallCost(caller: 1, callee: 0, cost: 2000), CallCost(caller: 1, callee: 4, cost: 500)],
                          others: [5, 6]),
        ])])

    static let current = InstructionProfile(
        run: run("2026-11-28T11:00:00Z"), tool: "callgrind 3.19.0", names: "swift demangle --simplified",
        folded: ["specializations"], limit: 6,
        functions: [
            ProfiledFunction(name: "_selfTestInjectedCost()", symbol: "$s9RectIndex21_selfTestInjectedCostyyF",
                             object: "layoutbench"),
            ProfiledFunction(name: "_QueryWindow.hits(_:)", symbol: "$s9RectIndex4hitsA", object: "layoutbench"),
            ProfiledFunction(name: "RowBucketQuery.query(_:in:)", symbol: "$s9RectIndex5queryA", object: "layoutbench"),
            ProfiledFunction(name: "Array.append(_:)", symbol: "$sSa6appendyyxnF9RectIndex4CellV_Tg5", symbols: 2,
                             object: "layoutbench"),
            ProfiledFunction(name: "countScenario(_:)", symbol: "$s7Harness5countA", object: "layoutbench"),
            ProfiledFunction(name: "small()", symbol: "$s9RectIndex5smallA", object: "layoutbench"),
            ProfiledFunction(name: "tiny()"),
        ],
        scenarios: [ScenarioProfile(id: scenario, regions: [
            RegionProfile(kind: .query, operations: 10, total: 10_600, remainder: 100,
                          costs: [FunctionCost(function: 4, selfCost: 100, inclusive: 10_600),
                                  FunctionCost(function: 2, selfCost: 3050, inclusive: 10_500),
                                  FunctionCost(function: 1, selfCost: 4000, inclusive: 4000),
                                  FunctionCost(function: 3, selfCost: 2000, inclusive: 2000),
                                  FunctionCost(function: 0, selfCost: 1000, inclusive: 1000),
                                  FunctionCost(function: 5, selfCost: 350, inclusive: 350)],
                          calls: [CallCost(caller: 4, callee: 2, cost: 10_500), CallCost(caller: 2, callee: 1, cost: 4000),
                                  CallCost(caller: 2, callee: 3, cost: 2000), CallCost(caller: 2, callee: 0, cost: 1000),
                                  CallCost(caller: 2, callee: 5, cost: 350)],
                          others: [6]),
        ])])
}
