import Platform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MachineInfo {
    /// This machine's fingerprint, with the facts only the caller knows: how the tool was built, which allocator is
    /// active and whether its timings are valid.
    ///
    /// The CPU model comes from `/proc/cpuinfo`, the memory from `/proc/meminfo` (`sysctl` on Darwin), the cores from
    /// `sysconf(_SC_NPROCESSORS_ONLN)` and the kernel from `uname`. A figure that cannot be read is `unknown`, or 0.
    public static func current(
        buildConfiguration: String,
        allocator: String,
        timingIsValid: Bool,
        swiftVersion: String = MachineInfo.compilerVersion
    ) -> MachineInfo {
        let system = unameFields()
        return MachineInfo(
            cpuModel: currentCPUModel() ?? "unknown (\(system.machine))",
            cores: max(0, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))),
            memoryBytes: currentMemoryBytes() ?? 0,
            kernel: system.release,
            swiftVersion: swiftVersion,
            buildConfiguration: buildConfiguration,
            allocator: allocator,
            timingIsValid: timingIsValid
        )
    }

    /// The version of the Swift compiler this module was built with, to the minor version (`6.3`).
    public static var compilerVersion: String {
        #if compiler(>=7.0)
        return "7.0 or later"
        #elseif compiler(>=6.4)
        return "6.4"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #else
        return "6.1"
        #endif
    }

    /// The CPU model of a `/proc/cpuinfo` text, x86 or ARM: ``Platform/SystemFiles/cpuModel(cpuinfo:)``, the parser
    /// `doctor` uses too.
    package static func parseCPUModel(cpuinfo: String) -> String? { SystemFiles.cpuModel(cpuinfo: cpuinfo) }

    /// The `MemTotal` of a `/proc/meminfo` text, in bytes, or `nil`.
    package static func parseMemTotal(meminfo: String) -> Int? { SystemFiles.meminfoField("MemTotal", in: meminfo) }

    private static func currentCPUModel() -> String? {
        #if canImport(Darwin)
        return sysctlString("machdep.cpu.brand_string")
        #else
        return SystemFiles.read("/proc/cpuinfo").flatMap { parseCPUModel(cpuinfo: $0) }
        #endif
    }

    private static func currentMemoryBytes() -> Int? {
        #if canImport(Darwin)
        var bytes: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        guard sysctlbyname("hw.memsize", &bytes, &size, nil, 0) == 0 else { return nil }
        return Int(clamping: bytes)
        #else
        return SystemFiles.read("/proc/meminfo").flatMap { parseMemTotal(meminfo: $0) }
        #endif
    }

    #if canImport(Darwin)
    private static func sysctlString(_ name: String) -> String? {
        var size = 0
        guard sysctlbyname(name, nil, &size, nil, 0) == 0, size > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: size)
        guard sysctlbyname(name, &buffer, &size, nil, 0) == 0 else { return nil }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    #endif

    /// The kernel release and machine name from `uname`, or `unknown`.
    private static func unameFields() -> (release: String, machine: String) {
        var names = utsname()
        guard uname(&names) == 0 else { return ("unknown", "unknown") }
        func text<T>(_ field: inout T) -> String {
            withUnsafeBytes(of: &field) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        }
        return (text(&names.release), text(&names.machine))
    }
}
