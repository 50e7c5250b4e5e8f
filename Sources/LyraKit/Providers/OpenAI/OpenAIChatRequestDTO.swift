// The body of `POST {baseURL}/chat/completions` (SPEC §8 "Request"): model, the whole conversation,
// and `stream` with `stream_options.include_usage` (left out when not streaming); for a thinking
// level, `reasoning_effort` and `chat_template_kwargs.enable_thinking` (SPEC §11); sampling
// parameters and `response_format` (SPEC §15).
import Foundation

/// An OpenAI-compatible chat completion request.
public struct OpenAIChatRequestDTO: Codable, Equatable, Sendable {
    /// The model id as the server knows it (without Lyra's `provider:` prefix).
    public var model: String
    /// The system prompt (if any), the history in order, then the new user message.
    public var messages: [OpenAIChatMessageDTO]
    /// Whether the reply is streamed as Server-Sent Events.
    public var stream: Bool
    /// `reasoning_effort` (`none`, `low`, `medium`, `high`), left out when nil.
    public var reasoningEffort: String?
    /// `chat_template_kwargs.enable_thinking`, left out when nil.
    public var enableThinking: Bool?
    /// `temperature`, `top_p`, `max_tokens`, `seed` (SPEC §15), each left out when nil.
    public var parameters = ChatParameters()
    /// `response_format: {"type": "json_schema", "json_schema": {"name", "schema"}}`, left out when
    /// nil; written by `body()` (not by `encode(to:)`).
    public var responseFormat: ChatResponseFormat?
    /// The tools offered (SPEC §14), left out when empty.
    public var tools: [OpenAIToolDTO] = []

    /// A request for `model` with `messages`, streamed unless `stream` is false.
    public init(model: String, messages: [OpenAIChatMessageDTO], stream: Bool = true,
                reasoningEffort: String? = nil, enableThinking: Bool? = nil) {
        self.model = model
        self.messages = messages
        self.stream = stream
        self.reasoningEffort = reasoningEffort
        self.enableThinking = enableThinking
    }

    enum CodingKeys: String, CodingKey {
        case model, messages, stream
        case streamOptions = "stream_options"
        case reasoningEffort = "reasoning_effort"
        case templateArguments = "chat_template_kwargs"
        case temperature, seed
        case topP = "top_p"
        case maxTokens = "max_tokens"
        case tools
    }

    enum TemplateKeys: String, CodingKey {
        case enableThinking = "enable_thinking"
    }

    enum StreamOptionKeys: String, CodingKey {
        case includeUsage = "include_usage"
    }

    /// Decodes a request; a missing `stream` means false, as on OpenAI's servers.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        model = try container.decode(String.self, forKey: .model)
        messages = try container.decode([OpenAIChatMessageDTO].self, forKey: .messages)
        stream = (try? container.decodeIfPresent(Bool.self, forKey: .stream)) ?? false
        reasoningEffort = try? container.decodeIfPresent(String.self, forKey: .reasoningEffort)
        enableThinking = try? container.nestedContainer(keyedBy: TemplateKeys.self, forKey: .templateArguments)
            .decodeIfPresent(Bool.self, forKey: .enableThinking)
        parameters = ChatParameters(
            temperature: try? container.decodeIfPresent(Double.self, forKey: .temperature),
            topP: try? container.decodeIfPresent(Double.self, forKey: .topP),
            maxTokens: try? container.decodeIfPresent(Int.self, forKey: .maxTokens),
            seed: try? container.decodeIfPresent(Int.self, forKey: .seed))
    }

    /// Encodes `model`, `messages`, `stream`, `stream_options: {"include_usage": true}` when streaming,
    /// and the thinking fields that are set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(model, forKey: .model)
        try container.encode(messages, forKey: .messages)
        try container.encode(stream, forKey: .stream)
        if stream {
            var options = container.nestedContainer(keyedBy: StreamOptionKeys.self, forKey: .streamOptions)
            try options.encode(true, forKey: .includeUsage)
        }
        try container.encodeIfPresent(reasoningEffort, forKey: .reasoningEffort)
        if let enableThinking {
            var arguments = container.nestedContainer(keyedBy: TemplateKeys.self, forKey: .templateArguments)
            try arguments.encode(enableThinking, forKey: .enableThinking)
        }
        try container.encodeIfPresent(parameters.temperature, forKey: .temperature)
        try container.encodeIfPresent(parameters.topP, forKey: .topP)
        try container.encodeIfPresent(parameters.maxTokens, forKey: .maxTokens)
        try container.encodeIfPresent(parameters.seed, forKey: .seed)
        // `response_format` is added by `body()`, which keeps the schema's member order.
        if !tools.isEmpty { try container.encode(tools, forKey: .tools) }
    }
}
