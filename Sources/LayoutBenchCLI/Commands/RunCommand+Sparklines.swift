import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension RunCommand {
    /// Whether `run`'s table shows a sparkline of each scenario's frame times: only when stdout is a terminal and
    /// `CI` is not set, so logs and files stay plain.
    static var showsSparklines: Bool {
        isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["CI"] == nil
    }
}
