// The JSON answer of a chat completion that was not streamed (or a server that ignored `stream`):
// `choices[0].message.content`, `choices[0].finish_reason`, `usage`, `model`.
import Foundation

/// A whole (non-streamed) OpenAI-compatible chat completion, read tolerantly.
public struct OpenAIChatCompletionDTO: Decodable, Equatable, Sendable {
    /// The model that answered, when named.
    public var model: String?
    /// `choices[0].message.content`; nil when absent or null.
    public var content: String?
    /// `choices[0].message.reasoning_content` or `.reasoning`; nil when absent.
    public var reasoning: String?
    /// `choices[0].finish_reason`.
    public var finishReason: String?
    /// Token counts, when reported.
    public var usage: OpenAIUsageDTO?
    /// Whether `choices` held at least one choice (`choices: null`, `[]` or none hold no reply).
    public var hasChoice = true

    /// A completion with the given parts.
    public init(model: String? = nil, content: String?, finishReason: String? = nil, usage: OpenAIUsageDTO? = nil) {
        self.model = model
        self.content = content
        self.finishReason = finishReason
        self.usage = usage
    }

    enum CodingKeys: String, CodingKey { case model, choices, usage }
    enum ChoiceKeys: String, CodingKey { case message, finishReason = "finish_reason" }

    /// Decodes a completion; only a body that is not a JSON object throws.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        model = try? container.decodeIfPresent(String.self, forKey: .model)
        usage = try? container.decodeIfPresent(OpenAIUsageDTO.self, forKey: .usage)
        guard var choices = try? container.nestedUnkeyedContainer(forKey: .choices), !choices.isAtEnd,
              let choice = try? choices.nestedContainer(keyedBy: ChoiceKeys.self) else {
            hasChoice = false
            return
        }
        finishReason = try? choice.decodeIfPresent(String.self, forKey: .finishReason)
        let message = try? choice.decodeIfPresent(OpenAIChatMessageDTO.self, forKey: .message)
        content = message?.content
        reasoning = message?.reasoning
    }
}
