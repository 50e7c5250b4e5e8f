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

    static func writeIndent(_ level: Int, into output: inout [UInt8]) { JSONText.appendIndent(level, to: &output) }

    /// Appends `text` as a JSON string (see `JSONText.appendString`).
    public static func appendString(_ text: String, to output: inout [UInt8]) { JSONText.appendString(text, to: &output) }

    static func writeString(_ text: String, into output: inout [UInt8]) { JSONText.appendString(text, to: &output) }
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
