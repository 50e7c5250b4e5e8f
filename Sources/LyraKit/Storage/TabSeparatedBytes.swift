// Byte-level reading of Lyra's tab-separated sidecar files (`.index.tsv`, `.numbers.tsv`): lines and
// fields as ranges of one buffer, decimal integers parsed in place; no String per field.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a buffer into lines and tab-separated fields without copying.
enum TabSeparatedBytes {
    /// The first position of `byte` in `range` of `bytes`, or nil.
    static func position(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = bytes.baseAddress,
              let found = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
    }

    /// A decimal integer (optionally negative) from ASCII digits; nil for anything else or an overflow.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Int64? {
        var value: Int64 = 0
        var digits = bytes[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        for byte in digits {
            guard byte >= 48, byte <= 57 else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            let (sum, carried) = shifted.addingReportingOverflow(Int64(byte - 48))
            guard !carried else { return nil }
            value = sum
        }
        return negative ? -value : value
    }

    /// The lines of a buffer (without their `\n`), as ranges.
    struct Lines {
        private let bytes: UnsafeBufferPointer<UInt8>
        private var start = 0

        /// Lines of `bytes`.
        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// The next line, or nil at the end.
        mutating func next() -> Range<Int>? {
            guard start < bytes.count else { return nil }
            let end = TabSeparatedBytes.position(of: 0x0A, in: bytes, start..<bytes.count) ?? bytes.count
            defer { start = end + 1 }
            return start..<end
        }
    }

    /// The tab-separated fields of one line, as ranges.
    struct Fields {
        private let bytes: UnsafeBufferPointer<UInt8>
        private let end: Int
        private var start: Int
        /// Whether every field has been taken.
        private(set) var isAtEnd = false

        /// The fields of `line` in `bytes`.
        init(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) {
            self.bytes = bytes
            self.start = line.lowerBound
            self.end = line.upperBound
        }

        /// The next field, or nil after the last one.
        mutating func next() -> Range<Int>? {
            guard !isAtEnd else { return nil }
            guard let tab = TabSeparatedBytes.position(of: 0x09, in: bytes, start..<end) else {
                isAtEnd = true
                return start..<end
            }
            defer { start = tab + 1 }
            return start..<tab
        }

        /// The next field as a decimal integer; nil when there is none or it is not one.
        mutating func integer() -> Int64? {
            next().flatMap { TabSeparatedBytes.integer(bytes[$0]) }
        }
    }
}
