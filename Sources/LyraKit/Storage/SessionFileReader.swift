// The one reader of session files (SPEC §3, §8): any valid JSON layout (member order, whitespace,
// escapes, numbers as ids) read straight from bytes into a `ChatSession`; members Lyra does not know
// are kept as their JSON text. The defaults for missing members live here and nowhere else.
import Foundation

/// Parses a session file's bytes into a `ChatSession`, or says why the file is damaged.
struct SessionFileReader {
    var scanner: JSONScanner

    /// The session in `data`; an id missing from the file is left empty (the store fills it in).
    /// - Throws: `JSONScanFailure` with a short reason (not valid JSON, invalid UTF-8, too deep,
    ///   or an unexpected value at a named place).
    static func session(from data: some ContiguousBytes) throws(JSONScanFailure) -> ChatSession {
        let result: Result<ChatSession, JSONScanFailure> = data.withUnsafeBytes { raw in
            var reader = SessionFileReader(scanner: JSONScanner(bytes: raw))
            do throws(JSONScanFailure) { return .success(try reader.readDocument()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    private mutating func readDocument() throws(JSONScanFailure) -> ChatSession {
        guard scanner.peek() == UInt8(ascii: "{") else { throw JSONScanFailure(reason: "not a session object") }
        var fields = SessionFields()
        try scanner.readObject { scanner, key throws(JSONScanFailure) in
            var reader = SessionFileReader(scanner: scanner)
            try reader.readSessionMember(key, into: &fields)
            scanner = reader.scanner
        }
        guard scanner.isAtEnd() else { throw scanner.invalid() }
        return fields.session()
    }

    private mutating func readSessionMember(_ key: String, into fields: inout SessionFields) throws(JSONScanFailure) {
        switch key {
        case "id": fields.id = try optionalIdentifier(at: key)
        case "title": fields.title = try optionalString(at: key)
        case "chatID": fields.chatID = try optionalIdentifier(at: key)
        case "createdAt": fields.createdAt = try optionalString(at: key)
        case "updatedAt": fields.updatedAt = try optionalString(at: key)
        case "system": fields.system = try optionalString(at: key)
        case "model": fields.model = try optionalString(at: key)
        case "number": fields.number = try optionalInteger(at: key)
        case "messages": fields.messages = try readMessages()
        default: fields.unknown.append(JSONMember(key: key, json: try scanner.readRawValue(depth: 1)))
        }
    }

    private mutating func readMessages() throws(JSONScanFailure) -> [ChatMessage] {
        if scanner.skipNull() { return [] }
        guard scanner.peek() == UInt8(ascii: "[") else { throw unexpected(at: { "messages" }) }
        var messages: [ChatMessage] = []
        try scanner.readArray { scanner throws(JSONScanFailure) in
            var reader = SessionFileReader(scanner: scanner)
            messages.append(try reader.readMessage(at: "messages[\(messages.count)]"))
            scanner = reader.scanner
        }
        return messages
    }

    mutating func readMessage(at place: @autoclosure () -> String) throws(JSONScanFailure) -> ChatMessage {
        guard scanner.peek() == UInt8(ascii: "{") else { throw unexpected(at: place) }
        var fields = MessageFields()
        try scanner.readObject { scanner, key throws(JSONScanFailure) in
            var reader = SessionFileReader(scanner: scanner)
            try reader.readMessageMember(key, at: place() + "." + key, into: &fields)
            scanner = reader.scanner
        }
        return fields.message()
    }

    private mutating func readMessageMember(_ key: String, at place: @autoclosure () -> String, into fields: inout MessageFields)
        throws(JSONScanFailure) {
        switch key {
        case "id": fields.id = try optionalIdentifier(at: place())
        case "role": fields.role = try optionalString(at: place())
        case "content": fields.content = try optionalString(at: place())
        case "createdAt": fields.createdAt = try optionalString(at: place())
        case "failed": fields.failed = try optionalBool(at: place())
        case "model": fields.model = try optionalString(at: place())
        case "incomplete": fields.incomplete = try optionalBool(at: place())
        case "finishReason": fields.finishReason = try optionalString(at: place())
        case "usage": fields.usage = try readUsage(at: place())
        default: fields.unknown.append(JSONMember(key: key, json: try scanner.readRawValue(depth: 3)))
        }
    }

    /// `{"promptTokens": n, "completionTokens": n}`; other members of it are not kept.
    private mutating func readUsage(at place: @autoclosure () -> String) throws(JSONScanFailure) -> TokenUsage? {
        if scanner.skipNull() { return nil }
        guard scanner.peek() == UInt8(ascii: "{") else { throw unexpected(at: place) }
        var usage = TokenUsage()
        try scanner.readObject { scanner, key throws(JSONScanFailure) in
            var reader = SessionFileReader(scanner: scanner)
            switch key {
            case "promptTokens": usage.promptTokens = try reader.optionalInteger(at: place() + "." + key)
            case "completionTokens": usage.completionTokens = try reader.optionalInteger(at: place() + "." + key)
            default: try reader.scanner.skipValue(depth: 4)
            }
            scanner = reader.scanner
        }
        return usage
    }

    // MARK: - Typed values (null reads as absent)

    mutating func optionalString(at place: @autoclosure () -> String) throws(JSONScanFailure) -> String? {
        if scanner.skipNull() { return nil }
        guard scanner.peek() == UInt8(ascii: "\"") else { throw unexpected(at: place) }
        return try scanner.readString()
    }

    /// An id: a string, or a number kept as its text.
    private mutating func optionalIdentifier(at place: @autoclosure () -> String) throws(JSONScanFailure) -> String? {
        guard let byte = scanner.peek(), byte == UInt8(ascii: "-") || (48...57).contains(byte) else {
            return try optionalString(at: place())
        }
        return try scanner.readNumberText()
    }

    mutating func optionalInteger(at place: @autoclosure () -> String) throws(JSONScanFailure) -> Int? {
        if scanner.skipNull() { return nil }
        guard let byte = scanner.peek(), byte == UInt8(ascii: "-") || (48...57).contains(byte),
              let value = Int(try scanner.readNumberText()) else { throw unexpected(at: place) }
        return value
    }

    mutating func optionalBool(at place: @autoclosure () -> String) throws(JSONScanFailure) -> Bool? {
        if scanner.skipNull() { return nil }
        guard let byte = scanner.peek(), byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") else {
            throw unexpected(at: place)
        }
        return try scanner.readBool()
    }

    /// "unexpected value at PLACE", or "not valid JSON" when the text ends there.
    mutating func unexpected(at place: () -> String) -> JSONScanFailure {
        scanner.peek() == nil ? scanner.invalid() : JSONScanFailure(reason: "unexpected value at \(place())")
    }
}
