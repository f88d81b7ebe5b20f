import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A fixture's set-up failed, in one line.
package struct FixtureError: Error, CustomStringConvertible {
    /// What failed.
    package var description: String
    /// An error saying `description`.
    package init(_ description: String) { self.description = description }
}

/// A synthetic history: `count` commits of a file `metric.txt` whose value steps by 1 % at `culprit`, optionally
/// with commits marked `broken`, built by a stand-in `swift` (a script) whose "binary" writes a results file with
/// that value: git worktrees, the build cache and the bisect driver are real; no compiler runs.
package final class BisectFixture {
    package let path: String
    package let tools: String
    package let buildLog: String
    package let git: String
    package private(set) var commits: [String] = []

    package init(count: Int, culprit: Int, broken: Set<Int> = []) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bisect-\(UUID().uuidString)").path
        path = "\(root)/repo"
        tools = "\(root)/tools"
        buildLog = "\(root)/builds.log"
        guard let git = ["/usr/bin/git", "/usr/local/bin/git"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { throw FixtureError("no git at /usr/bin/git or /usr/local/bin/git") }
        self.git = git
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        try Self.writeTools(to: tools, buildLog: buildLog)
        try run(["init", "-q", "-b", "main"])
        for index in 0..<count {
            try Data("\(index < culprit ? 1000 : 1010)\n".utf8).write(to: URL(fileURLWithPath: "\(path)/metric.txt"))
            try Data("\(index)\n".utf8).write(to: URL(fileURLWithPath: "\(path)/counter.txt"))
            let brokenFile = "\(path)/broken"
            if broken.contains(index) {
                try Data().write(to: URL(fileURLWithPath: brokenFile))
            } else {
                try? FileManager.default.removeItem(atPath: brokenFile)
            }
            try run(["add", "-A"])
            try run(["-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "-m",
                     index == culprit ? "Inject a 1 % regression" : "Commit \(index)"])
            commits.append(try run(["rev-parse", "HEAD"]))
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }

    /// How many builds the stand-in `swift` made.
    package var builds: Int {
        (try? String(contentsOfFile: buildLog, encoding: .utf8))?.split(separator: "\n").count ?? 0
    }

    @discardableResult
    package func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = ["-C", path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FixtureError("git \(arguments) failed") }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `swift` (build, --show-bin-path) and the template of the `layoutbench` it "builds".
    package static func writeTools(to directory: String, buildLog: String) throws {
        let swift = """
            #!/bin/bash
            # A stand-in for `swift build -c release --product layoutbench --scratch-path DIR [--show-bin-path]`.
            scratch=""; show=0
            while [ $# -gt 0 ]; do
              case "$1" in --scratch-path) scratch="$2"; shift ;; --show-bin-path) show=1 ;; esac
              shift
            done
            if [ $show = 1 ]; then echo "$scratch/release"; exit 0; fi
            if [ -f broken ]; then echo "error: this commit does not compile" >&2; exit 1; fi
            # The compiler's temporary files, where TMPDIR says, as the driver makes them.
            mkdir -p "${TMPDIR:-/tmp}/TemporaryDirectory.stand-in-$$" && touch "${TMPDIR:-/tmp}/TemporaryDirectory.stand-in-$$/main.o"
            echo "${TMPDIR:-/tmp}" >> "\(buildLog).tmpdirs"
            # FAKE_BUILD_STOPS_QUIETLY: a build that exits 0 when it is told to stop, as a build tool may.
            if [ -n "$FAKE_BUILD_SECONDS" ]; then
              if [ -n "$FAKE_BUILD_STOPS_QUIETLY" ]; then
                trap 'exit 0' TERM INT; sleep "$FAKE_BUILD_SECONDS" & wait $!
              else
                sleep "$FAKE_BUILD_SECONDS"
              fi
            fi
            rm -rf "${TMPDIR:-/tmp}/TemporaryDirectory.stand-in-$$"
            echo "$(pwd)" >> "\(buildLog)"
            mkdir -p "$scratch/release"
            value=$(cat metric.txt)
            # The timing: 1000 ns before the step, 1100 ns (10 %) after it, with a ±2 % spread of samples.
            wall=$((value * 10 - 9000))
            sed -e "s/@VALUE@/$value/g" -e "s/@WALL@/$wall/g" -e "s/@LOW@/$((wall - 20))/g" -e "s/@HIGH@/$((wall + 20))/g" \\
                "$(dirname "$0")/layoutbench.template" > "$scratch/release/layoutbench"
            chmod +x "$scratch/release/layoutbench"
            """
        let template = """
            #!/bin/bash
            # The "built" layoutbench: `run … --filter ID --output FILE` writes a results file with the commit's value.
            out=""; filter=""
            while [ $# -gt 0 ]; do
              case "$1" in --output) out="$2"; shift ;; --filter) filter="$2"; shift ;; esac
              shift
            done
            cat > "$out.tmp" <<JSON
            {"schemaVersion":1,"toolVersion":"0.1.0","createdAt":"2026-11-25T00:00:00Z",
             "machine":{"cpuModel":"Test","cores":2,"memoryBytes":1,"kernel":"6","swiftVersion":"6.3",
                        "buildConfiguration":"release","allocator":"jemalloc 5.3.0","timingIsValid":true},
             "suite":"gate","seed":1,"skipped":[],
             "scenarios":[{"id":"$filter","parameters":{},"metrics":{"query.instructions":{"unit":"instructions",
               "p50":@VALUE@,"p90":@VALUE@,"p99":@VALUE@,"min":@VALUE@,"max":@VALUE@,"mean":@VALUE@,"count":1,
               "deterministic":true},
               "query.time":{"unit":"ns","p50":@WALL@,"p90":@HIGH@,"p99":@HIGH@,"min":@LOW@,"max":@HIGH@,
               "mean":@WALL@,"count":5,"deterministic":false,"samples":[@LOW@,@WALL@,@WALL@,@WALL@,@HIGH@]}}}]}
            JSON
            mv "$out.tmp" "$out"
            """
        // Not Foundation's writer: see ExecutableScript (a descriptor inherited by a process another test started
        // made the script unexecutable, ETXTBSY).
        try ExecutableScript.write(swift, to: "\(directory)/swift")
        try template.write(toFile: "\(directory)/layoutbench.template", atomically: true, encoding: .utf8)
    }
}

