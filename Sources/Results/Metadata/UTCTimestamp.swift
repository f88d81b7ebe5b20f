#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A UTC instant to the second, read and written as ISO 8601 (`2026-11-21T12:34:56Z`), the form
/// ``ResultsDocument/createdAt`` holds.
///
/// It formats with `gmtime_r` and fixed-width digits, so the text never depends on a locale, a calendar or a time zone.
public struct UTCTimestamp: Hashable, Sendable, CustomStringConvertible {
    /// The year, for example 2026.
    public var year: Int
    /// The month, 1 to 12.
    public var month: Int
    /// The day of the month, 1 to 31.
    public var day: Int
    /// The hour, 0 to 23.
    public var hour: Int
    /// The minute, 0 to 59.
    public var minute: Int
    /// The second, 0 to 60 (60 only in a leap second).
    public var second: Int

    /// The instant `secondsSince1970` seconds after 1970-01-01T00:00:00Z.
    public init(secondsSince1970: Int) {
        var time = time_t(secondsSince1970)
        var fields = tm()
        gmtime_r(&time, &fields)
        year = Int(fields.tm_year) + 1900
        month = Int(fields.tm_mon) + 1
        day = Int(fields.tm_mday)
        hour = Int(fields.tm_hour)
        minute = Int(fields.tm_min)
        second = Int(fields.tm_sec)
    }

    /// Parses exactly `YYYY-MM-DDTHH:MM:SSZ`; `nil` for anything else, or for a field out of range.
    public init?(iso8601 text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    /// The current instant, truncated to the second.
    public static func now() -> UTCTimestamp {
        UTCTimestamp(secondsSince1970: Int(time(nil)))
    }

    /// The instant as ISO 8601: `2026-11-21T12:34:56Z`.
    public var iso8601: String {
        let date = "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))"
        return "\(date)T\(digits(hour, 2)):\(digits(minute, 2)):\(digits(second, 2))Z"
    }

    /// The instant as ISO 8601, as ``iso8601`` gives it.
    public var description: String { iso8601 }

    /// The instant in the compact form results file names use: `20261121-123456` (UTC, without the `Z`).
    public var compact: String {
        let date = "\(digits(year, 4))\(digits(month, 2))\(digits(day, 2))"
        return "\(date)-\(digits(hour, 2))\(digits(minute, 2))\(digits(second, 2))"
    }
}

/// `value` in decimal, padded with leading zeros to `width` digits.
private func digits(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
}
