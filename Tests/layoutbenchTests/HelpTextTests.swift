import Foundation
import Testing

/// The whole help text of every command, against golden files in `Golden/`: a changed option, default or wording
/// shows up in review as a diff of what users read. To accept a change, run the tests with
/// `LAYOUTBENCH_UPDATE_GOLDEN=1` and commit the files.
@Suite("Help text", .serialized)
struct HelpTextTests {
    static let commands: [[String]] = [
        [], ["run"], ["list"], ["list", "suites"], ["list", "scenarios"], ["list", "layouts"], ["verify"],
        ["verify", "queries"], ["verify", "invalidation"], ["verify", "updates"], ["verify", "diff"], ["compare"], ["ab"], ["gate"],
        ["gate", "baseline"], ["gate", "baseline", "update"], ["report"], ["merge"], ["doctor"],
        ["history"], ["history", "add"], ["history", "list"], ["history", "show"], ["history", "changes"],
        ["history", "report"], ["history", "sweep"], ["bisect"],
    ]

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test("each command's help text is its golden file", arguments: commands)
    func help(command: [String]) throws {
        // ArgumentParser wraps help at $COLUMNS when it is set; the golden files are 80 columns wide.
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "80"
        let result = try LayoutBenchProcess.run(command + ["--help"], stdout: .captured, environment: environment)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let name = (["layoutbench"] + command).joined(separator: "-") + ".txt"
        let golden = Self.directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["LAYOUTBENCH_UPDATE_GOLDEN"] == "1" {
            try result.stdout.write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(result.stdout == expected, """
            \(name) differs; if the change is intended, run the tests with LAYOUTBENCH_UPDATE_GOLDEN=1 and commit it
            """)
    }
}
