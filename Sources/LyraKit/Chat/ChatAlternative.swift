// Another reply to the same prompt (SPEC §15): `/regenerate` keeps the earlier replies on the
// assistant message as `alternatives`; `/alt N` puts one of them back in the message's place.
import Foundation

/// A reply kept beside the one a message shows: its text and what the server said about it.
public struct ChatAlternative: Equatable, Sendable {
    /// The reply's text.
    public var content: String
    /// When it arrived.
    public var createdAt: Date
    /// The model that answered.
    public var model: String?
    /// Why it ended (`stop`, `length`).
    public var finishReason: String?
    /// The tokens it cost.
    public var usage: TokenUsage?
    /// A thinking model's reasoning.
    public var reasoning: String?

    /// An alternative with these members.
    public init(content: String, createdAt: Date, model: String? = nil, finishReason: String? = nil,
                usage: TokenUsage? = nil, reasoning: String? = nil) {
        self.content = content
        self.createdAt = createdAt
        self.model = model
        self.finishReason = finishReason
        self.usage = usage
        self.reasoning = reasoning
    }

    /// The reply `message` shows now, as an alternative.
    public init(_ message: ChatMessage) {
        self.init(content: message.content, createdAt: message.createdAt, model: message.model,
                  finishReason: message.finishReason, usage: message.usage, reasoning: message.reasoning)
    }

    /// Puts this reply in `message`'s place (its id, role and alternatives stay).
    public func shown(in message: ChatMessage) -> ChatMessage {
        var shown = message
        shown.content = content
        shown.createdAt = createdAt
        shown.model = model
        shown.finishReason = finishReason
        shown.usage = usage
        shown.reasoning = reasoning
        shown.incomplete = false
        return shown
    }
}

extension ChatAlternative: StoredObject {
    /// An alternative's members, as a message's of the same names; other members are not kept.
    static let storedMembers = StoredMembers<ChatAlternative>(
        blank: ChatAlternative(content: "", createdAt: .storedEpoch), depth: 5, unknown: nil, members: [
            .required("content", \.content, { $0.content = $1 }, default: { _ in "" }),
            .required("createdAt", \.createdAt, { $0.createdAt = $1 }, default: { _ in .storedEpoch }),
            .optional("model", \.model, { $0.model = $1 }),
            .optional("finishReason", \.finishReason, { $0.finishReason = $1 }),
            .optional("usage", \.usage, { $0.usage = $1 }),
            .optional("reasoning", \.reasoning, { $0.reasoning = $1 }),
        ])
}
