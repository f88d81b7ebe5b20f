import Harness
import Measurement

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress on standard error: a bar with an ETA on a terminal, plain lines when `CI` is set or stderr is not a
/// terminal. Results never go here. It renders the harness's progress (``HarnessProgress``).
final class Progress: HarnessProgress {
    private let bar: Bool
    private var total = 1.0
    private var done = 0.0
    private var started = MonotonicClock.now()
    private var drawn = false

    /// A reporter on standard error, drawing a bar only on a terminal when `CI` is not set.
    init() {
        bar = isatty(STDERR_FILENO) == 1 && getenv("CI") == nil
    }

    /// `totalWork` is in arbitrary units; ``advance(by:)`` moves through them. The time left is reckoned from here.
    func begin(totalWork: Double) {
        total = Swift.max(1, totalWork)
        done = 0
        started = MonotonicClock.now()
    }

    /// Writes `line` to standard error as it is.
    func note(_ line: String) { standardError(line) }

    /// Reports a step: the bar's caption on a terminal, otherwise a line with the share done and the time left.
    func step(_ message: String) {
        if bar {
            draw(message)
        } else {
            standardError("\(message) (\(Int(fraction * 100))%\(eta))")
        }
    }

    private var fraction: Double { Swift.min(1, done / total) }

    /// `, ETA 12s` once enough is done to extrapolate, else nothing.
    private var eta: String {
        let elapsed = Double(MonotonicClock.now() &- started) / 1e9
        return fraction > 0.02 ? ", ETA \(Int((elapsed / fraction - elapsed).rounded()))s" : ""
    }

    /// Marks `work` units as done.
    func advance(by work: Double) { done += work }

    /// Ends the bar's line.
    func finish() {
        if bar && drawn { standardError("") }
    }

    private func draw(_ message: String) {
        let width = 24
        let filled = Int(Double(width) * fraction)
        let message = TerminalText.escapingControls(message)
        var caption = message.count > 60 ? String(message.prefix(57)) + "..." : message
        caption += String(repeating: " ", count: Swift.max(0, 60 - caption.count))
        let line = "\r[\(String(repeating: "#", count: filled))\(String(repeating: ".", count: width - filled))] "
            + "\(Int(fraction * 100))%\(eta) \(caption)"
        var text = line
        text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
        drawn = true
    }
}
