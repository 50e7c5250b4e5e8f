// Token counts an OpenAI-compatible server reports: `{"prompt_tokens": n, "completion_tokens": n}`.
import Foundation

/// The `usage` member of a completion or of the last stream event.
public struct OpenAIUsageDTO: Codable, Equatable, Sendable {
    /// Tokens of the prompt (the whole conversation sent).
    public var promptTokens: Int?
    /// Tokens of the reply.
    public var completionTokens: Int?

    /// Usage with the given counts.
    public init(promptTokens: Int?, completionTokens: Int?) {
        self.promptTokens = promptTokens
        self.completionTokens = completionTokens
    }

    enum CodingKeys: String, CodingKey {
        case promptTokens = "prompt_tokens"
        case completionTokens = "completion_tokens"
    }

    /// Decodes tolerantly: a count that is missing, negative or not a whole number reads as nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        promptTokens = Self.count(container, .promptTokens)
        completionTokens = Self.count(container, .completionTokens)
    }

    private static func count(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> Int? {
        guard let value = try? container.decodeIfPresent(Int.self, forKey: key) else { return nil }
        return value >= 0 ? value : nil
    }
}
