// One message of a chat session, exactly as stored in a session file (SPEC §3, §8). How each
// member is stored (key, default, when it is left out) is its row in SessionFileFields.swift.
import Foundation

/// A message in a chat session.
public struct ChatMessage: Sendable, Identifiable {
    /// A unique id within the session.
    public var id: String {
        get { storedID.text }
        set { storedID = MessageID(newValue) }
    }
    /// The id; a UUID is kept as its 16 bytes (issue 34).
    var storedID: MessageID
    /// Who wrote it.
    public var role: ChatRole
    /// The text.
    public var content: String
    /// When it was written (whole milliseconds).
    public var createdAt: Date
    /// The message's size in prompt tokens, learned from a reply's `usage` (`tokens`; SPEC §12);
    /// nil when unknown (then estimated from its bytes). Written once.
    public var tokens: Int?
    /// For user messages: whether its reply failed (or never arrived). Always nil for other roles.
    public var failed: Bool?
    /// For assistant messages: the reply was cut off (Ctrl-C, dropped stream); stored only when true.
    public var incomplete: Bool
    /// Whether `/compact` summarised this message: kept in the file, no longer sent (`compacted`).
    public var compacted = false
    /// Taken back with `/undo` (`removed`): kept in the file until it is next rewritten whole, never
    /// sent nor shown; `/undo --restore` clears it. Stored only when true.
    public var removed = false
    /// The members most messages leave unset (model, usage, tool calls, attachments, …: their
    /// properties are in ChatMessage+Rare.swift), behind one shared reference; nil while all are
    /// unset. Keeps a message 88 bytes instead of 256 in a long session's array (issue 34).
    var rare: ChatMessageRareBox?

    /// Creates a message; `failed` is kept only for user messages (default `false`).
    public init(id: String = UUID.systemRandomLowercased(), role: ChatRole, content: String, createdAt: Date,
                failed: Bool? = nil, model: String? = nil, incomplete: Bool = false, finishReason: String? = nil,
                usage: TokenUsage? = nil, reasoning: String? = nil) {
        storedID = MessageID(id)
        self.role = role
        self.content = content
        self.createdAt = createdAt
        self.failed = role == .user ? (failed ?? false) : nil
        self.incomplete = incomplete
        rare = ChatMessageRareBox.holding(ChatMessageRareMembers(model: model, finishReason: finishReason,
                                                                 usage: usage, reasoning: reasoning))
    }

    /// Whether this is a user message whose reply failed.
    public var isFailed: Bool { role == .user && failed == true }
}
