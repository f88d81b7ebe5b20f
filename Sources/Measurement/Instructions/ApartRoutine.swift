/// A class of routines whose instruction counts depend on the machine and on where things lie in memory, not on the
/// code that calls them: the instruction pass leaves their instructions out of its counts and counts their calls
/// instead (`frame.metadataLookups`, `frame.mathCalls` and their `query.` and `prepare.` kin).
///
/// glibc's memory and string routines, whose counts depend on the CPU and on alignment in the same way, are not
/// counted apart: under valgrind they are replaced by portable routines (`CCallgrind/PortableRoutines.c`) whose counts
/// depend only on lengths, so the bytes a layout copies and clears still count. See Guides/InstructionCounts.md.
public enum ApartRoutine: String, Hashable, Sendable, CaseIterable {
    /// A lookup in the Swift runtime's type-metadata and conformance caches (`swift_getGenericMetadata`,
    /// `swift_getCanonicalPrespecializedGenericMetadata`, `swift_conformsToProtocol`, `swift_getWitnessTable`, …):
    /// hash tables keyed by addresses, whose probe lengths follow where the loader and the allocator put the keys.
    /// An array that allocates makes one (its storage class's metadata).
    case metadataLookup
    /// A call to one of libm's transcendental functions (`pow`, `exp`, `log`, `sin`, `cos`, `atan2`, …), which glibc
    /// picks per CPU (FMA, AVX2 or SSE2 code of different lengths).
    case math

    /// The class of the function callgrind names `function` in the ELF object `object`, or `nil` when it is counted
    /// as usual.
    ///
    /// callgrind writes C++ names demangled with their parameters (`f(int) const`), a recursion depth as `'2`, and
    /// glibc's versioned symbols as `pow@@GLIBC_2.29`; an ifunc's callers name the variant the resolver picked
    /// (`__sin_fma`, `__expf_avx2`). Each is reduced to its base name first.
    ///
    /// - Complexity: O(n) in the length of `function`.
    public static func classify(function: String, object: String) -> ApartRoutine? {
        var name = Substring(function)
        if let cut = name.firstIndex(where: { $0 == "(" || $0 == "'" || $0 == "@" }) { name = name[..<cut] }
        if name.hasPrefix("swift_") {
            return isMetadataLookup(name) ? .metadataLookup : nil
        }
        guard isLibm(object) else { return nil }
        while name.hasPrefix("_") { name = name.dropFirst() }
        for variant in Self.mathVariantSuffixes where name.hasSuffix(variant) {
            name = name.dropLast(variant.count)
            break
        }
        if name.hasPrefix("ieee754_") { name = name.dropFirst("ieee754_".count) }
        return Self.mathFunctions.contains(String(name)) ? .math : nil
    }

    /// The Swift runtime's entry points into its metadata and conformance caches.
    private static func isMetadataLookup(_ name: Substring) -> Bool {
        if name.hasPrefix("swift_get") && name.contains("Metadata") { return true }
        return metadataLookupPrefixes.contains { name.hasPrefix($0) }
    }

    private static let metadataLookupPrefixes = [
        "swift_conformsToProtocol", "swift_getWitnessTable", "swift_getTypeByMangledName",
        "swift_getAssociatedTypeWitness", "swift_getAssociatedConformanceWitness", "swift_getKeyPath",
    ]

    /// Whether `object` is glibc's libm (`/usr/lib/x86_64-linux-gnu/libm.so.6`, `libm-2.36.so`).
    private static func isLibm(_ object: String) -> Bool {
        let file = object.split(separator: "/").last ?? Substring(object)
        return file.hasPrefix("libm.so") || file.hasPrefix("libm-")
    }

    /// The suffixes of glibc's ifunc variants, longest first where one ends another.
    private static let mathVariantSuffixes = ["_fma4", "_fma", "_avx2", "_avx", "_sse41", "_sse4_1", "_sse2", "_c"]

    /// libm's transcendental functions, `double` and `float`.
    private static let mathFunctions: Set<String> = {
        let names = ["pow", "exp", "exp2", "exp10", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan",
                     "sincos", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
                     "cbrt", "hypot", "erf", "erfc", "lgamma", "tgamma"]
        return Set(names + names.map { $0 + "f" })
    }()
}

/// The calls into one class of routines counted apart, and what they executed.
public struct ApartFigures: Hashable, Sendable {
    /// The calls.
    public var calls: UInt64
    /// The instructions the calls executed, everything they called included.
    public var instructions: UInt64

    /// Figures of `calls` calls that executed `instructions` instructions.
    public init(calls: UInt64 = 0, instructions: UInt64 = 0) {
        self.calls = calls
        self.instructions = instructions
    }
}
