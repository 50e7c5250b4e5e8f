// A tiny JSON writer that keeps object keys in the order given (Foundation's encoder on Linux does
// not), so session files and `--json` output read in the documented field order.
import Foundation

/// A JSON value whose objects keep their key order.
public indirect enum OrderedJSON: Sendable, Equatable {
    case object([(String, OrderedJSON)])
    case array([OrderedJSON])
    case string(String)
    case int(Int)
    case bool(Bool)
    case null

    /// The value as pretty-printed JSON (two-space indent, `"key": value`), without a final newline.
    public func rendered() -> String {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(into: &output, indent: 0)
        return String(decoding: output, as: UTF8.self)
    }

    public static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
        lhs.rendered() == rhs.rendered()
    }

    private func write(into output: inout [UInt8], indent: Int) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else { output.append(contentsOf: "{}".utf8); return }
            output.append(contentsOf: "{\n".utf8)
            for (index, (key, value)) in members.enumerated() {
                Self.writeIndent(indent + 1, into: &output)
                Self.writeString(key, into: &output)
                output.append(contentsOf: ": ".utf8)
                value.write(into: &output, indent: indent + 1)
                if index < members.count - 1 { output.append(UInt8(ascii: ",")) }
                output.append(UInt8(ascii: "\n"))
            }
            Self.writeIndent(indent, into: &output)
            output.append(UInt8(ascii: "}"))
        case .array(let items):
            guard !items.isEmpty else { output.append(contentsOf: "[]".utf8); return }
            output.append(contentsOf: "[\n".utf8)
            for (index, item) in items.enumerated() {
                Self.writeIndent(indent + 1, into: &output)
                item.write(into: &output, indent: indent + 1)
                if index < items.count - 1 { output.append(UInt8(ascii: ",")) }
                output.append(UInt8(ascii: "\n"))
            }
            Self.writeIndent(indent, into: &output)
            output.append(UInt8(ascii: "]"))
        case .string(let text): Self.writeString(text, into: &output)
        case .int(let number): output.append(contentsOf: String(number).utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null: output.append(contentsOf: "null".utf8)
        }
    }

    static func writeIndent(_ level: Int, into output: inout [UInt8]) {
        for _ in 0..<(level * 2) { output.append(UInt8(ascii: " ")) }
    }

    /// Appends `text` as a JSON string to `output`, escaped exactly as `rendered()` escapes strings
    /// (for writers that stream large documents without building the tree).
    public static func appendString(_ text: String, to output: inout [UInt8]) {
        writeString(text, into: &output)
    }

    /// Writes `text` as a JSON string: quotes, backslashes and control characters (and U+2028/9) escaped.
    /// Runs of bytes that need no escape are copied in one go.
    static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let separator = byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || separator else {
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                if separator {
                    output.append(contentsOf: (bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    index += 3
                } else {
                    writeEscape(byte, into: &output)
                    index += 1
                }
                runStart = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func writeEscape(_ byte: UInt8, into output: inout [UInt8]) {
        switch byte {
        case 0x22: output.append(contentsOf: "\\\"".utf8)
        case 0x5C: output.append(contentsOf: "\\\\".utf8)
        case 0x0A: output.append(contentsOf: "\\n".utf8)
        case 0x0D: output.append(contentsOf: "\\r".utf8)
        case 0x09: output.append(contentsOf: "\\t".utf8)
        default:
            let hex = String(byte, radix: 16)
            output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
        }
    }
}

extension ChatMessage {
    /// The message in the field order of SPEC §3; `failed` only for user messages.
    public var orderedJSON: OrderedJSON {
        var members: [(String, OrderedJSON)] = [
            ("id", .string(id)), ("role", .string(role.rawValue)), ("content", .string(content)),
            ("createdAt", .string(ChatTimestamp.string(from: createdAt))),
        ]
        if role == .user { members.append(("failed", .bool(failed ?? false))) }
        return .object(members)
    }
}

extension ChatSession {
    /// The session in the field order of SPEC §3.
    public var orderedJSON: OrderedJSON {
        .object([
            ("id", .string(id)), ("title", .string(title)), ("chatID", .string(chatID)),
            ("createdAt", .string(ChatTimestamp.string(from: createdAt))),
            ("updatedAt", .string(ChatTimestamp.string(from: updatedAt))),
            ("messages", .array(messages.map(\.orderedJSON))),
        ])
    }

    /// The session file's text: pretty JSON in the documented order, ending with a newline.
    public var fileText: String { String(decoding: SessionFileWriter.bytes(of: self), as: UTF8.self) }
}
