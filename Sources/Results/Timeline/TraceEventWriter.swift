/// The bytes of a Trace Event Format file, one event a line, written directly: a 100,000-frame timeline is about
/// 600,000 events, which `JSONEncoder` would spend seconds and a keyed object per event on.
///
/// Every string goes through ``string(_:)``, which escapes what JSON requires (quotes, backslashes, control
/// characters); times are integral nanoseconds written as microseconds with up to three decimals.
struct TraceEventWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether an event has been written since the array opened (the next one needs a comma).
    private var hasEvent = false

    init() { bytes.reserveCapacity(1 << 16) }

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Closes the last line of the event array.
    mutating func endArray() { if hasEvent { bytes.append(UInt8(ascii: "\n")) } }

    /// `text` as a JSON string, quoted and escaped.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": raw("\\\"")
            case "\\": raw("\\\\")
            case "\n": raw("\\n")
            case "\r": raw("\\r")
            case "\t": raw("\\t")
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                raw("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// An integer.
    mutating func integer(_ value: Int64) { raw(String(value)) }

    /// `nanoseconds` as microseconds: `16666.667`, `0.084`, `12`.
    mutating func microseconds(_ nanoseconds: Int64) {
        let value = Swift.max(0, nanoseconds)
        raw(String(value / 1000))
        var fraction = value % 1000
        guard fraction != 0 else { return }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        raw("." + String(repeating: "0", count: digits - text.count) + text)
    }

    /// A number for `args`: whole numbers without a fraction, others in Swift's shortest exact form.
    mutating func number(_ value: Double) {
        guard value.isFinite else { return raw("0") }
        if value == value.rounded() && Swift.abs(value) < 9e15 { return raw(String(Int64(value))) }
        raw(String(value))
    }

    /// Opens the next event's line.
    private mutating func beginEvent() {
        if hasEvent { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\n"))
        hasEvent = true
    }

    /// A complete slice (`ph: X`); `kind`, when given, goes in `args`.
    mutating func complete(name: String, pid: Int, tid: Int, start: Int64, duration: Int64, kind: String? = nil) {
        beginEvent()
        raw(#"{"ph":"X","name":"#)
        string(name)
        raw(#","pid":\#(pid),"tid":\#(tid),"ts":"#)
        microseconds(start)
        raw(#","dur":"#)
        microseconds(duration)
        if let kind {
            raw(#","args":{"kind":"#)
            string(kind)
            raw("}")
        }
        raw("}")
    }

    /// A process counter (`ph: C`) named `name`, whose series `key` takes `value` at `at` ns.
    mutating func counter(name: String, key: String, value: Double, pid: Int, at: Int64) {
        beginEvent()
        raw(#"{"ph":"C","name":"#)
        string(name)
        raw(#","pid":\#(pid),"tid":1,"ts":"#)
        microseconds(at)
        raw(#","args":{"#)
        string(key)
        raw(":")
        number(value)
        raw("}}")
    }

    /// A thread-scoped instant (`ph: i`, `s: t`) with one numeric argument.
    mutating func instant(name: String, pid: Int, tid: Int, at: Int64, argument: (String, Double)) {
        beginEvent()
        raw(#"{"ph":"i","s":"t","name":"#)
        string(name)
        raw(#","pid":\#(pid),"tid":\#(tid),"ts":"#)
        microseconds(at)
        raw(#","args":{"#)
        string(argument.0)
        raw(":")
        number(argument.1)
        raw("}}")
    }

    /// A metadata event (`ph: M`) whose `args.name` is `value` (process and thread names).
    mutating func metadata(pid: Int, tid: Int?, name: String, value: String) {
        beginEvent()
        raw(#"{"ph":"M","name":"#)
        string(name)
        raw(#","pid":\#(pid),"tid":\#(tid ?? 0),"args":{"name":"#)
        string(value)
        raw("}}")
    }

    /// A metadata event whose `args.sort_index` is `number` (the process order).
    mutating func metadata(pid: Int, tid: Int?, name: String, number: Int) {
        beginEvent()
        raw(#"{"ph":"M","name":"#)
        string(name)
        raw(#","pid":\#(pid),"tid":\#(tid ?? 0),"args":{"sort_index":\#(number)}}"#)
    }
}
