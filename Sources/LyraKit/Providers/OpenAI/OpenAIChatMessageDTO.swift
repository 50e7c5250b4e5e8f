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
    /// Image data URLs sent after the text as content parts (SPEC §13); when there are any,
    /// `content` goes as `[{"type": "text", …}, {"type": "image_url", …}, …]`.
    public var imageURLs: [String] = []

    /// A message with `role` and `content`.
    public init(role: String, content: String?) {
        self.role = role
        self.content = content
    }

    enum CodingKeys: String, CodingKey { case role, content, reasoning, reasoningContent = "reasoning_content" }

    /// Encodes `role` and `content` only: reasoning is never sent back.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(role, forKey: .role)
        guard !imageURLs.isEmpty else { return try container.encodeIfPresent(content, forKey: .content) }
        try container.encode(OpenAIContentPartDTO.parts(text: content, imageURLs: imageURLs), forKey: .content)
    }

    /// Decodes tolerantly: a missing or non-string role reads as `assistant`, a non-string content as nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        role = (try? container.decodeIfPresent(String.self, forKey: .role)) ?? "assistant"
        content = try? container.decodeIfPresent(String.self, forKey: .content)
        reasoning = (try? container.decodeIfPresent(String.self, forKey: .reasoningContent))
            ?? (try? container.decodeIfPresent(String.self, forKey: .reasoning))
    }
}
