import Testing

@testable import Measurement

/// A dump's instructions per function: self costs from cost lines, inclusive costs from calls, and the routines
/// counted apart taken out exactly as the counted total takes them out.
@Suite("Callgrind costs per function")
struct CallgrindFunctionCostsTests {
    static let core = "/opt/swift/usr/lib/swift/linux/libswiftCore.so"
    static let libm = "/usr/lib/x86_64-linux-gnu/libm.so.6"
    static let program = "/tmp/layoutbench-callgrind-1/layoutbench"

    /// A region of 1000 instructions: the harness's root calls the layout, which grows an array (whose metadata
    /// lookup, counted apart, runs a hash lookup of the runtime's), calls pow twice (counted apart) and a helper.
    /// Self costs: main 10, layout 300, append 100, lookup 50, find 350, pow 150, helper 40 (1000 in all).
    static let region = """
        events: Ir
        desc: Trigger: Client Request: layoutbench query 0 s
        ob=(1) \(program)
        fn=(1) main
        0 10
        cfn=(2) layout
        calls=1 0
        0 990
        fn=(2)
        0 300
        cfn=(3) $sSa6appendyyxnF
        calls=1 0
        0 500
        cob=(2) \(libm)
        cfn=(4) pow@@GLIBC_2.29
        calls=2 0
        0 150
        cfn=(5) helper
        calls=3 0
        0 40
        fn=(3)
        0 100
        cob=(3) \(core)
        cfn=(6) swift_getGenericMetadata
        calls=1 0
        0 400
        fn=(5)
        0 40
        ob=(3)
        fn=(6)
        0 50
        cfn=(7) swift::ConcurrentReadableHashMap::find(void const*)
        calls=1 0
        0 350
        fn=(7)
        +2 350
        ob=(2)
        fn=(4)
        0 150
        totals: 1000
        """

    @Test("without asking, a dump has no functions")
    func notAsked() throws {
        #expect(try CallgrindOutput(parsing: Self.region).functions == nil)
    }

    @Test("self costs add up to the counted total; what ran under routines counted apart is left out")
    func countedFigures() throws {
        let output = try CallgrindOutput(parsing: Self.region, functions: true)
        let functions = try #require(output.functions)
        #expect(output.countedInstructions == 450)
        #expect(functions.selfTotal == 450)
        #expect(Set(functions.functions.keys) == ["main", "layout", "$sSa6appendyyxnF", "helper"])
        typealias F = CallgrindFunctionCosts.Function
        #expect(functions.functions["main"] == F(object: Self.program, selfCost: 10, inclusive: 450))
        // 990 less pow's 150 and the lookup's 400 below the append.
        #expect(functions.functions["layout"] == F(object: Self.program, selfCost: 300, inclusive: 440))
        #expect(functions.functions["$sSa6appendyyxnF"] == F(object: Self.program, selfCost: 100, inclusive: 100))
        #expect(functions.functions["helper"] == F(object: Self.program, selfCost: 40, inclusive: 40))
        typealias C = CallgrindFunctionCosts.Call
        #expect(functions.calls == [C(caller: "main", callee: "layout"): 440,
                                    C(caller: "layout", callee: "$sSa6appendyyxnF"): 100,
                                    C(caller: "layout", callee: "helper"): 40])
    }

    @Test("a function called both under a routine counted apart and outside keeps the outside calls' share")
    func mixedCallers() throws {
        let text = """
            events: Ir
            ob=(1) \(Self.program)
            fn=(1) main
            0 10
            cfn=(2) grow
            calls=1 0
            0 190
            fn=(2)
            0 30
            cfn=(3) malloc
            calls=1 0
            0 60
            cob=(2) \(Self.core)
            cfn=(4) swift_getWitnessTable
            calls=1 0
            0 100
            ob=(2)
            fn=(4)
            0 60
            cob=(1)
            cfn=(3)
            calls=1 0
            0 40
            ob=(1)
            fn=(3)
            0 100
            totals: 200
            """
        let output = try CallgrindOutput(parsing: text, functions: true)
        let functions = try #require(output.functions)
        // malloc's 100 instructions: 60 from grow, 40 from inside the witness-table lookup.
        #expect(functions.functions["malloc"]?.selfCost == 60)
        #expect(functions.functions["grow"]?.inclusive == 90)
        #expect(functions.selfTotal == output.countedInstructions)
        #expect(output.countedInstructions == 100)
    }

    @Test("recursion levels are one function, whose calls into itself are not added again")
    func recursionLevels() throws {
        let text = """
            events: Ir
            ob=(1) \(Self.program)
            fn=(1) walk
            0 5
            cfn=(2) walk'2
            calls=1 0
            0 25
            cfn=(3) leaf
            calls=1 0
            0 7
            fn=(2)
            0 20
            cfn=(3)
            calls=1 0
            0 5
            fn=(3)
            0 12
            totals: 37
            """
        let functions = try #require(try CallgrindOutput(parsing: text, functions: true).functions)
        #expect(functions.functions["walk"] == .init(object: Self.program, selfCost: 25, inclusive: 37))
        #expect(functions.functions["leaf"] == .init(object: Self.program, selfCost: 12, inclusive: 12))
        #expect(functions.calls == [.init(caller: "walk", callee: "leaf"): 12])
    }

    @Test("an accumulator adds dumps up, and compacting keeps the costliest functions and the total")
    func accumulator() throws {
        let one = try #require(try CallgrindOutput(parsing: Self.region, functions: true).functions)
        var accumulator = CallgrindProfileAccumulator()
        accumulator.add(one, counted: 450)
        accumulator.add(one, counted: 450)
        #expect(accumulator.operations == 2)
        #expect(accumulator.counted == 900)
        #expect(accumulator.functions["layout"]?.selfCost == 600)
        #expect(accumulator.calls[.init(caller: "main", callee: "layout")] == 880)
        #expect(accumulator.remainder == 0)
        accumulator.compact(keeping: 1)
        // layout has the largest self cost, main the largest inclusive cost.
        #expect(Set(accumulator.functions.keys) == ["layout", "main"])
        #expect(accumulator.calls == [.init(caller: "main", callee: "layout"): 880])
        #expect(accumulator.remainder == 280)
        #expect(accumulator.executed == ["main", "layout", "$sSa6appendyyxnF", "helper"])
    }
}
