// Chat turns: the user's message is saved (failed) before it is sent, the reply streams in piece
// by piece, and whatever arrived is saved — complete, or marked incomplete when cut off (SPEC §8).
import Foundation

extension ChatService {
    /// Sends `text` in the current session (creating it when there is none) and saves the reply.
    /// - Throws: `ChatError.emptyMessage`; `SessionError`/`StorageError` when the message cannot be
    ///   saved (then nothing was sent); the provider's error or `CancellationError`, after which the
    ///   message stays saved with `failed: true` and any partial reply is saved as incomplete.
    public func send(_ text: String, images: [StagedImage] = [], options: ChatTurnOptions) async throws -> ChatTurn {
        guard !text.isBlank else { throw ChatError.emptyMessage }
        // A model that cannot see is refused before anything is saved or sent (SPEC §13).
        if !images.isEmpty { try await options.provider.checkImageInput(model: options.model?.model ?? "") }
        let now = timestamp()
        var draft = ChatMessage(role: .user, content: text, createdAt: now, failed: true)
        draft.attachments = images.map(\.attachment)
        let prompt = draft
        // The prompt is on disk (appended and fdatasynced) before its request leaves. Messages an
        // `/undo` took back are dropped first (a new message makes the undo final).
        let saved = try await saveMakingUndoFinal(firstMessage: text, at: now) { session in
            var meta = SessionMeta(session)
            meta.updatedAt = max(meta.updatedAt, now)
            return [.append(prompt), .meta(meta)]
        }
        try storeAgain(images, in: options.attachmentStore)
        return try await deliver(prompt, in: consume saved, options: options, imagesChecked: true)
    }

    /// Resends the oldest user message of the current session whose reply failed (several failed
    /// messages are retried in the order they were typed, so each one's history includes the
    /// replies before it); on success its `failed` flag is cleared and the reply saved right after
    /// it, replacing an incomplete reply.
    /// - Throws: `ChatError.nothingToRetry`, storage errors, or the provider's error (the message stays failed).
    public func retry(options: ChatTurnOptions) async throws -> ChatTurn {
        guard let session = await session, let failed = session.messages.first(where: \.isFailed) else {
            throw ChatError.nothingToRetry
        }
        return try await deliver(failed, in: session, options: options)
    }

    // MARK: - Private

    /// The provider request for `prompt` in `session`, its history cut to the token budget, with the
    /// session's parameters.
    static func request(for prompt: ChatMessage, in session: ChatSession, options: ChatTurnOptions)
        -> (ChatProviderRequest, ContextBudget) {
        let provider = options.provider
        let system = provider.keepsHistoryServerSide ? nil : session.system
        let history = provider.keepsHistoryServerSide
            ? [] : ChatHistory.messages(before: prompt.id, in: session, limit: options.contextMessages)
        let budget = ContextBudget.apply(limit: options.contextTokens, system: system, history: history,
                                         message: prompt.content, images: prompt.attachments.filter(\.isImage).count)
        let request = ChatProviderRequest(
            model: options.model?.model ?? "", system: system, history: budget.sent(from: history),
            message: prompt.content, conversationID: session.chatID, think: options.think)
            .with(parameters: session.parameters, responseFormat: options.responseFormat)
            .carrying(prompt.attachments, from: options.attachmentStore)
        return (request, budget)
    }

    /// Streams the reply to `prompt` (already saved as failed in `session`) and saves it, running
    /// the tool calls it asks for (at most ``ToolUseError/maximumRounds`` rounds); what
    /// arrived before a failure or a cancellation is saved as an incomplete reply, then the error
    /// is thrown.
    /// The session is handed on, not kept (issue 34): while the reply is saved nothing here holds its
    /// messages, so the store adds to them in place instead of copying a long session's array.
    private func deliver(_ prompt: ChatMessage, in session: consuming ChatSession, options: ChatTurnOptions,
                         imagesChecked: Bool = false) async throws -> ChatTurn {
        var options = options
        let id = session.id
        var held: ChatSession? = consume session
        while true {
            let current: ChatSession
            if let first = held { current = first } else { current = try await store.load(id: id) }
            held = nil
            do {
                return try await deliverOnce(prompt, in: consume current, options: options, imagesChecked: imagesChecked)
            } catch let refused as ContextOverflow.Refused {
                // Refused as too long before any of a reply: sent again with fewer earlier messages (SPEC §12).
                options.contextTokens = refused.limit
                options.contextOverflows += 1
            }
        }
    }

    /// One attempt of `deliver`; a refusal for length that a smaller budget may cure is thrown as
    /// `ContextOverflow.Refused`. Earlier images are checked against the model unless `imagesChecked`.
    private func deliverOnce(_ prompt: ChatMessage, in session: consuming ChatSession, options: ChatTurnOptions,
                             imagesChecked: Bool) async throws -> ChatTurn {
        let (firstRequest, budget) = Self.request(for: prompt, in: session, options: options)
        let sessionID = session.id
        _ = consume session
        if !imagesChecked, firstRequest.carriesImages { try await options.provider.checkImageInput(model: firstRequest.model) }
        var request = consume firstRequest
        var received = ReceivedReply(startsInsideThinking: options.startsInsideThinking)
        // Tool rounds (SPEC §14) save their messages after the prompt; the reply goes after the last.
        var lastID = prompt.id
        do {
            try Task.checkCancellation()
            if let runner = options.tools { request.tools = await runner.toolsForTurn() }
            var rounds = 0
            while true {
                try await received.receive(from: options.provider, request: request, onText: options.onText,
                                           onReasoning: options.onReasoning)
                guard let runner = options.tools, !request.tools.isEmpty,
                      let calls = received.completion?.toolCalls, !calls.isEmpty else { break }
                rounds += 1
                guard rounds <= ToolUseError.maximumRounds else { throw ToolUseError.tooManyRounds }
                lastID = try await runToolRound(received, calls: calls, runner: runner, after: lastID,
                                                prompt: prompt, sessionID: sessionID, request: &request, options: options)
                received = ReceivedReply(startsInsideThinking: options.startsInsideThinking)
            }
            if received.completion == nil {
                if Task.isCancelled { throw CancellationError() }
                throw ProviderError.streamCutOff(reason: "the server ended the stream before the reply was complete")
            }
        } catch {
            if received.isEmpty, lastID == prompt.id,
               let refused = ContextOverflow.retry(after: error, budget: budget, options: options) {
                throw refused
            }
            request.history = []   // as below
            if !received.isEmpty {
                _ = try? await save(received, answering: prompt, sessionID: sessionID, model: options.model, after: lastID)
            }
            throw error
        }
        // The request's history is often the session's own array, shared: let go of it before the
        // reply is added, or the store copies a long session's array to add it (issue 34).
        request.history = []
        // Token counts are learned from a reply only when no tool round was sent in between.
        var turn = try await save(received, answering: prompt, sessionID: sessionID, model: options.model, after: lastID,
                                  learning: lastID == prompt.id ? (budget, options.contextWindow) : nil)
        turn.context = budget
        return turn
    }

    /// Saves what arrived (complete or not) after `prompt`, on disk when this returns, and returns the turn.
    /// With `learning` (what was sent, and the window), a complete reply's usage also gives the
    /// reply and its prompt their token counts (SPEC §12).
    private func save(_ received: ReceivedReply, answering prompt: ChatMessage, sessionID: String,
                      model: ModelReference?, after lastID: String,
                      learning: (ContextBudget, Int?)? = nil) async throws -> ChatTurn {
        let now = timestamp()
        let complete = received.completion != nil
        let usage = received.completion?.usage
        var reply = ChatMessage(
            role: .assistant, content: received.text, createdAt: now,
            model: model.map(\.description), incomplete: !complete,
            finishReason: received.completion?.finishReason, usage: usage,
            reasoning: received.reasoning.isEmpty ? nil : received.reasoning)
        var promptTokens: Int?
        if complete, let (budget, window) = learning {
            reply.tokens = LearnedTokens.reply(usage: usage, hasReasoning: reply.reasoning != nil)
            promptTokens = LearnedTokens.prompt(prompt.content, usage: usage, sent: budget.textTokens, window: window)
        }
        let saved = try await save(in: sessionID, firstMessage: prompt.content, at: now) { [promptTokens, reply] stored in
            // After tool rounds the reply goes after the last of them (SPEC §14).
            let recorded = lastID != prompt.id
                ? Self.editsAfterToolRounds(reply, answering: prompt, complete: complete, after: lastID,
                                            model: model.map(\.description), at: now, in: stored)
                : ChatReplyRecord.edits(reply, answering: prompt, complete: complete,
                                        conversationID: received.conversationID,
                                        model: model.map(\.description), at: now, in: stored)
            // The prompt's count first: its `failed` flag is then cleared by the reply's edits.
            return LearnedTokens.edits(promptTokens, for: prompt.id, in: stored) + recorded
        }
        var sent = prompt
        sent.failed = !complete
        var turn = ChatTurn(prompt: sent, reply: reply, session: saved, servedBy: received.completion?.model)
        turn.closedUnopenedThinking = received.closedUnopenedThinking
        return turn
    }
}

/// The reply as it streams in: its text and reasoning split by the one reasoning parser.
struct ReceivedReply {
    private var splitter: ReasoningSplitter
    var conversationID: String?
    var completion: ChatCompletionInfo?

    /// An empty reply; `startsInsideThinking` for a model known to open its thinking block in the prompt.
    init(startsInsideThinking: Bool = false) {
        splitter = ReasoningSplitter(startsInside: startsInsideThinking)
    }

    /// Whether a lone `</think>` ended a block the reply never opened.
    var closedUnopenedThinking: Bool { splitter.sawLoneClose }

    /// The answer so far (think tags and the reasoning they held taken out).
    var text: String { splitter.content }
    /// The reasoning so far.
    var reasoning: String { splitter.reasoning }
    /// Whether anything arrived (answer or reasoning).
    var isEmpty: Bool { text.isEmpty && reasoning.isEmpty }

    /// Reads the reply to `request` from `provider`'s stream on the caller's actor (`isolation`),
    /// handing each piece of its answer to `onText` and of its reasoning to `onReasoning` as they
    /// arrive. When the task is cancelled the reply just stops where it was.
    /// - Throws: what the provider's stream throws.
    mutating func receive(from provider: any ChatProvider, request: ChatProviderRequest,
                          isolation: isolated (any Actor)? = #isolation,
                          onText: @Sendable (String) -> Void,
                          onReasoning: @Sendable (String) -> Void = { _ in }) async throws {
        defer {
            let rest = splitter.finish()
            hand(rest, onText: onText, onReasoning: onReasoning)
        }
        do {
            for try await event in provider.streamReply(to: request) {
                apply(event, onText: onText, onReasoning: onReasoning)
            }
        } catch where Task.isCancelled {
            // As with a stream whose reader was cancelled: the reply just stops where it was.
        }
    }

    mutating func apply(_ event: ChatStreamEvent, onText: (String) -> Void, onReasoning: (String) -> Void = { _ in }) {
        switch event {
        // Each piece is classified before `hand` is called: in `hand(splitter.feed(…))` the call
        // holds a copy of `self` while the splitter grows, and every append then copied the whole reply.
        case .text(let piece):
            let pieces = splitter.feed(content: piece)
            hand(pieces, onText: onText, onReasoning: onReasoning)
        case .reasoning(let piece):
            let pieces = splitter.feed(reasoning: piece)
            hand(pieces, onText: onText, onReasoning: onReasoning)
        case .conversationID(let id):
            conversationID = id
        case .finished(let info):
            completion = info
        }
    }

    /// Hands classified pieces on. A reclassification (a lone `</think>`) is already in the saved
    /// reply; what was shown stays shown.
    private func hand(_ pieces: [ReplyPiece], onText: (String) -> Void, onReasoning: (String) -> Void) {
        for piece in pieces {
            switch piece {
            case .content(let text): onText(text)
            case .reasoning(let text): onReasoning(text)
            case .reclassified: break
            }
        }
    }
}
