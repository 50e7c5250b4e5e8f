// How one chat turn is run: which provider and model answer it, how much history goes with it,
// and who sees the reply's text as it streams in.
import Foundation

/// The per-turn choices of a `ChatService.send`/`retry`.
public struct ChatTurnOptions: Sendable {
    /// The provider that answers.
    public var provider: any ChatProvider
    /// The model (saved in the session and on the reply); nil for the app backend's default.
    public var model: ModelReference?
    /// Only the last N earlier messages are sent (0: all).
    public var contextMessages: Int
    /// The thinking level to ask for (nil: ask nothing).
    public var think: ThinkLevel?
    /// The most tokens of system prompt, history and message to send (nil: no limit; SPEC §12).
    public var contextTokens: Int?
    /// The model's context window when known (for the silent-truncation rule).
    public var contextWindow: Int?
    /// How many times this turn was refused as too long and budgeted again.
    var contextOverflows = 0
    /// Whether the model is known to begin its reply inside a thinking block its template opened
    /// (its text counts as reasoning until `</think>`).
    public var startsInsideThinking = false
    /// The schema the reply must follow (`--schema`), sent as `response_format`; nil: none.
    public var responseFormat: ChatResponseFormat?
    /// Runs tool calls (SPEC §14); nil: no tools are offered.
    public var tools: (any ChatToolRunner)?
    /// Called with each piece of the reply's text as it arrives, in order.
    public var onText: @Sendable (String) -> Void
    /// Called with each piece of a thinking model's reasoning as it arrives, in order.
    public var onReasoning: @Sendable (String) -> Void

    /// Creates options.
    public init(provider: any ChatProvider, model: ModelReference? = nil, contextMessages: Int = 0,
                think: ThinkLevel? = nil,
                onText: @escaping @Sendable (String) -> Void = { _ in },
                onReasoning: @escaping @Sendable (String) -> Void = { _ in }) {
        self.provider = provider
        self.model = model
        self.contextMessages = contextMessages
        self.think = think
        self.onText = onText
        self.onReasoning = onReasoning
    }
}
