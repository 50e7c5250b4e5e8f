// ISO 8601 timestamps of session files: milliseconds in UTC on write; with or without fractions on read.
import Foundation
import Testing
@testable import LyraKit

@Suite struct ChatTimestampTests {
    @Test func writesUTCWithMilliseconds() {
        let date = Date(timeIntervalSince1970: 1_795_946_700.123)
        #expect(ChatTimestamp.string(from: date) == "2026-11-29T10:05:00.123Z")
        #expect(ChatTimestamp.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(ChatTimestamp.string(from: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00.000Z")
    }

    @Test func readsWithAndWithoutFractionalSecondsAndOffsets() throws {
        let reference = Date(timeIntervalSince1970: 1_795_946_700)
        #expect(ChatTimestamp.date(from: "2026-11-29T10:05:00Z") == reference)
        #expect(ChatTimestamp.date(from: "2026-11-29T10:05:00.5Z") == reference + 0.5)
        #expect(ChatTimestamp.date(from: "2026-11-29T12:05:00+02:00") == reference)
        #expect(ChatTimestamp.date(from: "2026-11-29T05:05:00-0500") == reference)
        let precise = try #require(ChatTimestamp.date(from: "2026-11-29T10:05:00.123456Z"))
        #expect(ChatTimestamp.string(from: precise) == "2026-11-29T10:05:00.123Z")
    }

    @Test func rejectsWhatIsNotATimestamp() {
        for text in ["", "yesterday", "2026-11-29", "2026-13-01T00:00:00Z", "2026-11-29T10:05:00", "2026-11-29T10:05:00Zjunk"] {
            #expect(ChatTimestamp.date(from: text) == nil, "\(text)")
        }
    }

    @Test func calendarEdgesAreReadAndWrittenAsBefore() {
        let cases: [(Double, String)] = [
            (-1, "1969-12-31T23:59:59.000Z"), (-62_167_219_200, "0000-01-01T00:00:00.000Z"),
            (253_402_300_799.9994, "9999-12-31T23:59:59.999Z"), (253_402_300_800, "10000-01-01T00:00:00.000Z"),
        ]
        for (seconds, text) in cases {
            #expect(ChatTimestamp.string(from: Date(timeIntervalSince1970: seconds)) == text)
        }
        #expect(ChatTimestamp.date(from: "1969-12-31t23:59:59,5z") == Date(timeIntervalSince1970: -0.5))
        #expect(ChatTimestamp.date(from: "2016-12-31T23:59:60Z") == Date(timeIntervalSince1970: 1_483_228_800))
        #expect(ChatTimestamp.date(from: "2026-02-31T00:00:00Z") == ChatTimestamp.date(from: "2026-03-03T00:00:00Z"))
    }

    @Test func truncationSurvivesARoundTrip() throws {
        for offset in stride(from: 0.0, to: 2.0, by: 0.0917) {
            let date = ChatTimestamp.truncatedToMilliseconds(Date(timeIntervalSince1970: 1_795_946_700.0004 + offset))
            let parsed = try #require(ChatTimestamp.date(from: ChatTimestamp.string(from: date)))
            #expect(parsed == date)
        }
    }
}
