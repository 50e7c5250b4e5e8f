// The seam between a chat session and whatever answers it (SPEC §8): the app backend, or any
// OpenAI-compatible model server. A provider takes the whole request and streams events back.
import Foundation

/// One chat turn as a provider sees it: the conversation so far and the new message.
public struct ChatProviderRequest: Sendable, Equatable {
    /// The model id on the provider's side (without the `PROVIDER:` prefix); empty for the app backend.
    public var model: String
    /// The session's system prompt, if any.
    public var system: String?
    /// Earlier messages of the session, oldest first, already filtered (SPEC §8 "Request"); often
    /// part of the session's own array, shared (``ChatHistory/messages(before:in:limit:)``).
    public var history: ArraySlice<ChatMessage>
    /// The new user message.
    public var message: String
    /// The app backend's chat id (history kept server-side); other providers ignore it.
    public var conversationID: String
    /// The thinking level to ask for (nil: ask nothing).
    public var think: ThinkLevel?
    /// Sampling parameters to send (`/set`, SPEC §15); nil members are left out.
    public var parameters: ChatParameters?
    /// The schema the reply must follow (`--schema`), sent as `response_format`.
    public var responseFormat: ChatResponseFormat?
    /// The start of the reply already received (`/continue`): sent as a last assistant message for
    /// the model to go on from.
    public var replyPrefix: String?
    /// The tools offered to the model (SPEC §14); empty: none.
    public var tools: [OfferedTool] = []
    /// Messages after the new one in this turn: assistant tool calls and their `tool` results.
    public var toolRounds: [ChatMessage] = []
    /// The images of the new message (SPEC §13); earlier messages carry theirs in `history`.
    public var images: [MessageAttachment] = []
    /// Where the images' files are (nil: no images can be sent).
    public var attachmentStore: AttachmentStore?

    /// Creates a request.
    public init(model: String, system: String?, history: ArraySlice<ChatMessage>, message: String, conversationID: String,
                think: ThinkLevel? = nil) {
        self.think = think
        self.model = model
        self.system = system
        self.history = history
        self.message = message
        self.conversationID = conversationID
    }
}

/// How a streamed reply ended, when it ended properly.
public struct ChatCompletionInfo: Sendable, Equatable {
    /// `stop`, `length`, … as the server said (nil when it did not say).
    public var finishReason: String?
    /// The model that answered, as the server named it.
    public var model: String?
    /// Token counts, when reported.
    public var usage: TokenUsage?
    /// The tools the model asked to call (SPEC §14), whole, in order; empty when none.
    public var toolCalls: [ToolCall] = []

    /// Creates completion info.
    public init(finishReason: String? = nil, model: String? = nil, usage: TokenUsage? = nil) {
        self.finishReason = finishReason
        self.model = model
        self.usage = usage
    }
}

/// What a provider reports while a reply streams.
public enum ChatStreamEvent: Sendable, Equatable {
    /// A piece of the reply's text, in order.
    case text(String)
    /// A piece of a thinking model's reasoning from a field of its own (`reasoning_content`,
    /// `reasoning`); reasoning inside the text (`<think>`) arrives as `.text` and is split by the turn.
    case reasoning(String)
    /// The conversation id the server uses from now on (the app backend's `chat_id`).
    case conversationID(String)
    /// The reply is complete (`[DONE]`, or a whole JSON answer).
    case finished(ChatCompletionInfo)
}

extension Array where Element == ChatStreamEvent {
    /// The events with neighbouring pieces of text joined into one: what arrived in one read is handed
    /// to the turn's task as one piece (a wake-up for many tokens, issue 34); the text is the same.
    /// Reasoning pieces stay apart (the live thinking line counts them as tokens).
    func joiningText() -> [ChatStreamEvent] {
        var joined: [ChatStreamEvent] = []
        joined.reserveCapacity(count)
        for event in self {
            if case .text(let piece) = event, case .text(let earlier)? = joined.last {
                joined[joined.count - 1] = .text(earlier + piece)
            } else {
                joined.append(event)
            }
        }
        return joined
    }
}

/// Answers chat turns. Implementations are `Sendable` values or actors; the stream they return
/// ends (or throws) when the reply is over, and stops the transfer when its consumer stops.
public protocol ChatProvider: Sendable {
    /// The provider's name, e.g. `ollama` (for messages and the saved model).
    var name: String { get }
    /// Whether the provider keeps history itself (the app backend) and takes no system prompt.
    var keepsHistoryServerSide: Bool { get }
    /// Streams the reply to `request`: the one way to ask a provider, in production and tests alike.
    /// - Returns: events in order; a stream that ends without `.finished` was cut off.
    ///   It throws the provider's error (`ProviderError`, `APIError`) when the turn fails.
    func streamReply(to request: ChatProviderRequest) -> AsyncThrowingStream<ChatStreamEvent, any Error>
    /// Checks, before anything is sent, that `model` can read images (SPEC §13).
    /// - Throws: `AttachmentError.modelCannotSee` or `.providerTakesNoImages`; nothing when the
    ///   server does not say (it then decides itself).
    func checkImageInput(model: String) async throws
}

extension ChatProvider {
    /// Providers that do not know say nothing: the server decides.
    public func checkImageInput(model: String) async throws {}
}

extension ChatProvider {
    /// A stream fed by `produce` on its own task, cancelled as soon as the consumer stops listening:
    /// its task is cancelled, or the stream is dropped (a stream kept in a variable after its loop
    /// ended keeps the task, and the transfer, going).
    static func makeStream(
        _ produce: @escaping @Sendable (AsyncThrowingStream<ChatStreamEvent, any Error>.Continuation) async throws -> Void
    ) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task { try await produce(continuation) }
            continuation.onTermination = { _ in task.cancel() }
            // The stream ends once the producer's task is over, and with it what the producer
            // captured: the request, whose history is often the session's own array. Ended from
            // inside that task, the reader could add the reply to the session while the request
            // still held its array, which then copied it whole (issue 34).
            Task {
                do {
                    try await task.value
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        }
    }
}
