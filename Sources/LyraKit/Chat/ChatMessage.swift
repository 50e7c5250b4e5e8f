// One message of a chat session, exactly as stored in a session file (SPEC §3, §8). How each
// member is stored (key, default, when it is left out) is its row in SessionFileFields.swift.
import Foundation

/// A message in a chat session.
public struct ChatMessage: Equatable, Sendable, Identifiable {
    /// A unique id within the session.
    public var id: String
    /// Who wrote it.
    public var role: ChatRole
    /// The text.
    public var content: String
    /// When it was written (whole milliseconds).
    public var createdAt: Date
    /// For user messages: whether its reply failed (or never arrived). Always nil for other roles.
    public var failed: Bool?
    /// For assistant messages: the model that answered (`model`).
    public var model: String?
    /// For assistant messages: the reply was cut off (Ctrl-C, dropped stream); stored only when true.
    public var incomplete: Bool
    /// For assistant messages: why the reply ended, e.g. `stop` or `length` (`finishReason`).
    public var finishReason: String?
    /// For assistant messages: the tokens the reply cost (`usage`).
    public var usage: TokenUsage?
    /// For assistant messages: a thinking model's reasoning (`reasoning`), saved apart from the
    /// content and never sent back to a model.
    public var reasoning: String?
    /// For assistant messages: the tools the model asked to call (`toolCalls`, SPEC §14).
    public var toolCalls: [ToolCall]?
    /// For `tool` messages: the id of the call this result answers (`toolCallId`).
    public var toolCallId: String?
    /// For `tool` messages: whether the user allowed the call (`allowed`).
    public var allowed: Bool?
    /// The message's size in prompt tokens, learned from a reply's `usage` (`tokens`; SPEC §12);
    /// nil when unknown (then estimated from its bytes). Written once.
    public var tokens: Int?
    /// Whether `/compact` summarised this message: kept in the file, no longer sent (`compacted`).
    public var compacted = false
    /// Taken back with `/undo` (`removed`): kept in the file until it is next rewritten whole, never
    /// sent nor shown; `/undo --restore` clears it. Stored only when true.
    public var removed = false
    /// For assistant messages: the other replies `/regenerate` got to the same prompt (`alternatives`).
    public var alternatives: [ChatAlternative]?
    /// Members of the message Lyra does not know, kept in order and written back as they were.
    public var unknownMembers: [JSONMember] = []

    /// Creates a message; `failed` is kept only for user messages (default `false`).
    public init(id: String = UUID.systemRandomLowercased(), role: ChatRole, content: String, createdAt: Date,
                failed: Bool? = nil, model: String? = nil, incomplete: Bool = false, finishReason: String? = nil,
                usage: TokenUsage? = nil, reasoning: String? = nil) {
        self.id = id
        self.role = role
        self.content = content
        self.createdAt = createdAt
        self.failed = role == .user ? (failed ?? false) : nil
        self.model = model
        self.incomplete = incomplete
        self.finishReason = finishReason
        self.usage = usage
        self.reasoning = reasoning
    }

    /// Whether this is a user message whose reply failed.
    public var isFailed: Bool { role == .user && failed == true }
}
