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
        try standardOutput("allocator:      \(d.allocator.description)")
        try standardOutput("build:          \(d.buildConfiguration.rawValue)")
        try standardOutput("valgrind:       \(d.valgrindPath ?? "not found (instruction counts unavailable)")"
              + (d.valgrindPath != nil ? (d.callgrindHeader ? ", callgrind.h present" : ", callgrind.h missing") : ""))
        try standardOutput("cpu:            \(d.cpuModel), \(d.cores) core(s)"
                           + (d.cpuGovernor.map { ", governor \($0)" } ?? ""))
        try standardOutput("memory:         \(formatBytes(d.memoryBytes)) total"
              + (d.memAvailableBytes.map { ", \(formatBytes($0)) available" } ?? ""))
        if let load = d.loadAverage {
            try standardOutput("load average:   \(format(load.one, decimals: 2)) \(format(load.five, decimals: 2)) "
                  + "\(format(load.fifteen, decimals: 2))")
        }
        if d.warnings.isEmpty {
            try standardOutput("\nOK: nothing here should skew the numbers.")
        } else {
            try standardOutput("")
            for warning in d.warnings { try standardOutput("warning: \(warning)") }
        }
    }
}
