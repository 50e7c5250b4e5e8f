// One response header line as libcurl hands it over (status line, field or the blank line ending
// the head).
import Foundation

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
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: Self.spaceOrLineEnd)
        if line.isEmpty {
            self = .blank
        } else if line.hasPrefix("HTTP/") {
            let code = line.split(separator: " ").dropFirst().first ?? ""
            let digits = !code.isEmpty && code.count < 10 && code.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            self = .status(digits ? Int(code) ?? 0 : 0)
        } else if let colon = line.firstIndex(of: ":") {
            self = .field(name: line[..<colon].trimmingCharacters(in: Self.space),
                          value: line[line.index(after: colon)...].trimmingCharacters(in: Self.space))
        } else {
            self = .other
        }
    }

    private static let space = CharacterSet(charactersIn: " \t")
    private static let spaceOrLineEnd = CharacterSet(charactersIn: " \t\n\u{0B}\u{0C}\r")

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
