import Plot
import Results

/// The page every HTML report shares: the document head with the inline style sheet, a title, and the run headers.
/// No scripts, no external resources: one file that opens offline.
///
/// **Escaping.** Plot escapes text nodes, but writes attribute values as given (Plot 0.14's `Attribute.render`), and
/// its `.title` in the head copies the title into `og:title` and `twitter:title` meta attributes. So no string from
/// input (suite names, scenario ids, file paths, branches, machine names) ever goes into an attribute: it goes into
/// text nodes only, and the title is a plain `<title>` element. Attributes hold only constants and numbers. Inline
/// SVG is written by ``SVGCanvas``, which escapes every string it is given. `HTMLReportTests` renders every page with
/// hostile names and parses it back.
enum ReportPage {
    static let css = """
        body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:24px auto;\
        max-width:1180px;padding:0 16px;color:#222;background:#fff;line-height:1.4}
        h1{font-size:1.6em;margin:.2em 0}h2{font-size:1.3em;margin-top:1.6em;border-bottom:1px solid #ddd}\
        h3{font-size:1.08em;margin:1.2em 0 .4em}
        table{border-collapse:collapse;font-size:.86em;margin:.4em 0}\
        th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}\
        th{background:#f5f5f5}td.num{text-align:right;font-variant-numeric:tabular-nums}
        figure{margin:.8em 0 1.6em}figcaption{font-size:.86em;color:#333}
        svg.chart{max-width:100%;height:auto;font-family:inherit;background:#fff}
        .grid{display:flex;flex-wrap:wrap;gap:8px 16px}.muted{color:#666;font-size:.9em}
        .pass{color:#0072B2;font-weight:600}.fail{color:#D55E00;font-weight:600}
        code{font-size:.92em;background:#f4f4f4;padding:0 3px}
        details>summary{cursor:pointer;font-weight:600;margin:.6em 0}
        """

    /// The whole page: `title`, then `body`.
    static func render(title: String, body: [Node<HTML.BodyContext>]) -> String {
        let html = HTML(
            .lang(.english),
            .head(
                .meta(.charset(.utf8)),
                .meta(.name("viewport"), .content("width=device-width, initial-scale=1")),
                // Not Plot's `.title`, which also writes the title into two unescaped meta attributes.
                .element(named: "title", text: title),
                .style(css)
            ),
            .body(.group(body))
        )
        return html.render()
    }

    /// The table of runs: suite, date, commit, machine, build and a link to each results file.
    static func runsTable(_ runs: [(document: ResultsDocument, source: String?)]) -> Node<HTML.BodyContext> {
        .table(
            .tr(.th("results"), .th("suite"), .th("created"), .th("commit"), .th("machine"), .th("build"),
                .th("scenarios")),
            .forEach(runs) { run in
                let d = run.document, m = d.machine
                let commit = d.git.map { git in
                    String(git.commit.prefix(10)) + (git.dirty ? " (dirty)" : "") + (git.branch.map { " on \($0)" } ?? "")
                } ?? "no git"
                let memory = format(Double(m.memoryBytes) / 1_073_741_824, decimals: 1)
                let machine = "\(m.cpuModel) × \(m.cores), \(memory) GiB, Linux \(m.kernel)"
                let build = "\(m.buildConfiguration), Swift \(m.swiftVersion), \(shortAllocator(m.allocator))"
                    + (m.timingIsValid ? "" : "; timings not valid")
                return .tr(
                    // A file name as text, not a link: a relative path would point beside the report, not beside the
                    // working directory, and a name is input that never goes into an attribute.
                    .td(run.source.map { source in .code(.text(source)) } ?? .text("(this run)")),
                    .td(.text("\(d.suite), seed \(d.seed)")), .td(.text(d.createdAt)), .td(.code(.text(commit))),
                    .td(.text(machine)), .td(.text(build)),
                    .td(.class("num"), .text("\(d.scenarios.count) run, \(d.skipped.count) skipped"))
                )
            }
        )
    }

    /// `jemalloc 5.3.0` without the build hash.
    static func shortAllocator(_ allocator: String) -> String {
        guard let dash = allocator.firstIndex(of: "-"), allocator.hasPrefix("jemalloc") else { return allocator }
        return String(allocator[..<dash])
    }
}
