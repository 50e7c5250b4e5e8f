// A fast reader for session files in the shape Lyra writes (SPEC §3), about ten times quicker than
// JSONDecoder on large sessions. It declines (returns nil) on anything unusual, and the caller then
// decodes with JSONDecoder, so tolerance and error messages stay exactly those of `ChatSession`.
import Foundation

/// Parses a session file's bytes straight into a `ChatSession`, or declines.
struct SessionFileReader {
    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    /// The session in `data`, or nil when the file is not in the plain shape this reader handles.
    static func session(from data: Data) -> ChatSession? {
        data.withUnsafeBytes { raw in
            var reader = SessionFileReader(bytes: raw)
            return reader.readDocument()
        }
    }

    private init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    // MARK: - The session shape

    private mutating func readDocument() -> ChatSession? {
        guard let fields = readSessionObject() else { return nil }
        skipWhitespace()
        guard position == bytes.count else { return nil }
        return fields.session()
    }

    private mutating func readSessionObject() -> SessionFields? {
        var fields = SessionFields()
        var seen = KeySet()
        let complete = readObject { reader, key in
            switch key {
            case "id": return seen.insert(0) && reader.readString().map { fields.id = $0 } != nil
            case "title": return seen.insert(1) && reader.readString().map { fields.title = $0 } != nil
            case "chatID": return seen.insert(2) && reader.readString().map { fields.chatID = $0 } != nil
            case "createdAt": return seen.insert(3) && reader.readString().map { fields.createdAt = $0 } != nil
            case "updatedAt": return seen.insert(4) && reader.readString().map { fields.updatedAt = $0 } != nil
            case "messages": return seen.insert(5) && reader.readMessages().map { fields.messages = $0 } != nil
            case "system": return seen.insert(6) && reader.readString().map { fields.system = $0 } != nil
            case "model": return seen.insert(7) && reader.readString().map { fields.model = $0 } != nil
            case "number": return seen.insert(8) && reader.readInteger().map { fields.number = $0 } != nil
            default: return reader.skipValue()
            }
        }
        return complete ? fields : nil
    }

    private mutating func readMessages() -> [ChatMessage]? {
        skipWhitespace()
        guard next(is: UInt8(ascii: "[")) else { return nil }
        var messages: [ChatMessage] = []
        messages.reserveCapacity(bytes.count / 300)
        skipWhitespace()
        if next(is: UInt8(ascii: "]")) { return messages }
        while true {
            guard let message = readMessage() else { return nil }
            messages.append(message)
            skipWhitespace()
            if next(is: UInt8(ascii: ",")) { continue }
            return next(is: UInt8(ascii: "]")) ? messages : nil
        }
    }

    private mutating func readMessage() -> ChatMessage? {
        var id: String?, role: String?, content: String?, createdAt: String?, failed: Bool?
        var model: String?, incomplete: Bool?, finishReason: String?, usage: TokenUsage?
        var seen = KeySet()
        let complete = readObject { reader, key in
            switch key {
            case "id": return seen.insert(0) && reader.readString().map { id = $0 } != nil
            case "role": return seen.insert(1) && reader.readString().map { role = $0 } != nil
            case "content": return seen.insert(2) && reader.readString().map { content = $0 } != nil
            case "createdAt": return seen.insert(3) && reader.readString().map { createdAt = $0 } != nil
            case "failed": return seen.insert(4) && reader.readBool().map { failed = $0 } != nil
            case "model": return seen.insert(5) && reader.readString().map { model = $0 } != nil
            case "incomplete": return seen.insert(6) && reader.readBool().map { incomplete = $0 } != nil
            case "finishReason": return seen.insert(7) && reader.readString().map { finishReason = $0 } != nil
            case "usage": return seen.insert(8) && reader.readUsage().map { usage = $0 } != nil
            default: return reader.skipValue()
            }
        }
        guard complete else { return nil }
        // The same defaults as `ChatMessage.init(from:)`.
        return ChatMessage(id: id ?? UUID().uuidString.lowercased(), role: ChatRole(rawValue: role ?? "user"),
                           content: content ?? "",
                           createdAt: createdAt.flatMap(ChatTimestamp.date(from:)) ?? Date(timeIntervalSince1970: 0),
                           failed: failed, model: model, incomplete: incomplete ?? false,
                           finishReason: finishReason, usage: usage)
    }

    private mutating func readUsage() -> TokenUsage? {
        var usage = TokenUsage()
        let complete = readObject { reader, key in
            switch key {
            case "promptTokens": return reader.readInteger().map { usage.promptTokens = $0 } != nil
            case "completionTokens": return reader.readInteger().map { usage.completionTokens = $0 } != nil
            default: return reader.skipValue()
            }
        }
        return complete ? usage : nil
    }

    /// A JSON integer that fits in `Int` (no fraction or exponent).
    private mutating func readInteger() -> Int? {
        skipWhitespace()
        let start = position
        _ = next(is: UInt8(ascii: "-"))
        guard skipDigits() > 0 else { return nil }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        return Int(text)
    }

    // MARK: - JSON

    /// Reads `{ "key": value, … }`, handing each key to `member`, which reads the value (false declines).
    private mutating func readObject(_ member: (inout SessionFileReader, String) -> Bool) -> Bool {
        skipWhitespace()
        guard next(is: UInt8(ascii: "{")) else { return false }
        skipWhitespace()
        if next(is: UInt8(ascii: "}")) { return true }
        while true {
            skipWhitespace()
            guard let key = readString() else { return false }
            skipWhitespace()
            guard next(is: UInt8(ascii: ":")), member(&self, key) else { return false }
            skipWhitespace()
            if next(is: UInt8(ascii: ",")) { continue }
            return next(is: UInt8(ascii: "}"))
        }
    }

    /// A JSON string; nil for anything else, invalid escapes, raw control characters or bad UTF-8.
    private mutating func readString() -> String? {
        skipWhitespace()
        guard next(is: UInt8(ascii: "\"")) else { return nil }
        let start = position
        var plainASCII = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
                position += 1
                return plainASCII ? String(decoding: run, as: UTF8.self) : String(validating: run, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                position = start
                return readEscapedString()
            }
            if byte < 0x20 { return nil }
            if byte >= 0x80 { plainASCII = false }
            position += 1
        }
        return nil
    }

    /// The slow path of `readString` for strings with escapes; `position` is just after the quote.
    private mutating func readEscapedString() -> String? {
        var output: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return String(validating: output, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { return nil }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = readUnicodeEscape() else { return nil }
                    output.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            case 0..<0x20: return nil
            default: output.append(byte)
            }
        }
        return nil
    }

    /// The scalar of `XXXX` after `\u` (with a following `\uXXXX` low surrogate when needed).
    private mutating func readUnicodeEscape() -> Unicode.Scalar? {
        guard let high = readHex4() else { return nil }
        if high < 0xD800 || high > 0xDFFF { return Unicode.Scalar(high) }
        guard high < 0xDC00, position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
              bytes[position + 1] == UInt8(ascii: "u") else { return nil }
        position += 2
        guard let low = readHex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }

    private mutating func readHex4() -> UInt32? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            position += 1
            let digit: UInt8
            switch byte {
            case 48...57: digit = byte - 48
            case 65...70: digit = byte - 55
            case 97...102: digit = byte - 87
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private mutating func readBool() -> Bool? {
        skipWhitespace()
        if skip(literal: "true") { return true }
        if skip(literal: "false") { return false }
        return nil
    }

    /// Skips any valid JSON value (strings, numbers, literals, arrays, objects).
    private mutating func skipValue() -> Bool {
        skipWhitespace()
        guard position < bytes.count else { return false }
        switch bytes[position] {
        case UInt8(ascii: "\""): return readString() != nil
        case UInt8(ascii: "{"): return readObject { reader, _ in reader.skipValue() }
        case UInt8(ascii: "["):
            position += 1
            skipWhitespace()
            if next(is: UInt8(ascii: "]")) { return true }
            while true {
                guard skipValue() else { return false }
                skipWhitespace()
                if next(is: UInt8(ascii: ",")) { continue }
                return next(is: UInt8(ascii: "]"))
            }
        case UInt8(ascii: "t"): return skip(literal: "true")
        case UInt8(ascii: "f"): return skip(literal: "false")
        case UInt8(ascii: "n"): return skip(literal: "null")
        default: return skipNumber()
        }
    }

    /// Skips a number of the JSON grammar: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`.
    private mutating func skipNumber() -> Bool {
        _ = next(is: UInt8(ascii: "-"))
        if !next(is: UInt8(ascii: "0")) && skipDigits() == 0 { return false }
        if next(is: UInt8(ascii: ".")), skipDigits() == 0 { return false }
        if next(is: UInt8(ascii: "e")) || next(is: UInt8(ascii: "E")) {
            if !next(is: UInt8(ascii: "+")) { _ = next(is: UInt8(ascii: "-")) }
            if skipDigits() == 0 { return false }
        }
        return true
    }

    private mutating func skipDigits() -> Int {
        let start = position
        while position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 { position += 1 }
        return position - start
    }

    private mutating func skip(literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != literal.utf8Start[offset] { return false }
        position += count
        return true
    }

    private mutating func next(is byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }
}

/// The known keys of one object seen so far (a repeated one makes the reader decline).
private struct KeySet {
    private var bits: UInt16 = 0

    /// Adds key number `index` (0–15); false when it was already there.
    mutating func insert(_ index: UInt16) -> Bool {
        let bit: UInt16 = 1 << index
        defer { bits |= bit }
        return bits & bit == 0
    }
}

/// The top-level fields read so far; turned into a session with `ChatSession.init(from:)`'s defaults.
private struct SessionFields {
    var id: String?, title: String?, chatID: String?, createdAt: String?, updatedAt: String?
    var messages: [ChatMessage]?
    var system: String?, model: String?, number: Int?

    func session() -> ChatSession {
        let messages = messages ?? []
        let created = createdAt.flatMap(ChatTimestamp.date(from:))
            ?? messages.first?.createdAt ?? Date(timeIntervalSince1970: 0)
        let updated = updatedAt.flatMap(ChatTimestamp.date(from:)) ?? messages.last?.createdAt ?? created
        return ChatSession(id: id ?? "", title: title ?? "", chatID: chatID ?? UUID().uuidString.lowercased(),
                           createdAt: created, updatedAt: updated, messages: messages,
                           system: system, model: model, number: number)
    }
}
