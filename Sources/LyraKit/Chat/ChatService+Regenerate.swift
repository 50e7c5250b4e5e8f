// Asking again (SPEC §15): `/regenerate` gets a new reply to the last user message and keeps the
// earlier ones as the reply's `alternatives`; `/alt N` shows another; `/continue` asks the model to
// go on with a reply cut by its token limit or by Ctrl-C, appended to it. Saved as journal lines.
import Foundation

extension ChatService {
    /// Asks again for a reply to the last user message of the current session; the new reply is
    /// shown and sent from now on, the earlier ones are kept as `alternatives`. A reply that does
    /// not arrive whole changes nothing.
    /// - Throws: `ChatControlError.nothingToRegenerate`, the provider's error, storage errors.
    public func regenerate(options: ChatTurnOptions) async throws -> ChatTurn {
        guard let session = await session, let (prompt, old) = Self.lastExchange(in: session),
              !prompt.isFailed, !old.incomplete else { throw ChatControlError.nothingToRegenerate }
        let received = try await receiveWhole(Self.request(for: prompt, in: session, options: options).0, options: options)
        let now = timestamp()
        let fresh = ChatAlternative(content: received.text, createdAt: now, model: options.model?.description,
                                    finishReason: received.completion?.finishReason, usage: received.completion?.usage,
                                    reasoning: received.reasoning.isEmpty ? nil : received.reasoning)
        var reply = fresh.shown(in: old)
        reply.alternatives = ((old.alternatives ?? []) + [ChatAlternative(old)]).sorted { $0.createdAt < $1.createdAt }
        let saved = try await saveReplyChange(reply, in: session, at: now)
        return ChatTurn(prompt: prompt, reply: reply, session: saved, servedBy: received.completion?.model)
    }

    /// Every reply to the last user message, oldest first (the one shown among them), and the
    /// position of the one shown.
    /// - Throws: `ChatControlError.nothingToRegenerate` when the last message has no reply.
    public func replies() async throws -> (replies: [ChatAlternative], shown: Int) {
        guard let session = await session, let (_, reply) = Self.lastExchange(in: session) else {
            throw ChatControlError.nothingToRegenerate
        }
        return Self.replies(of: reply)
    }

    /// Shows reply `number` (from 1, as `replies()` orders them) of the last user message instead
    /// of the one shown now, which joins the alternatives.
    /// - Throws: `ChatControlError.noSuchAlternative` or `.nothingToRegenerate`, storage errors.
    @discardableResult
    public func pickReply(_ number: Int) async throws -> ChatMessage {
        guard let session = await session, let (_, old) = Self.lastExchange(in: session) else {
            throw ChatControlError.nothingToRegenerate
        }
        let (all, shown) = Self.replies(of: old)
        guard number >= 1, number <= all.count else { throw ChatControlError.noSuchAlternative(number, count: all.count) }
        guard number - 1 != shown else { return old }
        var reply = all[number - 1].shown(in: old)
        reply.alternatives = all.enumerated().filter { $0.offset != number - 1 }.map(\.element)
        _ = try await saveReplyChange(reply, in: session, at: timestamp())
        return reply
    }

    /// Asks the model to go on with the last reply, cut by its token limit (`finishReason: length`)
    /// or by Ctrl-C (`incomplete`); what arrives is appended to that reply (and saved, also when
    /// it is cut again).
    /// - Throws: `ChatControlError.nothingToContinue`, the provider's error, storage errors.
    public func continueReply(options: ChatTurnOptions) async throws -> ChatTurn {
        guard let session = await session, let (prompt, old) = Self.lastExchange(in: session),
              old.incomplete || old.finishReason == "length" else { throw ChatControlError.nothingToContinue }
        var request = Self.request(for: prompt, in: session, options: options).0
        request.replyPrefix = old.content
        var received = ReceivedReply(startsInsideThinking: false)
        var failure: (any Error)?
        let echo = ContinuationEcho(prefix: old.content)
        let onText = options.onText
        do {
            try Task.checkCancellation()
            try await received.receive(from: options.provider, request: request,
                                       onText: { piece in
                                           let shown = echo.filter(piece)
                                           if !shown.isEmpty { onText(shown) }
                                       }, onReasoning: options.onReasoning)
            let rest = echo.finish()
            if !rest.isEmpty { onText(rest) }
            if received.completion == nil {
                if Task.isCancelled { throw CancellationError() }
                throw ProviderError.streamCutOff(reason: "the server ended the stream before the reply was complete")
            }
        } catch {
            failure = error
        }
        let now = timestamp()
        var reply = old
        reply.content += echo.strip(received.text)
        if !received.reasoning.isEmpty { reply.reasoning = (old.reasoning ?? "") + received.reasoning }
        reply.incomplete = received.completion == nil
        if let completion = received.completion {
            reply.finishReason = completion.finishReason
            reply.usage = completion.usage
        }
        let complete = !reply.incomplete
        if !received.isEmpty || complete {
            let updated = reply
            let saved = try await store.update(session) { stored in
                var meta = SessionMeta(stored)
                meta.updatedAt = max(meta.updatedAt, now)
                return [.failed(id: prompt.id, failed: !complete), .append(updated), .meta(meta)]
            }
            if let failure { throw failure }
            var sent = prompt
            sent.failed = false
            return ChatTurn(prompt: sent, reply: reply, session: saved, servedBy: received.completion?.model)
        }
        throw failure ?? ChatControlError.nothingToContinue
    }

    // MARK: - Internal

    /// The last user message still in the conversation and the assistant reply right after it.
    static func lastExchange(in session: ChatSession) -> (prompt: ChatMessage, reply: ChatMessage)? {
        let active = session.messages.filter { !$0.removed }
        guard let index = active.lastIndex(where: { $0.role == .user }), index + 1 < active.endIndex,
              active[index + 1].role == .assistant else { return nil }
        return (active[index], active[index + 1])
    }

    /// The replies of `message` (its alternatives and itself) oldest first, and where it is among them.
    static func replies(of message: ChatMessage) -> (replies: [ChatAlternative], shown: Int) {
        var all = message.alternatives ?? []
        let current = ChatAlternative(message)
        let position = all.firstIndex { $0.createdAt > current.createdAt } ?? all.endIndex
        all.insert(current, at: position)
        return (all, position)
    }

    /// Reads a whole reply to `request`; a reply cut off is thrown away and its error thrown.
    private func receiveWhole(_ request: ChatProviderRequest, options: ChatTurnOptions) async throws -> ReceivedReply {
        var received = ReceivedReply(startsInsideThinking: options.startsInsideThinking)
        try Task.checkCancellation()
        try await received.receive(from: options.provider, request: request, onText: options.onText,
                                   onReasoning: options.onReasoning)
        guard received.completion != nil else {
            if Task.isCancelled { throw CancellationError() }
            throw ProviderError.streamCutOff(reason: "the server ended the stream before the reply was complete")
        }
        return received
    }

    /// Saves the changed reply `reply` (same id) in `session`.
    private func saveReplyChange(_ reply: ChatMessage, in session: ChatSession, at now: Date) async throws -> ChatSession {
        try await store.update(session) { stored in
            var meta = SessionMeta(stored)
            meta.updatedAt = max(meta.updatedAt, now)
            return [.append(reply), .meta(meta)]
        }
    }
}
