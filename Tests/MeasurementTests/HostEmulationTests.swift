import Testing

@testable import Measurement

/// The machines the portability self-test emulates: what each adds to the counting child's environment.
@Suite("HostEmulation")
struct HostEmulationTests {
    @Test("native adds nothing; sse2 masks AVX, AVX2, FMA, ERMS and SSE4 and moves the rep thresholds")
    func cpu() {
        #expect(HostEmulation.native.environment.isEmpty)
        let tunables = HostEmulation.sse2.environment["GLIBC_TUNABLES"] ?? ""
        for feature in ["-AVX2", "-AVX", "-FMA", "-ERMS", "-SSE4_1", "-SSE4_2"] {
            #expect(tunables.contains(feature))
        }
        #expect(tunables.contains("glibc.cpu.x86_rep_movsb_threshold=8192"))
        #expect(HostEmulation.sse2.environment.count == 1)
    }

    @Test("shifted maps libz first, lengthens the environment by 1 KiB and allocates before main")
    func memory() {
        let environment = HostEmulation.shifted.environment
        #expect(environment["LD_PRELOAD"] == "libz.so.1")
        #expect(environment["LAYOUTBENCH_EMULATION_PADDING"]?.count == 1024)
        #expect(environment["LAYOUTBENCH_EMULATION_ALLOCATIONS"] == "2000")
    }

    @Test("the child's own environment still wins for what it fixes, and an emulation only adds to it")
    func merged() {
        let child = CallgrindLauncher.childEnvironment(from: ["GLIBC_TUNABLES": "glibc.cpu.hwcaps=-AVX2", "HOME": "/"])
        #expect(child["GLIBC_TUNABLES"] == nil)
        let emulated = child.merging(HostEmulation.sse2.environment) { $1 }
        #expect(emulated["GLIBC_TUNABLES"] == HostEmulation.sse2Tunables)
        #expect(emulated["LD_BIND_NOW"] == "1")
    }
}
