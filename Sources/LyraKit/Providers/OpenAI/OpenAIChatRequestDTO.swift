// The body of `POST {baseURL}/chat/completions` (SPEC §8 "Request"): model, the whole conversation,
// and `stream` with `stream_options.include_usage` (left out when not streaming).
import Foundation

/// An OpenAI-compatible chat completion request.
public struct OpenAIChatRequestDTO: Codable, Equatable, Sendable {
    /// The model id as the server knows it (without Lyra's `provider:` prefix).
    public var model: String
    /// The system prompt (if any), the history in order, then the new user message.
    public var messages: [OpenAIChatMessageDTO]
    /// Whether the reply is streamed as Server-Sent Events.
    public var stream: Bool

    /// A request for `model` with `messages`, streamed unless `stream` is false.
    public init(model: String, messages: [OpenAIChatMessageDTO], stream: Bool = true) {
        self.model = model
        self.messages = messages
        self.stream = stream
    }

    enum CodingKeys: String, CodingKey {
        case model, messages, stream
        case streamOptions = "stream_options"
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
    }

    /// Encodes `model`, `messages`, `stream`, and `stream_options: {"include_usage": true}` when streaming.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(model, forKey: .model)
        try container.encode(messages, forKey: .messages)
        try container.encode(stream, forKey: .stream)
        if stream {
            var options = container.nestedContainer(keyedBy: StreamOptionKeys.self, forKey: .streamOptions)
            try options.encode(true, forKey: .includeUsage)
        }
    }
}
