import Testing

@testable import Measurement

/// The routines counted apart: which functions they are, and how a dump's calls into them are added up.
@Suite("Routines counted apart")
struct CallgrindOutputApartTests {
    static let core = "/opt/swift/usr/lib/swift/linux/libswiftCore.so"
    static let libm = "/usr/lib/x86_64-linux-gnu/libm.so.6"
    static let program = "/tmp/layoutbench-callgrind-1/layoutbench"

    @Test("metadata lookups are the Swift runtime's cache entry points, wherever the runtime is linked", arguments: [
        ("swift_getGenericMetadata", core, ApartRoutine.metadataLookup),
        ("swift_getCanonicalPrespecializedGenericMetadata", core, .metadataLookup),
        ("swift_getCanonicalPrespecializedGenericMetadata'2", core, .metadataLookup),
        ("swift_getTupleTypeMetadata2", core, .metadataLookup),
        ("swift_conformsToProtocolMaybeInstantiateSuperclasses(swift::TargetMetadata<swift::InProcess> const*, "
            + "swift::TargetProtocolDescriptor<swift::InProcess> const*, bool)", core, .metadataLookup),
        ("swift_getWitnessTable", program, .metadataLookup),
        ("swift_retain", core, nil),
        ("swift_allocObject", core, nil),
        ("swift_once", core, nil),
        ("_swift_getGenericMetadata(swift::MetadataRequest, void const* const*)", core, nil),
        ("$s11LayoutModel14VisibleSetDiffV6update", program, nil),
    ] as [(String, String, ApartRoutine?)])
    func metadataLookups(function: String, object: String, expected: ApartRoutine?) {
        #expect(ApartRoutine.classify(function: function, object: object) == expected)
    }

    @Test("math calls are libm's transcendental functions, under any ifunc variant; rounding is not", arguments: [
        ("pow@@GLIBC_2.29", libm, ApartRoutine.math),
        ("__ieee754_pow_fma", libm, .math),
        ("__sin_fma", libm, .math),
        ("__cos_sse2", libm, .math),
        ("__expf_fma", libm, .math),
        ("atan2", libm, .math),
        ("__floor_sse41", libm, nil),
        ("round", libm, nil),
        ("pow", program, nil),
        ("sin", "/usr/lib/x86_64-linux-gnu/libmvec.so.1", nil),
    ] as [(String, String, ApartRoutine?)])
    func mathCalls(function: String, object: String, expected: ApartRoutine?) {
        #expect(ApartRoutine.classify(function: function, object: object) == expected)
    }

    /// A frame's dump, as callgrind 3.19 writes it: the frame's closure calls an array growth, which looks up its
    /// storage's metadata (whose lookup calls memcmp, inside the lookup), and the fitting, which calls pow twice; a
    /// function of another object is named with `cob=`, and names are compressed.
    static let frame = """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        positions: line
        events: Ir
        desc: Trigger: Client Request: layoutbench frame 6 x/context
        summary: 1000

        ob=(1) \(program)
        fl=(1) ???
        fn=(1) $s7Harness15ScenarioFixtureC5frame
        0 100
        cob=(2) \(core)
        cfn=(2) $sSa28_allocateBufferUninitialized
        calls=1 0
        0 400
        cob=(3) \(libm)
        cfn=(3) pow@@GLIBC_2.29
        calls=2 0
        0 150
        ob=(2)
        fn=(2)
        0 20
        cfn=(4) swift_getCanonicalPrespecializedGenericMetadata
        calls=1 0
        0 380
        fn=(4)
        0 30
        cob=(4) /usr/lib/x86_64-linux-gnu/libc.so.6
        cfn=(5) _vgr20190ZU_libcZdsoZa_memcmp
        calls=3 0
        +2 40
        cfn=(4)
        calls=1 0
        0 310
        ob=(3)
        fn=(3)
        0 150

        totals: 1000
        """

    @Test("calls into routines counted apart are added up once, with everything they called")
    func frameDump() throws {
        let output = try CallgrindOutput(parsing: Self.frame)
        #expect(output.instructions == 1000)
        // The lookup's own recursive call (310) is inside the outer call (380).
        #expect(output.apart[.metadataLookup] == ApartFigures(calls: 1, instructions: 380))
        #expect(output.apart[.math] == ApartFigures(calls: 2, instructions: 150))
        #expect(output.countedInstructions == 1000 - 380 - 150)
    }

    @Test("a lookup by a function that runs only under another lookup is inside the first; a function called from both sides splits")
    func nestedThroughAFunction() throws {
        // main (100 self) calls the generic-metadata lookup (500 inclusive), which runs Array's metadata completion
        // ($sSaMr, 300 inclusive), which looks up a witness table (200). main also calls `helper` (150) directly,
        // and the lookup calls it too (50); helper looks up a witness table of its own from both (100 from main's
        // call, the lookup's share 50 / 200 of it not counted again).
        let text = """
            events: Ir
            ob=(1) \(Self.program)
            fn=(1) main
            0 100
            cob=(2) \(Self.core)
            cfn=(2) swift_getGenericMetadata
            calls=1 0
            0 500
            cfn=(3) helper
            calls=3 0
            0 150
            ob=(2)
            fn=(2)
            0 150
            cfn=(4) $sSaMr
            calls=1 0
            0 300
            cob=(1)
            cfn=(3)
            calls=1 0
            0 50
            fn=(4)
            0 100
            cfn=(5) swift_getWitnessTable
            calls=1 0
            0 200
            fn=(5)
            0 320
            ob=(1)
            fn=(3)
            0 80
            cob=(2)
            cfn=(5)
            calls=4 0
            0 120
            totals: 750
            """
        let output = try CallgrindOutput(parsing: text)
        // The outer lookup once (500), and helper's lookups from main's calls: 150 of helper's 200 incoming cost, so
        // 3 of its 4 calls and 90 of its 120 instructions.
        #expect(output.apart[.metadataLookup] == ApartFigures(calls: 4, instructions: 590))
        #expect(output.countedInstructions == 750 - 590)
        // The per-function figures add up to the same count.
        let functions = try #require(try CallgrindOutput(parsing: text, functions: true).functions)
        #expect(functions.selfTotal == 160)
    }

    @Test("with positions of two columns (--dump-instr=yes), the cost is the column after both")
    func twoPositionColumns() throws {
        let text = """
            positions: instr line
            events: Ir
            ob=(1) \(Self.program)
            fn=(1) main
            0x10 3 5
            cob=(2) \(Self.libm)
            cfn=(2) __exp_fma
            calls=4 0x20 0
            +4 +1 88
            totals: 93
            """
        let output = try CallgrindOutput(parsing: text)
        #expect(output.apart[.math] == ApartFigures(calls: 4, instructions: 88))
        #expect(output.countedInstructions == 5)
    }

    @Test("a callee without cob= lies in its caller's object; jump lines and their position line are skipped")
    func calleeObjectAndJumps() throws {
        let text = """
            events: Ir
            ob=(1) \(Self.libm)
            fn=(1) __cexp
            jump=3 +2
            +1
            cfn=(2) __sin_fma
            calls=1 0
            0 70
            totals: 90
            """
        #expect(try CallgrindOutput(parsing: text).apart[.math] == ApartFigures(calls: 1, instructions: 70))
    }

    @Test("a reference to a name never defined, or a call with no callee, is refused with its line")
    func malformedBody() {
        #expect(throws: CallgrindOutputError.malformedLine(line: 3, text: "fn=(9)",
                                                           reason: "name id (9) is not defined")) {
            try CallgrindOutput(parsing: "events: Ir\nob=(1) x\nfn=(9)\ntotals: 1\n")
        }
        #expect(throws: CallgrindOutputError.malformedLine(line: 3, text: "calls=1 0",
                                                           reason: "a call without a cfn= line before it")) {
            try CallgrindOutput(parsing: "events: Ir\nfn=(1) main\ncalls=1 0\n0 5\ntotals: 5\n")
        }
    }
}
