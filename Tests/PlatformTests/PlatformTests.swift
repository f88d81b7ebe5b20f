import Foundation
import Testing

@testable import Platform

/// One rule for finding programs, one runner, one parser per /proc field.
@Suite("Platform")
struct PlatformTests {
    @Test("programs are found in absolute PATH entries only; directories and non-executables are skipped")
    func findsPrograms() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("platform-\(UUID())")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("tool"),
                                                withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let program = directory.appendingPathComponent("prog").path
        let plain = directory.appendingPathComponent("plain").path
        #expect(FileManager.default.createFile(atPath: program, contents: Data("#!/bin/sh\n".utf8),
                                               attributes: [.posixPermissions: 0o755]))
        #expect(FileManager.default.createFile(atPath: plain, contents: Data(), attributes: [.posixPermissions: 0o644]))
        #expect(Executables.find("prog", searchPath: "/nonexistent:\(directory.path)") == program)
        #expect(Executables.find("prog", searchPath: "\(directory.path)/") == program)
        #expect(Executables.find("plain", searchPath: directory.path) == nil)
        #expect(Executables.find("tool", searchPath: directory.path) == nil)
        // Relative and empty entries (the current directory, in a shell) are never searched.
        #expect(Executables.find("prog", searchPath: ":.:relative") == nil)
        #expect(Executables.find("prog", searchPath: nil) == nil)
        #expect(Executables.find("../prog", searchPath: directory.path) == nil)
        #expect(Executables.find("sh") != nil)
    }

    @Test("the CPU model is read from x86 and ARM cpuinfo alike", arguments: [
        ("processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\nflags\t: fpu\n", "AMD EPYC 7B13"),
        ("processor\t: 0\nBogoMIPS\t: 50.00\nCPU implementer\t: 0x41\nCPU architecture: 8\nCPU part\t: 0xd0c\n",
         "CPU implementer 0x41 part 0xd0c"),
        ("Processor\t: AArch64 Processor rev 1 (aarch64)\nHardware\t: BCM2835\n", "BCM2835"),
        ("processor\t: 0\nModel\t\t: Raspberry Pi 4 Model B Rev 1.4\n", "Raspberry Pi 4 Model B Rev 1.4"),
        ("processor\t: 0\n", nil),
    ] as [(String, String?)])
    func cpuModel(cpuinfo: String, expected: String?) {
        #expect(SystemFiles.cpuModel(cpuinfo: cpuinfo) == expected)
    }

    @Test("meminfo fields are read in bytes, with spaces or tabs")
    func meminfo() {
        let text = "MemTotal:       24589932 kB\nMemAvailable:\t20000000 kB\n"
        #expect(SystemFiles.meminfoField("MemTotal", in: text) == 24_589_932 * 1024)
        #expect(SystemFiles.meminfoField("MemAvailable", in: text) == 20_000_000 * 1024)
        #expect(SystemFiles.meminfoField("SwapTotal", in: text) == nil)
        #expect(SystemFiles.read("/proc/self/status")?.contains("Name:") == true)
        #expect(SystemFiles.read("/nonexistent") == nil)
    }

    @Test("a program runs without a shell: status, captured output, standard error discarded or merged")
    func runs() throws {
        let sh = try #require(Executables.find("sh"))
        let merged = try Programs.run(sh, ["-c", "echo out; echo err >&2; exit 3"])
        #expect(merged.status == 3 && merged.standardOutput == "out\nerr\n")
        let discarded = try Programs.run(sh, ["-c", "echo out; echo err >&2"], standardError: .discarded)
        #expect(discarded.status == 0 && discarded.standardOutput == "out\n")
        // An argument is one argument, never split or expanded by a shell.
        let echo = try Programs.run(sh, ["-c", "printf '%s' \"$0\"", "a b; $(rm -rf /)"])
        #expect(echo.standardOutput == "a b; $(rm -rf /)")
        // SIGKILL: the test runner blocks SIGINT and SIGTERM, and a child inherits the mask.
        let killed = try Programs.run(sh, ["-c", "kill -KILL $$"])
        #expect(killed.status == 128 + 9)
        #expect(throws: Programs.Failure.self) { _ = try Programs.run("/nonexistent/program", []) }
    }
}
