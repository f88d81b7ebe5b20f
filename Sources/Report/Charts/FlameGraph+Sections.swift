import Plot
import Results

extension FlameGraph {
    /// The most flame graphs a gate or comparison page draws (the checks that failed first); the rest are named.
    static let pageLimit = 8

    /// A figure per scenario and region: the current profile's flame graph, compared with the baseline's where it
    /// has the region, with the attribution's table under it when there is one.
    static func figures(_ items: [(scenario: String, region: ProfiledRegion, attribution: [FunctionAttribution]?)],
                        current: InstructionProfile, baseline: InstructionProfile?) -> [Node<HTML.BodyContext>] {
        var nodes: [Node<HTML.BodyContext>] = []
        for item in items {
            guard let region = current.region(item.region, scenario: item.scenario) else { continue }
            var tree = ProfileTree(region: region, functions: current.functions)
            if let baseline, let before = baseline.region(item.region, scenario: item.scenario) {
                tree = tree.compared(with: ProfileTree(region: before, functions: baseline.functions))
            }
            let graph = FlameGraph(title: "\(item.scenario): \(item.region.metric.rawValue)", tree: tree,
                                   operation: item.region.operation)
            nodes.append(.element(named: "figure", nodes: [
                .raw(graph.render()),
                .if(item.attribution != nil, .element(named: "figcaption", nodes: [
                    attributionTable(item.attribution ?? [], operation: item.region.operation),
                ])),
            ]))
        }
        return nodes
    }

    /// The functions behind a change, as a table.
    static func attributionTable(_ entries: [FunctionAttribution], operation: String) -> Node<HTML.BodyContext> {
        .table(
            .tr(.th("function"), .th("self Δ/\(operation)"), .th("inclusive Δ/\(operation)"), .th("share")),
            .forEach(entries) { entry in
                .tr(.td(.code(.text(AttributionText.label(entry)))),
                    .td(.class("num"), .text(AttributionText.signed(entry.selfDelta))),
                    .td(.class("num"), .text(AttributionText.signed(entry.inclusiveDelta))),
                    .td(.class("num"), .text(AttributionText.percent(entry.share))))
            }
        )
    }

    /// The flame graphs of the checks or metrics that carry an attribution, at most ``pageLimit``, under a heading;
    /// nothing without a current profile or such an item.
    static func section(_ items: [(scenario: String, region: ProfiledRegion, attribution: [FunctionAttribution]?)],
                        current: InstructionProfile?, baseline: InstructionProfile?) -> [Node<HTML.BodyContext>] {
        guard let current, !items.isEmpty else { return [] }
        var nodes: [Node<HTML.BodyContext>] = [
            .h2(.text("Which functions")),
            .p(.class("muted"), .text("Flame graphs (icicles) of the current run's instruction profile: each box a "
                + "function along one call path, as wide as its inclusive instructions per operation, coloured by "
                + "its change against the baseline (vermillion more, blue fewer, grey unchanged); hover a box for "
                + "its figures. The table lists the functions whose own instructions changed most, with the share "
                + "of the change each explains.")),
        ]
        nodes += figures(Array(items.prefix(pageLimit)), current: current, baseline: baseline)
        if items.count > pageLimit {
            nodes.append(.p(.text("\(items.count - pageLimit) more changed instruction metric(s) not drawn: "
                + items.dropFirst(pageLimit).map { "\($0.scenario) \($0.region.metric.rawValue)" }
                    .joined(separator: ", "))))
        }
        return nodes
    }
}
