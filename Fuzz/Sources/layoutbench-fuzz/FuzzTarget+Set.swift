import Foundation
import LayoutModel
import Scenarios
import Verification

extension FuzzTarget {
    /// `--set` values: the first line is the layout's name, every further line one `KEY=VALUE`. They are decoded by
    /// the catalog exactly as `LayoutOptions.family(options:)` in LayoutBenchCLI has them decoded
    /// (``Scenarios/LayoutCatalog/family(named:settings:)``), and a small workload of the family is checked and
    /// verified as `verify --layout NAME --set … --rows 6 --columns 6 --queries 8` and `verify invalidation` would.
    static func set(_ bytes: Data) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let name = lines.first else { return }
        var settings: [LayoutSetting] = []
        for parameter in lines.dropFirst() {
            guard let equals = parameter.firstIndex(of: "="), equals != parameter.startIndex else { return }
            settings.append(LayoutSetting(key: String(parameter[..<equals]),
                                          text: String(parameter[parameter.index(after: equals)...])))
        }
        guard let family = try? LayoutCatalog.builtIn.family(named: String(name), settings: settings) else { return }
        let workload = WorkloadSpec(rows: 6, columns: 6, counts: .varied, sizes: .perCell, layout: family,
                                    storage: family.familyType.storages[0])
        guard workload.problem == nil else { return }
        let verification = QueryVerification(
            workload: workload, seed: 1, viewport: Size(width: 390, height: 844), queryCount: 8)
        if let report = try? verification.run() { consume(report.allAgree) }
        // And as `verify invalidation --frames 12` would: context against full invalidation over a short fling.
        let invalidation = InvalidationVerification(
            workload: workload, seed: 1, viewport: Size(width: 390, height: 844), traceKind: .fling, frames: 12)
        if let report = try? invalidation.run() { consume(report) }
    }
}
