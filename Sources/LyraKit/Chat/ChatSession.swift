// A chat session as stored in `<sessions>/<id>.json` (SPEC §3): id, title, chatID, timestamps and
// messages. Decoding is tolerant, so a file written by another program in this format opens too.
import Foundation

/// A saved conversation.
public struct ChatSession: Codable, Equatable, Sendable, Identifiable {
    /// The session's id (also its file name, `<id>.json`).
    public var id: String
    /// The title shown in lists and in the prompt.
    public var title: String
    /// The backend's chat id (a fresh lowercase UUID at first; a reply may change it).
    public var chatID: String
    /// When the session was created.
    public var createdAt: Date
    /// When a message was last added or the session renamed.
    public var updatedAt: Date
    /// The messages, oldest first.
    public var messages: [ChatMessage]
    /// The session's system prompt (`system` in the file; omitted when nil).
    public var system: String?
    /// The model last used or chosen, `PROVIDER:MODEL` (`model`; omitted when nil).
    public var model: String?
    /// The stable session number shown by `/sessions` (`number`; omitted when nil).
    public var number: Int?

    /// The longest default title, in characters (SPEC §2).
    public static let defaultTitleLength = 40

    /// Creates a session.
    public init(id: String = UUID().uuidString, title: String, chatID: String = UUID().uuidString.lowercased(),
                createdAt: Date, updatedAt: Date? = nil, messages: [ChatMessage] = [],
                system: String? = nil, model: String? = nil, number: Int? = nil) {
        self.id = id
        self.title = title
        self.chatID = chatID
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.messages = messages
        self.system = system
        self.model = model
        self.number = number
    }

    /// The default title for a session whose first message is `text`: one line, whitespace runs
    /// collapsed to a space, cut to ``defaultTitleLength`` characters.
    public static func defaultTitle(for text: String) -> String {
        String(singleLine(text).prefix(defaultTitleLength)).trimmingCharacters(in: .whitespaces)
    }

    /// `text` on one line: every run of whitespace (newlines included) becomes one space; trimmed.
    public static func singleLine(_ text: String) -> String {
        if isSingleLineASCII(text) { return text }
        return text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }

    /// Whether `text` is printable ASCII with single inner spaces only (already on one line).
    private static func isSingleLineASCII(_ text: String) -> Bool {
        var previous: UInt8 = 0x20
        for byte in text.utf8 {
            guard byte > 0x20 && byte < 0x7F || byte == 0x20 && previous != 0x20 else { return false }
            previous = byte
        }
        return previous != 0x20
    }

    /// The last user message whose reply failed, if any.
    public var lastFailedMessage: ChatMessage? {
        messages.last(where: \.isFailed)
    }

    enum CodingKeys: String, CodingKey {
        case id, title, chatID, createdAt, updatedAt, messages, system, model, number
    }

    /// Decodes a stored session tolerantly: unknown fields are ignored, a number id is accepted,
    /// missing values get defaults (an empty id is filled in by the store from the file name).
    /// - Throws: `DecodingError` when the value is not an object or `messages` is not a list of objects.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = (try? container.decodeIfPresent(FlexibleID.self, forKey: .id))?.value ?? ""
        title = (try? container.decodeIfPresent(String.self, forKey: .title)) ?? ""
        chatID = (try? container.decodeIfPresent(FlexibleID.self, forKey: .chatID))?.value
            ?? UUID().uuidString.lowercased()
        messages = try container.decodeIfPresent([ChatMessage].self, forKey: .messages) ?? []
        let created = (try? container.decodeIfPresent(String.self, forKey: .createdAt)).flatMap { $0 }
        let updated = (try? container.decodeIfPresent(String.self, forKey: .updatedAt)).flatMap { $0 }
        createdAt = created.flatMap(ChatTimestamp.date(from:))
            ?? messages.first?.createdAt ?? Date(timeIntervalSince1970: 0)
        updatedAt = updated.flatMap(ChatTimestamp.date(from:)) ?? messages.last?.createdAt ?? createdAt
        system = (try? container.decodeIfPresent(String.self, forKey: .system)) ?? nil
        model = (try? container.decodeIfPresent(String.self, forKey: .model)) ?? nil
        number = (try? container.decodeIfPresent(Int.self, forKey: .number)) ?? nil
    }

    /// Encodes the fields of SPEC §3 in their documented order.
    /// - Throws: encoder errors.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(chatID, forKey: .chatID)
        try container.encode(ChatTimestamp.string(from: createdAt), forKey: .createdAt)
        try container.encode(ChatTimestamp.string(from: updatedAt), forKey: .updatedAt)
        try container.encode(messages, forKey: .messages)
    }
}
