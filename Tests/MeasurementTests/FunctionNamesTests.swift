import Testing

@testable import Measurement

/// Function names in instruction profiles: Swift names demangled by the toolchain in one call, and the copies the
/// compiler makes of one function folded into it.
@Suite("Function names")
struct FunctionNamesTests {
    /// Names from a gate run's dumps, and what `swift demangle --simplified` makes of them.
    static let demangled: [(String, String)] = [
        ("$s9RectIndex14RowBucketQueryO5query_2in6reader4intoSi11LayoutModel0A0V_AA10GridRegionVxSayAH0J10"
            + "AttributesVGztAA01_L11FrameReaderRzlFZAA07CompactL6FramesC0P0V_Tt3g5",
         "specialized static RowBucketQuery.query<A>(_:in:reader:into:)"),
        ("$sSa15replaceSubrange_4withySnySiG_qd__nt7ElementQyd__RszSlRd__lF11LayoutModel0E10AttributesV_s15Empty"
            + "CollectionVyAHGTg5Tf4ndn_n", "specialized Array.replaceSubrange<A>(_:with:)"),
        ("$s7Harness15InstructionPassV13countScenario33_74B4BD628FB7D7E5E6B5CDCAC27849EBLLySi6frames_Si7queriest9"
            + "Scenarios0E0VAA0E7FixtureC10BuildErrorOYKFyyXEfU2_TA",
         "partial apply for closure #4 in InstructionPass.countScenario(_:)"),
        ("$sSa6appendyyxnF", "Array.append(_:)"),
    ]

    @Test("mangled Swift names are recognised; C, C++ and versioned names are not", arguments: [
        ("$sSa6appendyyxnF", true), ("_$sSa6appendyyxnF", true), ("$S4main3fooyyF", true), ("_T04main3fooyyF", true),
        ("$e4main3fooyyF", true), ("$s", false), ("swift_retain", false), ("pow@@GLIBC_2.29", false),
        ("_swift_getGenericMetadata(swift::MetadataRequest, void const* const*)", false), ("memmove", false),
        ("main", false),
    ] as [(String, Bool)])
    func recognised(name: String, mangled: Bool) {
        #expect(SwiftDemangler.isMangled(name) == mangled)
    }

    @Test("the toolchain's demangler names every mangled name, in one call, and leaves the others out")
    func demangles() throws {
        let demangler = SwiftDemangler.located()
        try #require(demangler.swift != nil, "swift is on PATH wherever the tests run")
        let names = Self.demangled.map(\.0) + ["swift_retain", "memmove"]
        let result = try demangler.demangle(names)
        #expect(result.count == Self.demangled.count)
        for (mangled, readable) in Self.demangled { #expect(result[mangled] == readable) }
        #expect(result["swift_retain"] == nil)
    }

    @Test("without swift, mangled names are refused in one line; without mangled names nothing runs")
    func withoutSwift() throws {
        let demangler = SwiftDemangler(swift: nil)
        #expect(try demangler.demangle(["swift_retain", "main"]).isEmpty)
        #expect(throws: SwiftDemanglerError.notFound) { try demangler.demangle(["$sSa6appendyyxnF"]) }
        #expect(!SwiftDemanglerError.notFound.description.contains("\n"))
    }

    @Test("a demangler that does not answer a line a name is refused")
    func wrongAnswer() throws {
        // `true` exits 0 and prints nothing.
        let demangler = SwiftDemangler(swift: "/bin/true")
        #expect(throws: SwiftDemanglerError.unexpectedOutput(names: 1, lines: 0)) {
            try demangler.demangle(["$sSa6appendyyxnF"])
        }
    }

    @Test("specialisations and merged functions fold into their function; closures, thunks and copies do not",
          arguments: [
        ("specialized static RowBucketQuery.query<A>(_:in:reader:into:)", "static RowBucketQuery.query<A>(_:in:reader:into:)"),
        ("specialized Array.replaceSubrange<A>(_:with:)", "Array.replaceSubrange<A>(_:with:)"),
        ("merged GridSizes.size(row:column:)", "GridSizes.size(row:column:)"),
        ("closure #1 in specialized Array.append<A>(contentsOf:)", "closure #1 in Array.append<A>(contentsOf:)"),
        ("partial apply for closure #4 in InstructionPass.countScenario(_:)",
         "partial apply for closure #4 in InstructionPass.countScenario(_:)"),
        ("protocol witness for GridFrameStore.query(_:in:using:includingBody:into:) in conformance CompactGridFrames",
         "protocol witness for GridFrameStore.query(_:in:using:includingBody:into:) in conformance CompactGridFrames"),
        ("outlined copy of Layout", "outlined copy of Layout"),
        ("isSpecialized(_:)", "isSpecialized(_:)"),
        ("Unspecialized.specialized (x)", "Unspecialized.specialized (x)"),
        ("swift_retain", "swift_retain"),
        ("specialized ", "specialized "),
    ] as [(String, String)])
    func folding(name: String, folded: String) {
        #expect(FunctionFolding.fold(name) == folded)
    }

    @Test("a generic and its specialisations for other types are one function")
    func genericAndSpecialisations() {
        let names = ["Array.append<A>(contentsOf:)", "specialized Array.append<A>(contentsOf:)",
                     "merged specialized Array.append<A>(contentsOf:)"]
        #expect(Set(names.map(FunctionFolding.fold)) == ["Array.append<A>(contentsOf:)"])
    }
}
