// Chat turns: the user's message is saved (failed) before it is sent, the reply streams in piece
// by piece, and whatever arrived is saved — complete, or marked incomplete when cut off (SPEC §8).
import Foundation

extension ChatService {
    /// Sends `text` in the current session (creating it when there is none) and saves the reply.
    /// - Throws: `ChatError.emptyMessage`; `SessionError`/`StorageError` when the message cannot be
    ///   saved (then nothing was sent); the provider's error or `CancellationError`, after which the
    ///   message stays saved with `failed: true` and any partial reply is saved as incomplete.
    public func send(_ text: String, options: ChatTurnOptions) async throws -> ChatTurn {
        guard !text.isBlank else { throw ChatError.emptyMessage }
        let now = timestamp()
        let prompt = ChatMessage(role: .user, content: text, createdAt: now, failed: true)
        let fresh = session == nil ? newOrCurrentSession(firstMessage: text, at: now) : nil
        let noted = resets
        let id: String, request: ChatProviderRequest, promptSync: Task<Void, any Error>?
        do {   // the saved session is let go before the reply is saved (see saveHandingOver)
            // The prompt is in the session's journal before it is sent; its fdatasync runs while the
            // request is on its way (once the turn waits; beside it when the reply streams in, so its
            // pieces are shown meanwhile), and ends before the reply is saved (docs/JOURNAL.md).
            let syncing: JournalSyncStart = options.provider.repliesWhole ? .whenIdle : .alongside
            let saved = try await saveHandingOver(id: session?.id, fresh: fresh, resets: noted,
                                                  syncing: syncing) { session in
                var meta = SessionMeta(session)
                meta.updatedAt = max(meta.updatedAt, now)
                return [.append(prompt), .meta(meta)]
            }
            id = saved.session.id
            promptSync = saved.sync
            request = Self.request(for: prompt, in: saved.session, options: options)
        }
        // The last reply's fdatasync (queued before the prompt's on the same thread) ends first.
        let previous = replySync
        replySync = nil
        let syncs = [previous, promptSync].compactMap(\.self)
        return try await deliver(prompt, sessionID: id, request: request, options: options, resets: noted,
                                 syncs: syncs)
    }

    /// Resends the oldest user message of the current session whose reply failed (several failed
    /// messages are retried in the order they were typed, so each one's history includes the
    /// replies before it); on success its `failed` flag is cleared and the reply saved right after
    /// it, replacing an incomplete reply.
    /// - Throws: `ChatError.nothingToRetry`, storage errors, or the provider's error (the message stays failed).
    public func retry(options: ChatTurnOptions) async throws -> ChatTurn {
        guard let id = session?.id else { throw ChatError.nothingToRetry }
        try await settleReplySync()
        let noted = resets
        let prompt: ChatMessage, request: ChatProviderRequest
        do {
            let session = try await store.load(id: id)
            adopt(session, resets: noted)
            guard let failed = session.messages.first(where: \.isFailed) else { throw ChatError.nothingToRetry }
            prompt = failed
            request = Self.request(for: failed, in: session, options: options)
        }
        return try await deliver(prompt, sessionID: id, request: request, options: options, resets: noted)
    }

    // MARK: - Private

    /// The provider request for `prompt` in `session`.
    private static func request(for prompt: ChatMessage, in session: ChatSession, options: ChatTurnOptions)
        -> ChatProviderRequest {
        let provider = options.provider
        return ChatProviderRequest(
            model: options.model?.model ?? "",
            system: provider.keepsHistoryServerSide ? nil : session.system,
            history: provider.keepsHistoryServerSide
                ? [] : ChatHistory.messages(before: prompt.id, in: session, limit: options.contextMessages),
            message: prompt.content, conversationID: session.chatID)
    }

    /// Streams the reply to `prompt` (already saved as failed in session `sessionID`; on disk once
    /// `syncs` end) and saves it; the session stays current only if it was not left since `noted`
    /// (see `adopt`).
    private func deliver(_ prompt: ChatMessage, sessionID: String, request: ChatProviderRequest,
                         options: ChatTurnOptions, resets noted: Int,
                         syncs: [Task<Void, any Error>] = []) async throws -> ChatTurn {
        var received = ReceivedReply()
        do {
            // The waits prefer the store's thread: the network thread's wake-up lands where the
            // reply is saved, with no pool thread between.
            try await withTaskExecutorPreference(store.executor.taskExecutor) {
                var failure: (any Error)?
                do {
                    try Task.checkCancellation()
                    try await received.receive(from: options.provider, request: request, onText: options.onText)
                } catch {
                    failure = error
                }
                // Whatever happened to the request, the prompt is on disk before anything is saved or reported.
                for sync in syncs { try await sync.value }
                if let failure { throw failure }
            }
            if received.completion == nil {
                if Task.isCancelled { throw CancellationError() }
                throw ProviderError.streamCutOff(reason: "the server ended the stream before the reply was complete")
            }
        } catch {
            if !received.text.isEmpty {
                // On disk before the error is reported (a cancelled line may be followed by exit).
                _ = try? await save(received, answering: prompt, sessionID: sessionID, model: options.model,
                                    resets: noted, syncing: nil)
            }
            throw error
        }
        return try await save(received, answering: prompt, sessionID: sessionID, model: options.model, resets: noted)
    }

    /// Saves what arrived (complete or not) after `prompt` and returns the turn.
    /// `syncing`: how its journal fdatasync starts (nil: before this returns).
    private func save(_ received: ReceivedReply, answering prompt: ChatMessage, sessionID: String,
                      model: ModelReference?, resets noted: Int,
                      syncing: JournalSyncStart? = .lingering) async throws -> ChatTurn {
        let now = timestamp()
        let complete = received.completion != nil
        let reply = ChatMessage(
            role: .assistant, content: received.text, createdAt: now,
            model: model.map(\.description), incomplete: !complete,
            finishReason: received.completion?.finishReason, usage: received.completion?.usage)
        guard !deletedIDs.contains(sessionID) else { throw SessionError.notFound(reference: sessionID) }
        // The reply's fdatasync runs while Lyra goes on (shows the reply, reads the next line, sends
        // it), shared with the next prompt's when that comes within 2 ms; the next turn, or leaving,
        // waits for it (`replySync`).
        let (saved, sync) = try await saveHandingOver(id: sessionID, fresh: nil, resets: noted,
                                                      syncing: syncing) { stored in
            ChatReplyRecord.edits(reply, answering: prompt, complete: complete, conversationID: received.conversationID,
                                  model: model.map(\.description), at: now, in: stored)
        }
        if let sync { noteReplySync(sync) }
        var sent = prompt
        sent.failed = !complete
        return ChatTurn(prompt: sent, reply: reply, session: saved, servedBy: received.completion?.model)
    }
}

/// The reply as it streams in.
struct ReceivedReply {
    var text = ""
    var conversationID: String?
    var completion: ChatCompletionInfo?

    /// Reads the reply to `request` from `provider`'s stream on the caller's actor (`isolation`),
    /// handing each piece of its text to `onText` as it arrives. When the task is cancelled the
    /// reply just stops where it was.
    /// - Throws: what the provider's stream throws.
    mutating func receive(from provider: any ChatProvider, request: ChatProviderRequest,
                          isolation: isolated (any Actor)? = #isolation,
                          onText: @Sendable (String) -> Void) async throws {
        do {
            for try await event in provider.streamReply(to: request) {
                apply(event, onText: onText)
            }
        } catch where Task.isCancelled {
            // As with a stream whose reader was cancelled: the reply just stops where it was.
        }
    }

    mutating func apply(_ event: ChatStreamEvent, onText: (String) -> Void) {
        switch event {
        case .text(let piece):
            guard !piece.isEmpty else { return }
            text += piece
            onText(piece)
        case .conversationID(let id):
            conversationID = id
        case .finished(let info):
            completion = info
        }
    }
}
