// Renders a session file's text straight into bytes (SPEC §3, §8): pretty JSON, two-space indent,
// the documented members in a fixed order, optional ones only when set, then `\n`.
import Foundation

/// Writes `ChatSession`s in the session file layout of SPEC §3.
enum SessionFileWriter {
    /// The file's bytes: pretty JSON (two-space indent) in the documented field order, then `\n`.
    static func bytes(of session: ChatSession) -> [UInt8] {
        var whole: [UInt8] = []
        whole.reserveCapacity(512 + session.messages.reduce(0) { $0 + $1.content.utf8.count + 160 })
        write(session, pieceSize: .max) { whole.append(contentsOf: $0) }
        return whole
    }

    /// The file's bytes handed to `sink` in pieces of about `pieceSize` bytes (the last one smaller),
    /// so that a large session is written without holding its whole text.
    /// - Throws: what `sink` throws (then nothing more is encoded).
    static func write(_ session: ChatSession, pieceSize: Int, to sink: ([UInt8]) throws -> Void) rethrows {
        var output: [UInt8] = []
        output.reserveCapacity(min(pieceSize, 512 + session.messages.reduce(0) { $0 + $1.content.utf8.count + 160 }))
        var object = ObjectWriter(indent: 1, into: &output)
        object.string("id", session.id, into: &output)
        object.string("title", session.title, into: &output)
        object.string("chatID", session.chatID, into: &output)
        if let number = session.number { object.integer("number", number, into: &output) }
        if let system = session.system { object.string("system", system, into: &output) }
        if let model = session.model { object.string("model", model, into: &output) }
        object.timestamp("createdAt", session.createdAt, into: &output)
        object.timestamp("updatedAt", session.updatedAt, into: &output)
        for member in session.unknownMembers { object.raw(member.key, member.json, into: &output) }
        object.key("messages", into: &output)
        if session.messages.isEmpty {
            output.append(contentsOf: "[]".utf8)
        } else {
            output.append(contentsOf: "[\n".utf8)
            let last = session.messages.count - 1
            for (index, message) in session.messages.enumerated() {
                output.append(contentsOf: "    ".utf8)
                write(message, into: &output)
                output.append(contentsOf: (index < last ? ",\n" : "\n").utf8)
                if output.count >= pieceSize {
                    try sink(output)
                    output.removeAll(keepingCapacity: true)
                }
            }
            output.append(contentsOf: "  ]".utf8)
        }
        object.close(into: &output)
        output.append(UInt8(ascii: "\n"))
        try sink(output)
    }

    /// One message as an object at indent level 2 (its members at level 3), no separator after it;
    /// `compact`: on one line without spaces (a journal line).
    static func write(_ message: ChatMessage, compact: Bool = false, into output: inout [UInt8]) {
        var object = ObjectWriter(indent: compact ? nil : 3, into: &output)
        object.string("id", message.id, into: &output)
        object.string("role", message.role.rawValue, into: &output)
        object.string("content", message.content, into: &output)
        object.timestamp("createdAt", message.createdAt, into: &output)
        if message.role == .user { object.boolean("failed", message.failed ?? false, into: &output) }
        if let model = message.model { object.string("model", model, into: &output) }
        if message.incomplete { object.boolean("incomplete", true, into: &output) }
        if let reason = message.finishReason { object.string("finishReason", reason, into: &output) }
        if let usage = message.usage {
            object.key("usage", into: &output)
            var inner = ObjectWriter(indent: compact ? nil : 4, into: &output)
            if let prompt = usage.promptTokens { inner.integer("promptTokens", prompt, into: &output) }
            if let completion = usage.completionTokens { inner.integer("completionTokens", completion, into: &output) }
            inner.close(into: &output)
        }
        for member in message.unknownMembers { object.raw(member.key, member.json, into: &output) }
        object.close(into: &output)
    }
}

/// Writes the members of one JSON object into a caller's buffer: pretty-printed, one per line, or
/// compact (no indent: one line without spaces, for the session journal).
struct ObjectWriter {
    private let indent: Int?
    private var isEmpty = true

    /// Starts an object (its `{`) at the end of `output`; its members go at `indent` levels (nil: compact).
    init(indent: Int?, into output: inout [UInt8]) {
        self.indent = indent
        output.append(UInt8(ascii: "{"))
    }

    /// Starts a member: separator, newline, indent, `"key": `; the caller writes the value.
    mutating func key(_ key: String, into output: inout [UInt8]) {
        defer { isEmpty = false }
        guard let indent else {
            if !isEmpty { output.append(UInt8(ascii: ",")) }
            JSONText.appendString(key, to: &output)
            output.append(UInt8(ascii: ":"))
            return
        }
        output.append(contentsOf: (isEmpty ? "\n" : ",\n").utf8)
        JSONText.appendIndent(indent, to: &output)
        JSONText.appendString(key, to: &output)
        output.append(contentsOf: ": ".utf8)
    }

    /// A string member.
    mutating func string(_ key: String, _ value: String, into output: inout [UInt8]) {
        self.key(key, into: &output)
        JSONText.appendString(value, to: &output)
    }

    /// A timestamp member (SPEC §3 format).
    mutating func timestamp(_ key: String, _ value: Date, into output: inout [UInt8]) {
        self.key(key, into: &output)
        output.append(UInt8(ascii: "\""))
        ChatTimestamp.append(value, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// An integer member.
    mutating func integer(_ key: String, _ value: Int, into output: inout [UInt8]) {
        self.key(key, into: &output)
        output.append(contentsOf: String(value).utf8)
    }

    /// A boolean member.
    mutating func boolean(_ key: String, _ value: Bool, into output: inout [UInt8]) {
        self.key(key, into: &output)
        output.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// A member whose value is JSON text kept as it was read (a member Lyra does not know).
    /// Compact: its line breaks (whitespace between tokens; JSON strings hold none) become spaces.
    mutating func raw(_ key: String, _ json: String, into output: inout [UInt8]) {
        self.key(key, into: &output)
        guard indent == nil else { return output.append(contentsOf: json.utf8) }
        for byte in json.utf8 { output.append(byte == 0x0A || byte == 0x0D ? 0x20 : byte) }
    }

    /// A member whose value is `null`.
    mutating func null(_ key: String, into output: inout [UInt8]) {
        self.key(key, into: &output)
        output.append(contentsOf: "null".utf8)
    }

    /// Closes the object: `}` on its own line at the enclosing indent, or `{}` when it is empty.
    func close(into output: inout [UInt8]) {
        if !isEmpty, let indent {
            output.append(UInt8(ascii: "\n"))
            JSONText.appendIndent(indent - 1, to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }
}

extension ChatSession {
    /// The session file's text: pretty JSON in the documented order, ending with a newline.
    public var fileText: String { String(decoding: SessionFileWriter.bytes(of: self), as: UTF8.self) }
}
