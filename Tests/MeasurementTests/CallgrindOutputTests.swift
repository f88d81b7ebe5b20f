import Foundation
import Platform
import Testing

@testable import Measurement

/// The callgrind output parser, on crafted files shaped like callgrind 3.19's dumps.
@Suite("CallgrindOutput")
struct CallgrindOutputTests {
    /// A dump as callgrind writes it for `CALLGRIND_DUMP_STATS_AT(label)`, with cost and name lines that the parser
    /// must skip (including C++ names with `::` and a Swift mangled name).
    static func dump(label: String = "layoutbench frame 3 40x40/uniform/binary-search/context",
                     summary: String = "summary: 36556", totals: String? = "totals: 36556") -> String {
        """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        pid: 24441
        cmd:  /tmp/x/layoutbench _instructions-child --suite gate
        part: 5


        desc: I1 cache:
        desc: Timerange: Basic block 137138 - 149859
        desc: Trigger: Client Request: \(label)

        positions: line
        events: Ir
        \(summary)


        ob=(8) /usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2
        fl=(12) ./elf/../sysdeps/x86_64/tls_get_addr.S
        fn=(76) __tls_get_addr
        30 28
        +1 28
        cfn=(72) swift::runtime::SwiftTLSContext::get()
        calls=4 0
        0 76
        fn=(56) $sSS11withCStringyxxSPys4Int8VGKXEKlF
        0 36556
        future: a header field this parser has never seen
        \(totals ?? "")
        """
    }

    @Test("a client request dump: its label, events, totals and part")
    func clientRequest() throws {
        let output = try CallgrindOutput(parsing: Self.dump())
        #expect(output.trigger == "Client Request: layoutbench frame 3 40x40/uniform/binary-search/context")
        #expect(output.label == "layoutbench frame 3 40x40/uniform/binary-search/context")
        #expect(output.events == ["Ir"])
        #expect(output.totals == [36556])
        #expect(output.instructions == 36556)
        #expect(output.part == 5)
    }

    @Test("totals win over a summary that wrapped around, as callgrind 3.19 writes after instrumentation starts")
    func wrappedSummary() throws {
        let output = try CallgrindOutput(parsing: Self.dump(summary: "summary: 18446744073709028518",
                                                            totals: "totals: 32271"))
        #expect(output.instructions == 32271)
    }

    @Test("without a totals line, the summary gives the figures")
    func summaryOnly() throws {
        let output = try CallgrindOutput(parsing: Self.dump(summary: "summary: 1234", totals: nil))
        #expect(output.instructions == 1234)
    }

    @Test("several events: trailing zeros left out are filled in; Ir is found by name")
    func severalEvents() throws {
        let text = """
            events: Dr Ir Dw
            desc: Trigger: Program termination
            totals: 7 100
            """
        let output = try CallgrindOutput(parsing: text)
        #expect(output.totals == [7, 100, 0])
        #expect(output.instructions == 100)
        #expect(output.trigger == "Program termination")
        #expect(output.label == nil)
        #expect(output.part == nil)
        let noInstructions = try CallgrindOutput(parsing: "events: Dr Dw\nsummary: 1 2\n")
        #expect(noInstructions.instructions == nil)
    }

    @Test("a label keeps its spaces and colons", arguments: [
        "layoutbench query 31 300x300/per-cell/sticky1x1/objects/phone/fling@60/linear-scan/full",
        "a: label with: colons",
        "x",
    ])
    func labels(_ label: String) throws {
        #expect(try CallgrindOutput(parsing: Self.dump(label: label)).label == label)
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        var text: String
        var error: CallgrindOutputError
        var testDescription: String { "\(error)" }
    }

    static let bad: [Bad] = [
        Bad(text: "", error: .notCallgrindOutput),
        Bad(text: "hello\nworld: 1\n", error: .notCallgrindOutput),
        Bad(text: "version: 1\ncreator: callgrind-3.19.0\n", error: .missingEvents),
        Bad(text: "events: Ir\nfn=(1) main\n0 5\n", error: .missingTotals),
        Bad(text: "events: Ir\ntotals: 12x\n",
            error: .malformedLine(line: 2, text: "totals: 12x", reason: "'12x' is not a non-negative integer")),
        Bad(text: "events: Ir\nsummary: -4\n",
            error: .malformedLine(line: 2, text: "summary: -4", reason: "'-4' is not a non-negative integer")),
        Bad(text: "events: Ir\ntotals: 1 2\n",
            error: .malformedLine(line: 2, text: "totals: 1 2", reason: "2 figures for 1 event(s) (Ir)")),
        Bad(text: "events:\ntotals: 1\n", error: .malformedLine(line: 1, text: "events:", reason: "no event names")),
        Bad(text: "part: two\nevents: Ir\ntotals: 1\n",
            error: .malformedLine(line: 1, text: "part: two", reason: "the part is not a number")),
        Bad(text: "events: Ir\ntotals: 1\nevents: Ir\ntotals: 2\n",
            error: .malformedLine(line: 3, text: "events: Ir",
                                  reason: "a second events line: the file holds more than one dump")),
        Bad(text: "events: Ir\ntotals: 1\ntotals: 2\n",
            error: .malformedLine(line: 3, text: "totals: 2",
                                  reason: "a second totals line: the file holds more than one dump")),
        Bad(text: "desc: Trigger: Client Request: a\ndesc: Trigger: Client Request: b\nevents: Ir\ntotals: 1\n",
            error: .malformedLine(line: 2, text: "desc: Trigger: Client Request: b",
                                  reason: "a second trigger: the file holds more than one dump")),
    ]

    @Test("malformed output is refused with an error that names the line", arguments: bad)
    func malformed(_ c: Bad) {
        #expect(throws: c.error) { try CallgrindOutput(parsing: c.text) }
        #expect(!c.error.description.contains("\n"))
    }

    @Test("a cut-short file says so")
    func cutShort() {
        let text = String(Self.dump(summary: "positions: line", totals: nil))
        #expect(throws: CallgrindOutputError.missingTotals) { try CallgrindOutput(parsing: text) }
        #expect(CallgrindOutputError.missingTotals.description.contains("cut short"))
    }
}

extension CallgrindOutputTests {
    /// How the launcher finds valgrind and what it asks callgrind for, and how the child's environment makes the counts
    /// repeat. (Nested here, so that `swift test --filter CallgrindOutputTests` runs it too.)
    @Suite("CallgrindLauncher")
    struct Launcher {
        @Test("valgrind is looked for in absolute PATH entries only")
        func lookup() throws {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("callgrind-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let fake = directory.appendingPathComponent("valgrind").path
            #expect(FileManager.default.createFile(atPath: fake, contents: Data("#!/bin/sh\n".utf8),
                                                   attributes: [.posixPermissions: 0o755]))
            #expect(Executables.find("valgrind", searchPath: "/nonexistent:\(directory.path)") == fake)
            #expect(Executables.find("valgrind", searchPath: "/nonexistent:\(directory.path)/") == fake)
            // A relative entry is never searched, even one that leads from the current directory to the fake.
            let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
            let relative = String(repeating: "../", count: depth) + directory.path.dropFirst()
            #expect(FileManager.default.isExecutableFile(atPath: relative + "/valgrind"))
            #expect(Executables.find("valgrind", searchPath: relative) == nil)
            #expect(Executables.find("valgrind", searchPath: "") == nil)
            #expect(Executables.find("valgrind", searchPath: nil) == nil)
            #expect(throws: CallgrindLaunchError.valgrindNotFound) {
                try CallgrindLauncher.locate(searchPath: "/nonexistent")
            }
        }

        @Test("callgrind counts nothing until asked, and writes one file per dump into the given directory")
        func arguments() {
            let launcher = CallgrindLauncher(valgrind: "/usr/bin/valgrind", version: "3.19.0",
                                             objcopy: "/usr/bin/objcopy")
            let arguments = launcher.arguments(program: "/p/layoutbench",
                                               arguments: ["_instructions-child", "--seed", "1"],
                                               outputDirectory: "/tmp/d")
            #expect(arguments.first == "--tool=callgrind")
            #expect(arguments.contains("--collect-atstart=no") && arguments.contains("--instr-atstart=no"))
            #expect(arguments.contains("--callgrind-out-file=/tmp/d/callgrind.out.%p"))
            #expect(arguments.suffix(4) == ["/p/layoutbench", "_instructions-child", "--seed", "1"])
            let environment = CallgrindLauncher.childEnvironment(
                from: ["PATH": "/usr/bin", "HOME": "/root", "TMPDIR": "/scratch", "SWIFT_DETERMINISTIC_HASHING": "0"])
            #expect(environment == ["TMPDIR": "/scratch", "SWIFT_DETERMINISTIC_HASHING": "1", "LD_BIND_NOW": "1",
                                    "MALLOC_CONF": "dirty_decay_ms:-1,muzzy_decay_ms:-1"])
            // The user's jemalloc options stay; the decay settings come last, so they win.
            let merged = CallgrindLauncher.childEnvironment(from: ["MALLOC_CONF": "narenas:1,dirty_decay_ms:5"])
            #expect(merged["MALLOC_CONF"] == "narenas:1,dirty_decay_ms:5,dirty_decay_ms:-1,muzzy_decay_ms:-1")
            #expect(CallgrindLaunchError.valgrindNotFound.description.contains("sudo apt-get install valgrind"))
            #expect(CallgrindLaunchError.valgrindNotFound.description.contains("make deps DEPS_FLAGS=--with-valgrind"))
        }
    }
}
