extension ResultsDocument {
    /// What results files written before layouts became a dimension of a run leave out: they name neither a `layout`
    /// nor a `referenceStrategy`, because their only layout was the sticky grid, whose reference variant was the
    /// linear scan. New files always carry both keys, so no other family needs an entry.
    static let parametersBeforeLayouts: [ScenarioParameter: String] = [
        .layout: "sticky-grid", .referenceStrategy: "linear-scan",
    ]

    /// The document with every scenario that names no `layout` given ``parametersBeforeLayouts``: the one place that
    /// knows those files, so that every reader (compare, scaling, the renderers, history) reads one vocabulary. A
    /// scenario that names a layout is never given another's values.
    func namingLayoutsOfOlderFiles() -> ResultsDocument {
        guard scenarios.contains(where: { $0.parameters[.layout] == nil }) else { return self }
        var document = self
        for index in document.scenarios.indices where document.scenarios[index].parameters[.layout] == nil {
            for (key, value) in Self.parametersBeforeLayouts where document.scenarios[index].parameters[key] == nil {
                document.scenarios[index].parameters[key] = value
            }
        }
        return document
    }
}
