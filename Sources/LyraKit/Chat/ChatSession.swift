// A chat session as stored in `<sessions>/<id>.json` (SPEC §3): id, title, chatID, timestamps and
// messages, plus the additions of SPEC §8. How each member is stored is its row in SessionFileFields.swift.
import Foundation

/// A saved conversation.
public struct ChatSession: Equatable, Sendable, Identifiable {
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
    /// The thinking level chosen for this session with `/think` (`think`; omitted when nil).
    public var think: String?
    /// The sampling parameters set with `/set` or on the command line (`parameters`; omitted when nil).
    public var parameters: ChatParameters?
    /// Members of the file Lyra does not know, kept in order and written back as they were.
    public var unknownMembers: [JSONMember] = []

    /// The longest default title, in characters (SPEC §2).
    public static let defaultTitleLength = 40

    /// Creates a session.
    public init(id: String = UUID().uuidString, title: String,
                chatID: String = UUID.systemRandomLowercased(),
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
        if TextSanitizer.isSingleLineASCII(text) { return text }
        return text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }

    /// The last user message whose reply failed, if any.
    public var lastFailedMessage: ChatMessage? {
        messages.last(where: \.isFailed)
    }
}
