import LayoutBenchTestSupport
import Layouts
import Testing

@testable import Scenarios

/// The catalog decodes `key=value` text into a family through each family's parameters, and refuses in typed cases,
/// first found first; no JSON is built.
@Suite("LayoutCatalog settings")
struct LayoutCatalogSettingsTests {
    static let catalog = LayoutCatalog.builtIn

    static func family(_ name: String, _ settings: [LayoutSetting]) throws(LayoutSettingsError) -> AnyLayoutFamily {
        try catalog.family(named: name, settings: settings)
    }

    @Test("text becomes each parameter's value: whole numbers, numbers, booleans and cases")
    func values() throws {
        #expect(try Self.family("sticky-grid", [.init(key: "stickyRows", text: "3"),
                                                .init(key: "stickyColumns", text: "1e1")])
            == AnyLayoutFamily(StickyGridFamily(stickyRows: 3, stickyColumns: 10)))
        var flow = FlowFamily()
        flow.options.spacing = 2.5
        flow.options.scrollDirection = .horizontal
        flow.options.pinHeaders = true
        #expect(try Self.family("flow", [.init(key: "spacing", text: "2.5"),
                                         .init(key: "scrollDirection", text: "\"horizontal\""),
                                         .init(key: "pinHeaders", text: "true")])
            == AnyLayoutFamily(flow))
        #expect(try Self.family("flow", []) == AnyLayoutFamily(FlowFamily()))
    }

    @Test("a value of the wrong kind is refused saying what the parameter takes")
    func kinds() {
        let cases: [(String, String, String, String?)] = [
            ("sticky-grid", "stickyRows", "1.5", "a whole number"),
            ("sticky-grid", "stickyRows", "two", "a whole number"),
            ("sticky-grid", "stickyRows", "1e308", "a whole number of at most \(Int.max)"),
            ("flow", "spacing", "wide", "a number"),
            ("flow", "pinHeaders", "yes", "true or false"),
            ("flow", "scrollDirection", "sideways", nil),
        ]
        for (layout, key, text, takes) in cases {
            let error = #expect(throws: LayoutSettingsError.self) {
                try Self.family(layout, [.init(key: key, text: text)])
            }
            guard case let .notAccepted(setting, parameter, refusedLayout, refusedTakes)? = error else {
                Issue.record("\(key)=\(text): \(String(describing: error))")
                continue
            }
            #expect(setting.text == text && parameter.key == key && refusedLayout == layout && refusedTakes == takes)
        }
    }

    @Test("refusals come first found first: null, out of range, twice, an option and --set, then unknown keys")
    func order() {
        let rows = LayoutSetting(key: "stickyRows", text: "2")
        let option = LayoutSetting(key: "stickyRows", text: "3", option: "--sticky-rows")
        func refusal(_ name: String, _ settings: [LayoutSetting]) -> LayoutSettingsError? {
            #expect(throws: LayoutSettingsError.self) { try Self.family(name, settings) }
        }
        let known = Self.catalog.names
        #expect(refusal("spiral", [rows]) == .unknownLayout("spiral", known: known))
        #expect(refusal("flow", [option]) == .optionsOfAnotherFamily(["--sticky-rows", "--sticky-columns"],
                                                                      owner: "sticky-grid", layout: "flow"))
        #expect(refusal("sticky-grid", [.init(key: "name", text: "flow")])
            == .nameIsNotAParameter(.init(key: "name", text: "flow")))
        #expect(refusal("sticky-grid", [rows, option]) == .givenTwice(option, rows))
        #expect(refusal("sticky-grid", [rows, .init(key: "stickyRows", text: "4")])
            == .givenTwice(rows, .init(key: "stickyRows", text: "4")))
        guard case .null? = refusal("sticky-grid", [.init(key: "stickyRows", text: "null")]) else {
            Issue.record("null")
            return
        }
        guard case .outOfRange? = refusal("sticky-grid", [.init(key: "stickyRows", text: "1e400")]) else {
            Issue.record("1e400")
            return
        }
        // A value not accepted is named before a key the family does not take.
        guard case .notAccepted? = refusal("sticky-grid", [.init(key: "stikyRows", text: "2"),
                                                           .init(key: "stickyRows", text: "x")]) else {
            Issue.record("notAccepted before unknownKey")
            return
        }
        #expect(refusal("sticky-grid", [.init(key: "stikyRows", text: "2")])
            == .unknownKey("stikyRows", layout: "sticky-grid", closest: "stickyRows",
                           accepted: ["name", "stickyRows", "stickyColumns"]))
    }

    @Test("the catalog lists parameter options and a default family, the first; a workload without a layout is it")
    func aliasesAndDefault() throws {
        #expect(Self.catalog.parameterAliases.map(\.option) == ["--sticky-rows", "--sticky-columns"])
        #expect(Self.catalog.parameterAliases.allSatisfy { $0.family == StickyGridFamily.name && $0.takesWholeNumbers })
        #expect(Self.catalog.defaultFamily?.name == StickyGridFamily.name)
        let mine = LayoutCatalog([MinimalListFamily.self]).adding(StickyGridFamily.self)
        #expect(mine.defaultFamily?.name == MinimalListFamily.name)
        #expect(LayoutCatalog([]).defaultFamily == nil)
        let workload = try LayoutCatalogTests.decodeWorkload(#"{"rows": 4, "columns": 5}"#, catalog: mine)
        #expect(workload.layout == AnyLayoutFamily(MinimalListFamily()))
    }
}
