import Foundation
import LayoutModel
import Scenarios
import Verification

extension FuzzTarget {
    /// `--set` values: the first line is the layout's name, every further line one `KEY=VALUE`. They are turned into
    /// the family's JSON object exactly as `LayoutOptions.family(stickyGrid:)` in LayoutBenchCLI does (VALUE as JSON,
    /// or else a plain string), decoded through the catalog, and a small workload of the family is checked and
    /// verified as `verify --layout NAME --set … --rows 6 --columns 6 --queries 8` and `verify invalidation` would.
    static func set(_ bytes: Data) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let name = lines.first else { return }
        let catalog = LayoutCatalog.builtIn
        var object: [String: Any] = ["name": String(name)]
        for parameter in lines.dropFirst() {
            guard let equals = parameter.firstIndex(of: "="), equals != parameter.startIndex else { return }
            let key = String(parameter[..<equals]), text = String(parameter[parameter.index(after: equals)...])
            object[key] = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) ?? text
        }
        guard JSONSerialization.isValidJSONObject(object),
              let data = try? JSONSerialization.data(withJSONObject: object)
        else { return }
        let decoder = JSONDecoder()
        decoder.userInfo[LayoutCatalog.userInfoKey] = catalog
        guard let family = try? decoder.decode(AnyLayoutFamily.self, from: data) else { return }
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
