// Token counts an OpenAI-compatible server reports: `{"prompt_tokens": n, "completion_tokens": n}`.
import Foundation

/// The `usage` member of a completion or of the last stream event.
public struct OpenAIUsageDTO: Codable, Equatable, Sendable {
    /// Tokens of the prompt (the whole conversation sent).
    public var promptTokens: Int?
    /// Tokens of the reply.
    public var completionTokens: Int?
    /// `completion_tokens_details.reasoning_tokens`: of the reply's tokens, those spent reasoning.
    public var reasoningTokens: Int?

    /// Usage with the given counts.
    public init(promptTokens: Int?, completionTokens: Int?, reasoningTokens: Int? = nil) {
        self.promptTokens = promptTokens
        self.completionTokens = completionTokens
        self.reasoningTokens = reasoningTokens
    }

    enum CodingKeys: String, CodingKey {
        case promptTokens = "prompt_tokens"
        case completionTokens = "completion_tokens"
        case details = "completion_tokens_details"
    }

    enum DetailKeys: String, CodingKey {
        case reasoningTokens = "reasoning_tokens"
    }

    /// Encodes the two counts (requests never carry usage; kept for symmetry in tests).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(promptTokens, forKey: .promptTokens)
        try container.encodeIfPresent(completionTokens, forKey: .completionTokens)
    }

    /// Decodes tolerantly: a count that is missing, negative or not a whole number reads as nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        promptTokens = Self.count(container, .promptTokens)
        completionTokens = Self.count(container, .completionTokens)
        if let details = try? container.nestedContainer(keyedBy: DetailKeys.self, forKey: .details),
           let value = try? details.decodeIfPresent(Int.self, forKey: .reasoningTokens), value >= 0 {
            reasoningTokens = value
        }
    }

    private static func count(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> Int? {
        guard let value = try? container.decodeIfPresent(Int.self, forKey: key) else { return nil }
        return value >= 0 ? value : nil
    }
}
