import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Measurement
import Results
import Scenarios
import Platform

/// The parent side of the instruction pass: valgrind located, and the children of this executable it runs under
/// callgrind, one per scenario, whose dumps become `frame.instructions`, `query.instructions` and
/// `prepare.instructionsPerCell` (and the calls counted apart: `*.metadataLookups`, `*.mathCalls`), with a record of
/// what those counts depend on.
package struct InstructionCounter: Sendable {
    /// The callgrind launcher.
    package var launcher: CallgrindLauncher
    /// The hidden command of this executable that runs ``InstructionPass`` (its words before the request).
    package var childCommand: [String]
    /// The executable the children run: this one.
    package var program: String

    /// Locates valgrind and checks that this binary was built with callgrind's client requests.
    ///
    /// - Parameter childCommand: the words that select the hidden child command of this executable; the encoded
    ///   ``InstructionChildRequest`` follows them.
    /// - Throws: ``HarnessError/callgrindMissing(_:)`` saying what is missing and how to install it, or
    ///   ``HarnessError/callgrindClientRequestsMissing``.
    package static func locate(childCommand: [String]) throws(HarnessError) -> InstructionCounter {
        let launcher: CallgrindLauncher
        do {
            launcher = try CallgrindLauncher.locate()
        } catch {
            throw .callgrindMissing(error)
        }
        guard Callgrind.isAvailable else { throw .callgrindClientRequestsMissing }
        return InstructionCounter(launcher: launcher, childCommand: childCommand, program: executablePath())
    }

    /// The same counter with the children running `program` (another build's `layoutbench`, for `ab` and
    /// `bisect`), whose hidden child command takes the same request: this process reads its dumps, so the metrics
    /// and profiles of every build are made the same way.
    package func counting(program: String) -> InstructionCounter {
        InstructionCounter(launcher: launcher, childCommand: childCommand, program: program)
    }

    /// Runs the instruction pass over the scenarios of `document` (measured from `plan`), one child under callgrind
    /// per scenario (so that a scenario's counts never depend on which others were selected), as many at a time as
    /// there are cores and memory for, and adds `frame.instructions`, `query.instructions` and
    /// `prepare.instructionsPerCell` and the calls counted apart to each, with an `instructions` parameter naming the
    /// tool (`callgrind 3.19.0`), and sets the document's ``Results/InstructionEnvironment``. Skipped scenarios stay
    /// skipped. `emulation` makes the children count as if on another machine (the portability self-test).
    ///
    /// With `profile`, it also makes the run's per-function profiles from the same dumps, as they are read (no
    /// second run under valgrind), and returns them (``InstructionProfileBuilder``); names are demangled with
    /// `demangler`. Without it, the dumps are read for their totals only, as before profiles existed.
    ///
    /// - Throws: ``Measurement/CallgrindLaunchError`` or ``InstructionPassError``; `document` is unchanged then.
    @discardableResult
    package func count(in document: inout ResultsDocument, plan: RunPlan, progress: any HarnessProgress,
                      emulation: HostEmulation = .native, profile: Bool = false,
                      demangler: SwiftDemangler = .located()) throws -> InstructionProfile? {
        let ids = document.scenarios.map(\.id)
        guard !ids.isEmpty else { return nil }
        let wanted = Set(ids)
        let scenarios = ScenarioFixture.scenarios(of: plan.suite).filter { wanted.contains($0.id) }
        let jobs = Self.jobs(scenarios: scenarios, seed: document.seed)
        progress.note("counting instructions of \(ids.count) scenario(s) under callgrind \(launcher.version), "
                      + "\(jobs) at a time; the counted code runs about 50 times slower than natively")
        let started = MonotonicClock.now()
        // Without the filters, which the child does not need: a child's arguments (and so its stack and heap
        // layout, and its counts) then depend only on its scenario, never on what else was selected.
        var run = plan.request
        run.filter = []
        let children = ids.map { id in
            childCommand + [InstructionChildRequest(run: run, scenarios: [id]).argument()]
        }
        let builder = profile ? InstructionProfileBuilder() : nil
        let dumps = try launcher.run(program: program, children: children, jobs: jobs,
                                     environment: emulation.environment, functions: builder).flatMap { $0 }
        let metrics = try InstructionPass.metrics(from: dumps, scenarios: scenarios, seed: document.seed)
        document.instructionEnvironment = InstructionEnvironment(
            tool: "callgrind \(launcher.version)", countedCPU: InstructionPass.countedCPU(in: dumps) ?? "unknown",
            hostCPU: Callgrind.cpuIdentity, glibc: Self.glibcVersion(),
            emulation: emulation == .native ? nil : emulation.rawValue)
        for index in document.scenarios.indices {
            guard let counted = metrics[document.scenarios[index].id] else { continue }
            document.scenarios[index].metrics.merge(counted) { $1 }
            document.scenarios[index].parameters[.instructions] = "callgrind \(launcher.version)"
        }
        let seconds = Double(MonotonicClock.now() &- started) / 1e9
        progress.note("instructions counted in \(Int(seconds.rounded())) s")
        guard let builder else { return nil }
        var cells: [String: UInt64] = [:]
        for scenario in scenarios {
            cells[scenario.id] = UInt64(Swift.max(1, scenario.workload.content(seed: document.seed).itemCount))
        }
        let made = builder.profile(run: ProfiledRun(document), tool: "callgrind \(launcher.version)", order: ids,
                                   cells: cells, demangler: demangler)
        if let note = made.note { progress.note("instruction profiles: \(note)") }
        return made.profile
    }

    /// How many callgrind children run at once: one per core, fewer when that many of the largest scenario (two
    /// layouts in a child at worst, plus valgrind's own few hundred megabytes) would not fit in memory.
    package static func jobs(scenarios: [Scenario], seed: UInt64) -> Int {
        let largest = scenarios.map { $0.workload.estimatedBytes(seed: seed, layouts: 1) }.max() ?? 0
        let perChild = 2 * Double(largest) + 512 * 1024 * 1024
        var jobs = Swift.max(1, Swift.min(ProcessInfo.processInfo.activeProcessorCount, scenarios.count))
        let memoryGuard = MemoryGuard()
        while jobs > 1, case .tooLarge = memoryGuard.decide(estimate: Int(Swift.min(perChild * Double(jobs), 1e18))) {
            jobs -= 1
        }
        return jobs
    }

    /// The version of glibc this process runs with (`2.36`), from `confstr(_CS_GNU_LIBC_VERSION)`; `unknown` on
    /// another C library.
    package static func glibcVersion() -> String {
        #if canImport(Glibc)
        var buffer = [CChar](repeating: 0, count: 64)
        let length = confstr(Int32(_CS_GNU_LIBC_VERSION), &buffer, buffer.count)
        guard length > 0, length <= buffer.count else { return "unknown" }
        let text = String(decoding: buffer.prefix(length - 1).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.hasPrefix("glibc ") ? String(text.dropFirst("glibc ".count)) : text
        #else
        return "unknown"
        #endif
    }

    /// The absolute path of this executable, which the instruction pass runs again as its child.
    package static func executablePath() -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}
