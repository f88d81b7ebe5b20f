import Results
import ArgumentParser
import Measurement

/// `layoutbench doctor`: whether this machine and build can give trustworthy numbers.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the allocator, build, valgrind and machine, and warn about anything that skews numbers.")

    func run() throws {
        let d = Diagnostics.current()
        print("allocator:      \(d.allocator.description)")
        print("build:          \(d.buildConfiguration.rawValue)")
        print("valgrind:       \(d.valgrindPath ?? "not found (instruction counts unavailable)")"
              + (d.valgrindPath != nil ? (d.callgrindHeader ? ", callgrind.h present" : ", callgrind.h missing") : ""))
        print("cpu:            \(d.cpuModel), \(d.cores) core(s)" + (d.cpuGovernor.map { ", governor \($0)" } ?? ""))
        print("memory:         \(formatBytes(d.memoryBytes)) total"
              + (d.memAvailableBytes.map { ", \(formatBytes($0)) available" } ?? ""))
        if let load = d.loadAverage {
            print("load average:   \(format(load.one, decimals: 2)) \(format(load.five, decimals: 2)) "
                  + "\(format(load.fifteen, decimals: 2))")
        }
        if d.warnings.isEmpty {
            print("\nOK: nothing here should skew the numbers.")
        } else {
            print("")
            for warning in d.warnings { print("warning: \(warning)") }
        }
    }
}
