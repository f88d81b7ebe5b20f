import ArgumentParser
import Verification

/// What fails a `verify` check: missing, moved and attribute differences always do; extras (elements returned
/// outside the rect, or inside it but unknown to the reference) warn unless `--fail-on-extras` is given.
struct VerdictOptions: ParsableArguments {
    @Flag(help: "Fail on extras too: elements returned outside the rect, or inside it but not in the reference (by default a warning: UIKit tolerates them, at a cost the run measures).")
    var failOnExtras = false

    /// The policy the check follows.
    var policy: MismatchPolicy { failOnExtras ? .exact : .standard }
}

/// The lines a report prints for a tally: one line of counts per element kind (with the hidden elements left out,
/// which are not mismatches), then the first few of each class, indented.
func mismatchLines(_ label: String, _ tally: MismatchTally) -> [String] {
    var lines: [String] = []
    if let summary = tally.summary { lines.append("\(label): \(summary)") }
    if tally.hiddenLeftOut > 0 {
        lines.append("\(label): \(tally.hiddenLeftOut) hidden elements (alpha 0 or isHidden) left out, not missing")
    }
    lines += tally.exampleLines.map { "    \($0)" }
    return lines
}

/// The sentence that ends a report which passed with extras.
func extrasWarning(_ tally: MismatchTally) -> String {
    let outside = tally.total(.extraOutside), inside = tally.total(.extraInside)
    var parts: [String] = []
    if outside > 0 { parts.append("\(outside) extra outside the rect") }
    if inside > 0 { parts.append("\(inside) extra inside the rect") }
    return "warning: " + parts.joined(separator: " and ") + " (UIKit tolerates them: it makes views nobody sees, at "
        + "a cost `run` measures); --fail-on-extras makes them fail"
}
