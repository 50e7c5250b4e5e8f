// One `data:` event of a streamed chat completion: `choices[0].delta.content` (absent or null in the
// first, role-only event), the reasoning of a thinking model (`delta.reasoning_content` or
// `delta.reasoning`), `choices[0].finish_reason`, a `choices: []` event with `usage`, or `error`.
import Foundation

/// A stream event of an OpenAI-compatible chat completion, read tolerantly (unknown members ignored).
public struct OpenAIChatChunkDTO: Decodable, Equatable, Sendable {
    /// The model that answered, when the event names it.
    public var model: String?
    /// `choices[0].delta.role` (usually only in the first event).
    public var role: String?
    /// `choices[0].delta.content`: the next piece of text; nil when absent or null.
    public var content: String?
    /// `choices[0].delta.reasoning_content` (llama.cpp, LM Studio, DeepSeek) or `.reasoning`
    /// (Ollama, vLLM, OpenRouter): the next piece of a thinking model's reasoning.
    public var reasoning: String?
    /// `choices[0].finish_reason` (`stop`, `length`, …) when this event ends the reply.
    public var finishReason: String?
    /// Token counts (the `choices: []` event of `include_usage`, or the last event on some servers).
    public var usage: OpenAIUsageDTO?
    /// `choices[0].delta.tool_calls`: fragments of tool calls (SPEC §14), nil when absent.
    public var toolCalls: [OpenAIToolCallDTO]?
    /// The error this event carries (`{"error": {"message": …}}` or `{"error": "…"}`), nil when none.
    public var error: OpenAIErrorBodyDTO?
    /// Whether the event carried a choice with anything in it (the usage event's `choices: []`,
    /// or `choices: null`, carries none).
    public var hasChoice: Bool { role != nil || content != nil || finishReason != nil || toolCalls != nil }

    /// An event with the given parts.
    public init(
        model: String? = nil, role: String? = nil, content: String? = nil, reasoning: String? = nil,
        finishReason: String? = nil, usage: OpenAIUsageDTO? = nil, error: OpenAIErrorBodyDTO? = nil
    ) {
        self.model = model
        self.role = role
        self.content = content
        self.reasoning = reasoning
        self.finishReason = finishReason
        self.usage = usage
        self.error = error
    }

    enum CodingKeys: String, CodingKey { case model, choices, usage, error }
    enum ChoiceKeys: String, CodingKey { case delta, finishReason = "finish_reason" }
    enum DeltaKeys: String, CodingKey {
        case role, content, reasoning, reasoningContent = "reasoning_content", toolCalls = "tool_calls"
    }

    /// Decodes an event; only a body that is not a JSON object throws.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        model = try? container.decodeIfPresent(String.self, forKey: .model)
        usage = try? container.decodeIfPresent(OpenAIUsageDTO.self, forKey: .usage)
        if container.contains(.error), (try? container.decodeNil(forKey: .error)) == false {
            error = (try? OpenAIErrorBodyDTO(from: decoder))
                ?? OpenAIErrorBodyDTO(message: nil)
        }
        guard var choices = try? container.nestedUnkeyedContainer(forKey: .choices), !choices.isAtEnd,
              let choice = try? choices.nestedContainer(keyedBy: ChoiceKeys.self) else { return }
        finishReason = try? choice.decodeIfPresent(String.self, forKey: .finishReason)
        guard let delta = try? choice.nestedContainer(keyedBy: DeltaKeys.self, forKey: .delta) else { return }
        role = try? delta.decodeIfPresent(String.self, forKey: .role)
        content = try? delta.decodeIfPresent(String.self, forKey: .content)
        reasoning = (try? delta.decodeIfPresent(String.self, forKey: .reasoningContent))
            ?? (try? delta.decodeIfPresent(String.self, forKey: .reasoning))
        toolCalls = try? delta.decodeIfPresent([OpenAIToolCallDTO].self, forKey: .toolCalls)
    }
}
