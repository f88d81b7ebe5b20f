import Results
import Testing

@Suite("MachineInfo")
struct MachineInfoTests {
    #if os(Linux)
    @Test("this machine's fingerprint has cores, memory, a CPU model and a kernel")
    func current() {
        let info = MachineInfo.current(buildConfiguration: "debug", allocator: "system", timingIsValid: false)
        #expect(info.cores > 0)
        #expect(info.memoryBytes > 0)
        #expect(!info.cpuModel.isEmpty)
        #expect(!info.kernel.isEmpty && info.kernel != "unknown")
        #expect(info.swiftVersion == MachineInfo.compilerVersion)
        #expect(info.buildConfiguration == "debug" && info.allocator == "system" && !info.timingIsValid)
    }
    #endif

    @Test("the CPU model is the first model name, or an ARM machine's Hardware line", arguments: [
        ("processor\t: 0\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n\nprocessor\t: 1\nmodel name\t: Other\n",
         "Intel(R) Xeon(R) CPU @ 2.20GHz"),
        ("processor\t: 0\nBogoMIPS\t: 50.00\n\nHardware\t: BCM2835\n", "BCM2835"),
        ("processor\t: 0\n", nil),
    ] as [(String, String?)])
    func cpuModel(cpuinfo: String, expected: String?) {
        #expect(MachineInfo.parseCPUModel(cpuinfo: cpuinfo) == expected)
    }

    @Test("the memory is MemTotal in bytes", arguments: [
        ("MemTotal:        8039624 kB\nMemFree:  100 kB\n", 8_039_624 * 1024),
        ("MemFree:  100 kB\n", nil),
    ] as [(String, Int?)])
    func memory(meminfo: String, expected: Int?) {
        #expect(MachineInfo.parseMemTotal(meminfo: meminfo) == expected)
    }
}
