import Results
import Testing

@Suite("UTCTimestamp")
struct UTCTimestampTests {
    @Test("seconds since 1970 format as ISO 8601 UTC and in the compact form", arguments: [
        (0, "1970-01-01T00:00:00Z", "19700101-000000"),
        (951_782_400, "2000-02-29T00:00:00Z", "20000229-000000"),
        (1_795_264_496, "2026-11-21T12:34:56Z", "20261121-123456"),
        (4_102_444_799, "2099-12-31T23:59:59Z", "20991231-235959"),
    ])
    func format(seconds: Int, iso: String, compact: String) {
        let timestamp = UTCTimestamp(secondsSince1970: seconds)
        #expect(timestamp.iso8601 == iso)
        #expect(timestamp.description == iso)
        #expect(timestamp.compact == compact)
        #expect(UTCTimestamp(iso8601: iso) == timestamp)
    }

    @Test("only the exact form parses", arguments: [
        "", "2026-11-21 12:34:56Z", "2026-11-21T12:34:56", "2026-11-21T12:34:56+00:00", "2026-13-01T00:00:00Z",
        "2026-11-21T24:00:00Z", "2026-11-2lT12:34:56Z", "2026-11-21T12:34:56.5Z",
    ])
    func rejects(text: String) {
        #expect(UTCTimestamp(iso8601: text) == nil)
    }

    @Test("now() is a current time that round-trips through its text")
    func now() throws {
        let now = UTCTimestamp.now()
        #expect(UTCTimestamp(iso8601: now.iso8601) == now)
        #expect(now.year >= 2024)
    }
}
