import LayoutModel
import Layouts
import Scenarios
import Verification

/// The self-sizing part of the conformance checker
/// (`checkLayoutFamily(_:seed:viewport:rects:traces:traceFrames:updateBatches:updateShape:maximumFailures:)` runs it):
/// for a family that resolves self-sizing items of the workload's content
/// (``Scenarios/SelfSizingLayoutFamily/supportsSelfSizing(for:)``), the `self-sizing` and `rotate` traces over a small
/// content of the same shape (at most 12 sections of 40 items), a list and a grid of three items a line, every
/// self-sizing strategy under `none` and `top` anchoring, through ``Verification/UpdateVerification``: after every
/// frame the layout answers exactly as a fresh layout told the sizes fitted so far, and as the `full` strategy; under
/// `top` no frame jumps. A family that does not declare self-sizing is not checked here.
///
/// - Returns: the failures, at most `maximumFailures`, each one line; empty when the family conforms.
public func checkLayoutFamilySelfSizing(_ workload: WorkloadSpec, seed: UInt64, frames: Int = 60,
                                        maximumFailures: Int = 10, policy: MismatchPolicy = .exact) -> [String] {
    var base = workload
    base.rows = Swift.min(workload.rows, 12)
    base.columns = Swift.min(workload.columns, 40)
    var failures: [String] = []
    for itemsPerLine in [1, 3] {
        base.selfSizing = SelfSizingSpec(itemsPerLine: itemsPerLine, fittingCost: 0)
        guard base.problem == nil, base.layout.supportsSelfSizing(for: base.content(seed: seed)) else {
            return failures
        }
        for trace in ScrollTraceKind.selfSizingTraces {
            let verification = UpdateVerification(workload: base, seed: seed, traceKind: trace, frames: frames,
                                                  anchorings: [.none, .top], policy: policy)
            let label = "self-sizing \(itemsPerLine) a line, \(trace.rawValue) trace"
            do throws(UpdateVerification.Failure) {
                let report = try verification.run()
                for run in report.runs where !run.passed {
                    var line = "\(label), \(run.strategy.rawValue) under \(run.anchoring.rawValue):"
                    if let first = run.firstFreshMismatch { line += " against a fresh layout: \(first);" }
                    if let first = run.firstFullMismatch { line += " against full: \(first);" }
                    if !run.jumpsAllowed && run.jumpMax > 0 { line += " jumped \(run.jumpMax) pt;" }
                    if run.checkedFrames == 0 { line += " no frame checked;" }
                    failures.append(line)
                }
            } catch {
                failures.append("\(label): \(error)")
            }
            if failures.count >= maximumFailures { return Array(failures.prefix(maximumFailures)) }
        }
    }
    return failures
}
