// The timestamps of session files (SPEC §3): ISO 8601 in UTC with milliseconds on write, with or
// without fractional seconds (and with a `Z` or a numeric offset) on read. The calendar is glibc's
// (`gmtime_r`, `timegm`); this file only reads and writes the digits around it.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Formats and parses the ISO 8601 timestamps of session files.
public enum ChatTimestamp {
    /// `date` as `2026-11-29T10:05:00.123Z` (UTC, milliseconds rounded to the nearest).
    public static func string(from date: Date) -> String {
        var bytes: [UInt8] = []
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the bytes of `string(from: date)` to `output` (no intermediate string).
    public static func append(_ date: Date, to output: inout [UInt8]) {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let fraction = (millis % 1000 + 1000) % 1000
        var seconds = time_t((millis - fraction) / 1000)
        var parts = tm()
        // Cannot fail: the seconds of an Int64 of milliseconds are a year far inside `int`.
        _ = gmtime_r(&seconds, &parts)
        let year = Int(parts.tm_year) + 1900
        guard (0...9999).contains(year) else {
            output.append(contentsOf: "\(year)-01-01T00:00:00.000Z".utf8)
            return
        }
        func put(_ value: Int, digits: Int, then separator: Unicode.Scalar) {
            var divisor = 1
            for _ in 1..<digits { divisor *= 10 }
            while divisor > 0 {
                output.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
            output.append(UInt8(ascii: separator))
        }
        put(year, digits: 4, then: "-")
        put(Int(parts.tm_mon) + 1, digits: 2, then: "-")
        put(Int(parts.tm_mday), digits: 2, then: "T")
        put(Int(parts.tm_hour), digits: 2, then: ":")
        put(Int(parts.tm_min), digits: 2, then: ":")
        put(Int(parts.tm_sec), digits: 2, then: ".")
        put(Int(fraction), digits: 3, then: "Z")
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM)`; nil for anything else.
    public static func date(from text: String) -> Date? {
        var reader = TimestampReader(Array(text.utf8))
        guard let year = reader.number(4), reader.expect("-"), let month = reader.number(2), reader.expect("-"),
              let day = reader.number(2), reader.expect("Tt "),
              let hour = reader.number(2), reader.expect(":"), let minute = reader.number(2), reader.expect(":"),
              let second = reader.number(2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        let millis = reader.fractionMilliseconds()
        guard let offset = reader.zoneOffsetSeconds(), reader.isAtEnd else { return nil }
        var parts = tm()
        (parts.tm_year, parts.tm_mon, parts.tm_mday) = (Int32(year - 1900), Int32(month - 1), Int32(day))
        (parts.tm_hour, parts.tm_min, parts.tm_sec) = (Int32(hour), Int32(minute), Int32(second))
        let seconds = Int64(timegm(&parts)) - Int64(offset)
        return Date(timeIntervalSince1970: Double(seconds * 1000 + Int64(millis)) / 1000)
    }

    /// `date` cut down to whole milliseconds, so it survives a round trip through a session file.
    public static func truncatedToMilliseconds(_ date: Date) -> Date {
        let millis = (date.timeIntervalSince1970 * 1000).rounded(.down)
        return Date(timeIntervalSince1970: millis / 1000)
    }
}

/// A one-pass reader of an ISO 8601 timestamp's bytes.
private struct TimestampReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    /// The next `count` bytes as a decimal number; nil unless they are all digits.
    mutating func number(_ count: Int) -> Int? {
        guard position + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[position..<(position + count)] {
            guard let digit = Self.digit(byte) else { return nil }
            value = value * 10 + digit
        }
        position += count
        return value
    }

    /// Consumes the next byte when it is one of the (ASCII) `choices`.
    mutating func expect(_ choices: String) -> Bool {
        guard position < bytes.count, choices.utf8.contains(bytes[position]) else { return false }
        position += 1
        return true
    }

    /// Milliseconds from an optional `.ddd…` or `,ddd…` (extra digits are cut, missing ones are zeros).
    mutating func fractionMilliseconds() -> Int {
        guard expect(".,") else { return 0 }
        var millis = 0, digits = 0
        while position < bytes.count, let digit = Self.digit(bytes[position]) {
            if digits < 3 { millis = millis * 10 + digit }
            digits += 1
            position += 1
        }
        for _ in digits..<max(digits, 3) { millis *= 10 }
        return millis
    }

    /// `Z`, `z`, `±HH:MM` or `±HHMM` as seconds east of UTC; nil for anything else.
    mutating func zoneOffsetSeconds() -> Int? {
        if expect("Zz") { return 0 }
        guard position < bytes.count else { return nil }
        let sign = bytes[position]
        guard expect("+-"), let hours = number(2) else { return nil }
        _ = expect(":")
        guard let minutes = number(2), hours < 24, minutes < 60 else { return nil }
        let offset = hours * 3600 + minutes * 60
        return sign == UInt8(ascii: "+") ? offset : -offset
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
