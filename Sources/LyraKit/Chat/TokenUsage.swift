// The token counts a model reported for one reply (SPEC §8), stored in the session file as
// `"usage": {"promptTokens": n, "completionTokens": n}` (its rows in SessionFileFields.swift).

/// How many tokens a reply cost, as the server reported them.
public struct TokenUsage: Codable, Equatable, Sendable {
    /// Tokens of the request (history and prompt).
    public var promptTokens: Int?
    /// Tokens of the reply.
    public var completionTokens: Int?
    /// Of the reply's tokens, those spent reasoning, when the server says.
    public var reasoningTokens: Int?

    /// Creates a usage record.
    public init(promptTokens: Int? = nil, completionTokens: Int? = nil, reasoningTokens: Int? = nil) {
        self.promptTokens = promptTokens
        self.completionTokens = completionTokens
        self.reasoningTokens = reasoningTokens
    }
}
