/// One callgrind output file (one dump), as far as the instruction pass needs it: what triggered the dump, the
/// events counted and their totals, and the calls into routines counted apart (``ApartRoutine``).
///
/// Callgrind writes one file per `CALLGRIND_DUMP_STATS_AT(label)` request, plus one at program termination. The
/// header names the trigger (`desc: Trigger: Client Request: <label>`), the events (`events: Ir`) and their totals
/// (`summary: 1234` in the header, `totals: 1234` after the cost lines); see the format description in valgrind's
/// manual, "Callgrind Format Specification". The body names each function (`ob=`, `fn=`, with name compression:
/// `fn=(12) name` the first time, `fn=(12)` after) and its calls (`cob=`, `cfn=`, `calls=COUNT TARGET`, then a
/// line with the call's inclusive cost); the parser follows them to add up the calls into routines counted apart,
/// and, when asked, each function's own and inclusive cost (``functions``, for instruction profiles). Lines it does
/// not know (files, jumps, new header fields) are skipped.
public struct CallgrindOutput: Hashable, Sendable {
    /// The text after `Trigger: ` in the `desc:` line: `Client Request: <label>`, `Program termination`, … or `nil`
    /// when the file has no trigger line.
    public var trigger: String?
    /// The event names of the `events:` line, in order; `Ir` is instructions executed.
    public var events: [String]
    /// The total of each event over the dump, in the order of ``events``. Callgrind leaves out trailing zeros;
    /// they are filled in here.
    public var totals: [UInt64]
    /// The dump's number from the `part:` line, when present (dumps of one run count up from 1).
    public var part: Int?
    /// The calls the dump's functions made into each class of routine counted apart, and the instructions (`Ir`,
    /// inclusive) those calls executed. A call from one such routine into another is part of the outer call.
    public var apart: [ApartRoutine: ApartFigures]
    /// The dump's instructions per function, the routines counted apart taken out as ``countedInstructions`` takes
    /// them out; `nil` unless the file was parsed with `functions: true`.
    public var functions: CallgrindFunctionCosts?

    /// The label of the client request that triggered the dump (`CALLGRIND_DUMP_STATS_AT(label)`), or `nil` when
    /// something else triggered it.
    public var label: String? {
        guard let trigger, trigger.hasPrefix(Self.clientRequestPrefix) else { return nil }
        return String(trigger.dropFirst(Self.clientRequestPrefix.count))
    }

    /// The instructions executed (the `Ir` event) in the dump's period.
    public var instructions: UInt64? {
        events.firstIndex(of: "Ir").map { totals[$0] }
    }

    /// The instructions executed in the dump's period without those of the routines counted apart: the figure the
    /// instruction pass reports, which depends on the code that ran and not on the machine it ran on.
    public var countedInstructions: UInt64? {
        instructions.map { total in
            let apart = self.apart.values.reduce(UInt64(0)) { $0 &+ $1.instructions }
            return total >= apart ? total - apart : 0
        }
    }

    static let clientRequestPrefix = "Client Request: "

    /// Creates a dump from its parts.
    public init(trigger: String?, events: [String], totals: [UInt64], part: Int? = nil,
                apart: [ApartRoutine: ApartFigures] = [:], functions: CallgrindFunctionCosts? = nil) {
        self.trigger = trigger
        self.events = events
        self.totals = totals
        self.part = part
        self.apart = apart
        self.functions = functions
    }

    /// Parses the text of a callgrind output file; with `functions`, also its costs per function (``functions``).
    ///
    /// The totals come from the `totals:` line (the sum of the dump's cost lines), else from the `summary:` line.
    /// Callgrind 3.19 writes a wrong `summary:` (a negative figure wrapped around) in the first dump after
    /// instrumentation is switched on and in the dump at program termination, while `totals:` stays right, so the
    /// two are not compared. Every failure names the line and what was wrong with it.
    ///
    /// - Throws: ``CallgrindOutputError``.
    /// - Complexity: O(n) in the length of `text`.
    public init(parsing text: String, functions: Bool = false) throws(CallgrindOutputError) {
        var trigger: String?
        var events: [String]?
        var summary: (line: Int, text: String, figures: [UInt64])?
        var totals: (line: Int, text: String, figures: [UInt64])?
        var part: Int?
        var sawHeader = false
        var lineNumber = 0
        var body = _CallgrindBody()
        body.recordsFunctions = functions
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = line.last == "\r" ? line.dropLast() : line
            switch try body.consume(line, lineNumber: lineNumber, events: events) {
            case .consumed: continue
            case .header: break
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon]
            // Header keys are plain words; cost and name lines (`fn=(3) main`, `15 2`, `calls=1 0`) never match.
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0 == "_" }) else { continue }
            let value = Self.trimmed(line[line.index(after: colon)...])
            switch key {
            case "version", "creator", "cmd", "pid":
                sawHeader = true
            case "part":
                sawHeader = true
                guard let number = Int(value) else {
                    throw .malformedLine(line: lineNumber, text: String(line), reason: "the part is not a number")
                }
                part = number
            case "desc":
                sawHeader = true
                if value.hasPrefix("Trigger:") {
                    guard trigger == nil else {
                        throw .malformedLine(line: lineNumber, text: String(line),
                                             reason: "a second trigger: the file holds more than one dump")
                    }
                    trigger = String(Self.trimmed(value.dropFirst("Trigger:".count)))
                }
            case "events":
                guard events == nil else {
                    throw .malformedLine(line: lineNumber, text: String(line),
                                         reason: "a second events line: the file holds more than one dump")
                }
                let names = value.split(separator: " ").map(String.init)
                guard !names.isEmpty else {
                    throw .malformedLine(line: lineNumber, text: String(line), reason: "no event names")
                }
                events = names
            case "positions":
                sawHeader = true
                body.positionColumns = Swift.max(1, value.split(separator: " ").count)
            case "summary", "totals":
                guard (key == "summary" ? summary : totals) == nil else {
                    throw .malformedLine(line: lineNumber, text: String(line),
                                         reason: "a second \(key) line: the file holds more than one dump")
                }
                var figures: [UInt64] = []
                for field in value.split(separator: " ") {
                    guard let figure = UInt64(field) else {
                        throw .malformedLine(line: lineNumber, text: String(line),
                                             reason: "'\(field)' is not a non-negative integer")
                    }
                    figures.append(figure)
                }
                let entry = (lineNumber, String(line), figures)
                if key == "summary" { summary = entry } else { totals = entry }
            default:
                continue
            }
        }
        guard let events else {
            throw sawHeader ? .missingEvents : .notCallgrindOutput
        }
        guard let chosen = totals ?? summary else { throw .missingTotals }
        guard chosen.figures.count <= events.count else {
            throw .malformedLine(line: chosen.line, text: chosen.text, reason:
                "\(chosen.figures.count) figures for \(events.count) event(s) (\(events.joined(separator: " ")))")
        }
        let padded = chosen.figures + Array(repeating: 0, count: events.count - chosen.figures.count)
        let costs = functions
            ? CallgrindFunctionCosts(selfCosts: body.selfCosts, calls: body.callCosts, objects: body.objectOf,
                                     classes: body.classOf)
            : nil
        self.init(trigger: trigger, events: events, totals: padded, part: part, apart: body.apart, functions: costs)
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}

/// Why a callgrind output file could not be read, in one line.
public enum CallgrindOutputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text has none of callgrind's header lines: it is not a callgrind output file.
    case notCallgrindOutput
    /// The header has no `events:` line, so the figures cannot be named.
    case missingEvents
    /// Neither a `summary:` nor a `totals:` line: the file was cut short.
    case missingTotals
    /// A header line that cannot be read.
    case malformedLine(line: Int, text: String, reason: String)

    public var description: String {
        switch self {
        case .notCallgrindOutput: "not a callgrind output file (no 'events:' line and no callgrind header)"
        case .missingEvents: "callgrind output without an 'events:' line"
        case .missingTotals: "callgrind output without a 'summary:' or 'totals:' line (was the file cut short?)"
        case let .malformedLine(line, text, reason):
            "callgrind output, line \(line) '\(text)': \(reason)"
        }
    }
}
