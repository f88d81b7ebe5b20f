import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Report
import Results
import Testing

/// Issue 29, defect 5: the suite name went unescaped into `<meta content="…">` (Plot's `.title` copies the title into
/// og and twitter meta attributes, and Plot does not escape attribute values), so a suite named
/// `q"><script>…</script>` gave a live script element. Every HTML page is rendered here with hostile names in every
/// field that comes from input, and parsed back as XML: no script element, no event-handler attribute, no input in
/// any attribute, and each name back as text.
@Suite("HTML reports: hostile names stay text")
struct HostileNamesTests {
    static let hostile = [
        #"q"><script>alert(1)</script>"#, "</title><script>alert(2)</script>", "javascript:alert(3)",
        "' onmouseover='alert(4)", "&lt;script&gt;alert(5)&lt;/script&gt;", "]]><svg onload=alert(6)>",
    ]

    /// A scaling document whose suite, layout, scenario ids, skipped reasons, branch and machine carry `name`.
    static func document(_ name: String, seed: UInt64 = 7) -> ResultsDocument {
        var document = ScalingFixtures.document(layout: name, seed: seed)
        document.suite = name
        document.git?.branch = name
        document.machine.cpuModel = name
        document.machine.kernel = name
        document.machine.allocator = "jemalloc " + name
        document.createdAt = name
        document.skipped.append(SkippedScenario(id: name, reason: name))
        return document
    }

    /// The page's elements, parsed as XML (Plot writes well-formed XHTML-style markup).
    final class Elements: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var text = ""
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements.append((name.lowercased(), attributes))
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }

    func parse(_ html: String) throws -> Elements {
        let body = html.replacingOccurrences(of: "<!DOCTYPE html>", with: "")
        let parser = XMLParser(data: Data(body.utf8))
        let elements = Elements()
        parser.delegate = elements
        let parsed = parser.parse()
        #expect(parsed, "the page does not parse: \(parser.parserError.map { "\($0)" } ?? "?")")
        try #require(parsed)
        return elements
    }

    func checkPage(_ html: String, names: [String], page: String) throws {
        let parsed = try parse(html)
        #expect(!parsed.elements.isEmpty)
        #expect(!parsed.elements.contains { $0.name == "script" }, "\(page): a script element")
        for element in parsed.elements {
            for (attribute, value) in element.attributes {
                #expect(!attribute.lowercased().hasPrefix("on"), "\(page): \(element.name) has \(attribute)")
                #expect(!value.lowercased().contains("javascript:"), "\(page): \(element.name) \(attribute)=\(value)")
                for name in names {
                    #expect(!value.contains(name), "\(page): input in <\(element.name) \(attribute)>")
                }
            }
        }
        for name in names {
            // Plot keeps entity references it finds in text, so a name spelled with `&lt;` reads back decoded.
            let decoded = name.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            #expect(parsed.text.contains(name) || parsed.text.contains(decoded), "\(page): \(name) is not in the text")
        }
    }

    @Test("the run report (report and run --format html)", arguments: hostile)
    func runReport(name: String) throws {
        let html = HTMLReport(documents: [Self.document(name)], sources: [name]).render()
        try checkPage(html, names: [name], page: "run report")
    }

    @Test("the comparison report", arguments: hostile)
    func comparisonReport(name: String) throws {
        let comparison = try ResultsComparison.compare(
            baselineRuns: [Self.document(name, seed: 1)], currentRuns: [Self.document(name, seed: 2)],
            policy: ComparisonPolicy())
        let html = ComparisonHTMLReport(comparison: comparison, baselineLabel: name, currentLabel: name).render()
        try checkPage(html, names: [name], page: "comparison report")
    }

    /// A profile of one query region whose scenario and functions are named `name`.
    static func profile(_ name: String, document: ResultsDocument, extra: UInt64 = 0) -> InstructionProfile {
        InstructionProfile(
            run: ProfiledRun(document), tool: "callgrind 3.19.0", names: name, folded: [name],
            functions: [ProfiledFunction(name: name, symbol: name, object: name),
                        ProfiledFunction(name: name + " callee", symbol: name, object: name)],
            scenarios: [ScenarioProfile(id: name, regions: [
                RegionProfile(kind: .query, operations: 2, total: 100 + extra, remainder: 0,
                              costs: [FunctionCost(function: 0, selfCost: 40, inclusive: 100 + extra),
                                      FunctionCost(function: 1, selfCost: 60 + extra, inclusive: 60 + extra)],
                              calls: [CallCost(caller: 0, callee: 1, cost: 60 + extra)], others: []),
            ])])
    }

    @Test("the flame graphs of profiles, in the run, gate and comparison reports", arguments: hostile)
    func flameGraphs(name: String) throws {
        var before = ScalingFixtures.document(layout: "grid", seed: 1)
        before.scenarios = [ScenarioResult(id: name, parameters: [:], metrics: [
            "query.instructions": .exact(50, unit: "instructions")])]
        var after = before
        after.scenarios[0].metrics["query.instructions"] = .exact(55, unit: "instructions")
        let old = Self.profile(name, document: before), new = Self.profile(name, document: after, extra: 10)
        let report = HTMLReport(documents: [before, after], sources: [name, name], profiles: [old, new]).render()
        #expect(report.contains("data-chart=\"flame\""))
        try checkPage(report, names: [name], page: "run report with profiles")
        var verdict = try GateVerdict.evaluate(baseline: before, current: after, thresholds: Thresholds())
        verdict.attribute(baseline: old, current: new)
        #expect(verdict.checks.first?.attribution?.first?.function == name + " callee")
        let gate = GateHTMLReport(verdict: verdict, baselineProfile: old, currentProfile: new).render()
        #expect(gate.contains("data-chart=\"flame\""))
        try checkPage(gate, names: [name], page: "gate report with profiles")
        let comparison = try ResultsComparison.compare(baseline: before, current: after)
            .attributing(baseline: old, current: new)
        let page = ComparisonHTMLReport(comparison: comparison, baselineLabel: name, currentLabel: name,
                                        baselineProfile: old, currentProfile: new).render()
        #expect(page.contains("data-chart=\"flame\""))
        try checkPage(page, names: [name], page: "comparison report with profiles")
    }

    @Test("the gate report", arguments: hostile)
    func gateReport(name: String) throws {
        let verdict = try GateVerdict.evaluate(
            baseline: Self.document(name, seed: 1), current: Self.document(name, seed: 2), thresholds: Thresholds(),
            baselineLabel: name, currentLabel: name, thresholdsLabel: name)
        try checkPage(GateHTMLReport(verdict: verdict).render(), names: [name], page: "gate report")
    }
}
