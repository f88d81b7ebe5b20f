import Foundation
import Report
import Results

extension FuzzTarget {
    /// An instruction profile file: decoded and checked as ``ResultsStore/readProfile(_:)`` decodes it, then used as
    /// `gate`, `compare`, `report`, `bisect` and `history changes` use one: every region attributed against itself and
    /// against a small profile of its own run, its call tree built and compared, the report, gate and comparison pages
    /// with its flame graphs rendered, and the profile written back.
    static func profile(_ bytes: Data) {
        guard let profile = try? InstructionProfile.decode(json: bytes, source: "fuzz.profile.json") else { return }
        if let data = try? profile.encodedJSON() { consume(data.count) }
        let other = smallProfile(like: profile)
        var scenarios: [ScenarioResult] = []
        for scenario in profile.scenarios.prefix(8) {
            var metrics: [String: Metric] = [:]
            for region in scenario.regions {
                let tree = ProfileTree(region: region, functions: profile.functions)
                consume(tree.compared(with: tree).root.count)
                for (baseline, current) in [(profile, profile), (other, profile), (profile, other)] {
                    if let attribution = RegionAttribution(baseline: baseline, current: current, scenario: scenario.id,
                                                           region: region.kind) {
                        let entries = attribution.top(10)
                        consume(AttributionText.lines(entries, operation: region.kind.operation))
                        consume(AttributionText.markdownTable(entries, operation: region.kind.operation))
                    }
                }
                metrics[region.kind.metric.rawValue] = .exact(region.totalPerOperation, unit: "instructions")
            }
            scenarios.append(ScenarioResult(id: scenario.id, parameters: [:], metrics: metrics))
        }
        guard let document = document(for: profile, scenarios: scenarios) else { return }
        consume(HTMLReport(documents: [document, document], profiles: [other, profile]).render())
        var baselineDocument = document
        for index in baselineDocument.scenarios.indices {
            for name in baselineDocument.scenarios[index].metrics.keys {
                baselineDocument.scenarios[index].metrics[name] = .exact(1, unit: "instructions")
            }
        }
        if var verdict = try? GateVerdict.evaluate(baseline: baselineDocument, current: document,
                                                   thresholds: Thresholds()) {
            verdict.attribute(baseline: other, current: profile)
            consume(GateRenderer(verdict: verdict).text())
            consume(GateRenderer(verdict: verdict).markdown())
            consume(GateHTMLReport(verdict: verdict, baselineProfile: other, currentProfile: profile).render())
        }
        if let comparison = try? ResultsComparison.compare(baseline: baselineDocument, current: document) {
            let attributed = comparison.attributing(baseline: other, current: profile)
            consume(ComparisonRenderer(comparison: attributed, baselineLabel: "a", currentLabel: "b").table())
            consume(ComparisonHTMLReport(comparison: attributed, baselineLabel: "a", currentLabel: "b",
                                         baselineProfile: other, currentProfile: profile).render())
        }
    }

    /// A profile of the same run with one function per region of `profile`, named as its first function.
    static func smallProfile(like profile: InstructionProfile) -> InstructionProfile {
        let name = profile.functions.first?.name ?? "f"
        return InstructionProfile(
            run: profile.run, tool: profile.tool, names: profile.names, folded: profile.folded,
            functions: [ProfiledFunction(name: name)],
            scenarios: profile.scenarios.map { scenario in
                ScenarioProfile(id: scenario.id, regions: scenario.regions.map { region in
                    RegionProfile(kind: region.kind, operations: 1, total: 100, remainder: 0,
                                  costs: [FunctionCost(function: 0, selfCost: 100, inclusive: 100)], calls: [],
                                  others: [])
                })
            })
    }

    /// A results document of the profile's run with `scenarios`, as the results file beside it would be.
    static func document(for profile: InstructionProfile, scenarios: [ScenarioResult]) -> ResultsDocument? {
        guard !scenarios.isEmpty else { return nil }
        return ResultsDocument(
            toolVersion: "fuzz", createdAt: profile.run.createdAt,
            git: profile.run.commit.map { GitInfo(commit: $0, dirty: false, branch: nil) },
            machine: MachineInfo(cpuModel: "fuzz", cores: 1, memoryBytes: 1, kernel: "fuzz", swiftVersion: "6.3",
                                 buildConfiguration: "release", allocator: "jemalloc 5.3.0", timingIsValid: false),
            suite: profile.run.suite, seed: profile.run.seed, scenarios: scenarios)
    }
}
