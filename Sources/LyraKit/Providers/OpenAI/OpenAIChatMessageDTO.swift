// One message of an OpenAI-compatible chat: `{"role": "user", "content": "…"}`.
import Foundation

/// A chat message as OpenAI-compatible servers send and receive it.
public struct OpenAIChatMessageDTO: Codable, Equatable, Sendable {
    /// `system`, `user` or `assistant` (other roles are kept as sent).
    public var role: String
    /// The text; nil when a server sent `null` (e.g. a tool-call message).
    public var content: String?
    /// A thinking model's reasoning in a whole answer (`reasoning_content` or `reasoning`); never sent.
    public var reasoning: String?
    /// An assistant message's tool calls (SPEC §14), sent back with it.
    public var toolCalls: [OpenAIToolCallDTO]?
    /// A `tool` message: the id of the call it answers.
    public var toolCallID: String?

    /// A message with `role` and `content`.
    public init(role: String, content: String?, toolCalls: [OpenAIToolCallDTO]? = nil, toolCallID: String? = nil) {
        self.role = role
        self.content = content
        self.toolCalls = toolCalls
        self.toolCallID = toolCallID
    }

    enum CodingKeys: String, CodingKey {
        case role, content, reasoning, reasoningContent = "reasoning_content"
        case toolCalls = "tool_calls", toolCallID = "tool_call_id"
    }

    /// Encodes `role`, `content`, and `tool_calls`/`tool_call_id` when set: reasoning is never sent back.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(role, forKey: .role)
        try container.encodeIfPresent(content, forKey: .content)
        try container.encodeIfPresent(toolCalls, forKey: .toolCalls)
        try container.encodeIfPresent(toolCallID, forKey: .toolCallID)
    }

    /// Decodes tolerantly: a missing or non-string role reads as `assistant`, a non-string content as nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        role = (try? container.decodeIfPresent(String.self, forKey: .role)) ?? "assistant"
        content = try? container.decodeIfPresent(String.self, forKey: .content)
        reasoning = (try? container.decodeIfPresent(String.self, forKey: .reasoningContent))
            ?? (try? container.decodeIfPresent(String.self, forKey: .reasoning))
        toolCalls = try? container.decodeIfPresent([OpenAIToolCallDTO].self, forKey: .toolCalls)
        toolCallID = try? container.decodeIfPresent(String.self, forKey: .toolCallID)
    }
}
