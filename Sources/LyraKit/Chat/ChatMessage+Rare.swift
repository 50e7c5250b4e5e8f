// The members of a chat message that most messages leave unset, kept together behind one shared,
// immutable reference (issue 34): a 50,000-message session's array holds 88-byte messages instead
// of 256-byte ones. The public API and the stored format (SessionFileFields.swift) are unchanged:
// each member is a property that reads the box and, when set, replaces it.
import Foundation

/// The rarely set members of a ``ChatMessage``; all unset is ``none``.
struct ChatMessageRareMembers: Equatable, Sendable {
    var model: String?
    var finishReason: String?
    var usage: TokenUsage?
    var reasoning: String?
    var toolCalls: [ToolCall]?
    var toolCallId: String?
    var allowed: Bool?
    var alternatives: [ChatAlternative]?
    var attachments: [MessageAttachment] = []
    var unknownMembers: [JSONMember] = []

    /// Every member unset.
    static let none = ChatMessageRareMembers()
}

/// One message's rare members; never changed once made (a change makes a new box), so messages
/// that share one after a copy stay independent values.
final class ChatMessageRareBox: Sendable {
    let members: ChatMessageRareMembers

    private init(_ members: ChatMessageRareMembers) {
        self.members = members
    }

    /// A box holding `members`; nil when all are unset (a message without rare members holds none).
    static func holding(_ members: ChatMessageRareMembers) -> ChatMessageRareBox? {
        members == .none ? nil : ChatMessageRareBox(members)
    }
}

extension ChatMessage: Equatable {
    /// For assistant messages: the model that answered (`model`).
    public var model: String? {
        get { rareMembers.model }
        set { changeRare { $0.model = newValue } }
    }
    /// For assistant messages: why the reply ended, e.g. `stop` or `length` (`finishReason`).
    public var finishReason: String? {
        get { rareMembers.finishReason }
        set { changeRare { $0.finishReason = newValue } }
    }
    /// For assistant messages: the tokens the reply cost (`usage`).
    public var usage: TokenUsage? {
        get { rareMembers.usage }
        set { changeRare { $0.usage = newValue } }
    }
    /// For assistant messages: a thinking model's reasoning (`reasoning`), saved apart from the
    /// content and never sent back to a model.
    public var reasoning: String? {
        get { rareMembers.reasoning }
        set { changeRare { $0.reasoning = newValue } }
    }
    /// For assistant messages: the tools the model asked to call (`toolCalls`, SPEC §14).
    public var toolCalls: [ToolCall]? {
        get { rareMembers.toolCalls }
        set { changeRare { $0.toolCalls = newValue } }
    }
    /// For `tool` messages: the id of the call this result answers (`toolCallId`).
    public var toolCallId: String? {
        get { rareMembers.toolCallId }
        set { changeRare { $0.toolCallId = newValue } }
    }
    /// For `tool` messages: whether the user allowed the call (`allowed`).
    public var allowed: Bool? {
        get { rareMembers.allowed }
        set { changeRare { $0.allowed = newValue } }
    }
    /// For assistant messages: the other replies `/regenerate` got to the same prompt (`alternatives`).
    public var alternatives: [ChatAlternative]? {
        get { rareMembers.alternatives }
        set { changeRare { $0.alternatives = newValue } }
    }
    /// For user messages: the images it carries (`attachments`, SPEC §13), stored by content.
    public var attachments: [MessageAttachment] {
        get { rareMembers.attachments }
        set { changeRare { $0.attachments = newValue } }
    }
    /// Members of the message Lyra does not know, kept in order and written back as they were.
    public var unknownMembers: [JSONMember] {
        get { rareMembers.unknownMembers }
        set { changeRare { $0.unknownMembers = newValue } }
    }

    public static func == (lhs: ChatMessage, rhs: ChatMessage) -> Bool {
        lhs.storedID == rhs.storedID && lhs.role == rhs.role && lhs.content == rhs.content && lhs.createdAt == rhs.createdAt
            && lhs.failed == rhs.failed && lhs.incomplete == rhs.incomplete && lhs.tokens == rhs.tokens
            && lhs.compacted == rhs.compacted && lhs.removed == rhs.removed
            && (lhs.rare === rhs.rare || lhs.rareMembers == rhs.rareMembers)
    }

    private var rareMembers: ChatMessageRareMembers { rare?.members ?? .none }

    /// Replaces the box with one holding the changed members (none when all are unset again).
    private mutating func changeRare(_ change: (inout ChatMessageRareMembers) -> Void) {
        var members = rareMembers
        change(&members)
        rare = ChatMessageRareBox.holding(members)
    }
}
