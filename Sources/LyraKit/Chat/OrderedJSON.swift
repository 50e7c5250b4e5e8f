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
        var output = ""
        write(into: &output, indent: 0)
        return output
    }

    public static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
        lhs.rendered() == rhs.rendered()
    }

    private func write(into output: inout String, indent: Int) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{\n"
            for (index, (key, value)) in members.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                Self.writeString(key, into: &output)
                output += ": "
                value.write(into: &output, indent: indent + 1)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "}"
        case .array(let items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                item.write(into: &output, indent: indent + 1)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "]"
        case .string(let text): Self.writeString(text, into: &output)
        case .int(let number): output += String(number)
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        }
    }

    /// Writes `text` as a JSON string: quotes, backslashes and control characters escaped.
    private static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
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
    public var fileText: String { orderedJSON.rendered() + "\n" }
}
