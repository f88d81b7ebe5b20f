import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Errors are printed on one line (`layoutbench: error: ...`) rather than with ArgumentParser's usage block, so that
// scripts and CI logs show exactly what was wrong. Help and version requests print in full.
do {
    var command = try LayoutBenchCommand.parseAsRoot()
    try command.run()
} catch {
    let code = LayoutBenchCommand.exitCode(for: error)
    if code == .success {
        print(LayoutBenchCommand.fullMessage(for: error))
    } else {
        let message = LayoutBenchCommand.message(for: error)
        if !message.isEmpty {
            let line = message.split(separator: "\n").map { $0.trimmingCharacters() }.filter { !$0.isEmpty }
                .joined(separator: " ")
            standardError("layoutbench: error: \(line)")
        }
    }
    exit(code.rawValue)
}
