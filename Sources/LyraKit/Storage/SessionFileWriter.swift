// Renders a session file's text straight into bytes, exactly as `ChatSession.orderedJSON.rendered()`
// would plus a final newline, without building the intermediate tree (large sessions save faster).

/// Writes `ChatSession`s in the session file layout of SPEC §3.
enum SessionFileWriter {
    /// The file's bytes: pretty JSON (two-space indent) in the documented field order, then `\n`.
    static func bytes(of session: ChatSession) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(512 + session.messages.reduce(0) { $0 + $1.content.utf8.count + 160 })
        output.append(contentsOf: "{\n".utf8)
        member("id", session.id, indent: 1, into: &output)
        member("title", session.title, indent: 1, into: &output)
        member("chatID", session.chatID, indent: 1, into: &output)
        member("createdAt", ChatTimestamp.string(from: session.createdAt), indent: 1, into: &output)
        member("updatedAt", ChatTimestamp.string(from: session.updatedAt), indent: 1, into: &output)
        if session.messages.isEmpty {
            output.append(contentsOf: "  \"messages\": []\n}\n".utf8)
            return output
        }
        output.append(contentsOf: "  \"messages\": [\n".utf8)
        let last = session.messages.count - 1
        for (index, message) in session.messages.enumerated() {
            write(message, into: &output)
            if index < last { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "\n"))
        }
        output.append(contentsOf: "  ]\n}\n".utf8)
        return output
    }

    /// One message at indent level 2, without the separator after its closing brace.
    private static func write(_ message: ChatMessage, into output: inout [UInt8]) {
        output.append(contentsOf: Fragment.messageID)
        OrderedJSON.writeString(message.id, into: &output)
        output.append(contentsOf: Fragment.role)
        OrderedJSON.writeString(message.role.rawValue, into: &output)
        output.append(contentsOf: Fragment.content)
        OrderedJSON.writeString(message.content, into: &output)
        output.append(contentsOf: Fragment.createdAt)
        ChatTimestamp.append(message.createdAt, to: &output)
        if message.role == .user {
            output.append(contentsOf: (message.failed ?? false) ? Fragment.failedTrue : Fragment.failedFalse)
        } else {
            output.append(contentsOf: Fragment.end)
        }
    }

    /// `"key": "value"` on its own line, followed by `,` unless it is the last member.
    private static func member(_ key: String, _ value: String, indent: Int, last: Bool = false,
                               into output: inout [UInt8]) {
        OrderedJSON.writeIndent(indent, into: &output)
        OrderedJSON.writeString(key, into: &output)
        output.append(contentsOf: ": ".utf8)
        OrderedJSON.writeString(value, into: &output)
        output.append(contentsOf: (last ? "\n" : ",\n").utf8)
    }

    /// The fixed text around a message's values, as bytes (copied, not transcoded, per message).
    private enum Fragment {
        static let messageID = Array("    {\n      \"id\": ".utf8)
        static let role = Array(",\n      \"role\": ".utf8)
        static let content = Array(",\n      \"content\": ".utf8)
        static let createdAt = Array(",\n      \"createdAt\": \"".utf8)
        static let failedTrue = Array("\",\n      \"failed\": true\n    }".utf8)
        static let failedFalse = Array("\",\n      \"failed\": false\n    }".utf8)
        static let end = Array("\"\n    }".utf8)
    }
}
