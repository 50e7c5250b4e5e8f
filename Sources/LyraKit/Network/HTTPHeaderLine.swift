// One response header line as libcurl hands it over (status line, field or the blank line ending
// the head), parsed from its bytes: no String bridging on every line of every response.

/// A parsed response header line.
enum HTTPHeaderLine: Equatable {
    /// `HTTP/x STATUS REASON`: the status code (0 when it does not parse).
    case status(Int)
    /// The blank line that ends a head.
    case blank
    /// `NAME: VALUE`, both trimmed of spaces and tabs.
    case field(name: String, value: String)
    /// Anything else (ignored).
    case other

    /// Parses `bytes` (one line, usually ending with CRLF).
    init(_ bytes: UnsafeRawBufferPointer) {
        let line = Self.trimmed(bytes, start: 0, end: bytes.count, includingLineEnds: true)
        guard line.lowerBound < line.upperBound else { self = .blank; return }
        if bytes[line].starts(with: "HTTP/".utf8) {
            self = .status(Self.statusCode(bytes, line))
        } else if let colon = bytes[line].firstIndex(of: UInt8(ascii: ":")) {
            let name = Self.trimmed(bytes, start: line.lowerBound, end: colon, includingLineEnds: false)
            let value = Self.trimmed(bytes, start: colon + 1, end: line.upperBound, includingLineEnds: false)
            self = .field(name: String(decoding: bytes[name], as: UTF8.self),
                          value: String(decoding: bytes[value], as: UTF8.self))
        } else {
            self = .other
        }
    }

    /// The second space-separated field of a status line as a number, or 0.
    private static func statusCode(_ bytes: UnsafeRawBufferPointer, _ line: Range<Int>) -> Int {
        guard let space = bytes[line].firstIndex(of: UInt8(ascii: " ")) else { return 0 }
        var code = 0
        var digits = 0
        var index = space + 1
        while index < line.upperBound, bytes[index] != UInt8(ascii: " ") {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 9 else { return 0 }
            code = code * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        return digits > 0 ? code : 0
    }

    /// `start..<end` without leading and trailing spaces and tabs (and line ends when asked).
    private static func trimmed(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, includingLineEnds: Bool)
        -> Range<Int> {
        func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || (includingLineEnds && byte >= 0x0A && byte <= 0x0D)
        }
        var lower = start
        var upper = end
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// Whether two header names are equal ignoring ASCII case (field names are ASCII tokens,
    /// RFC 9110 §5.1); cheaper than Foundation's `caseInsensitiveCompare`, which every request called.
    static func namesMatch(_ first: String, _ second: String) -> Bool {
        guard first.utf8.count == second.utf8.count else { return false }
        return zip(first.utf8, second.utf8).allSatisfy { folded($0) == folded($1) }
    }

    private static func folded(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
