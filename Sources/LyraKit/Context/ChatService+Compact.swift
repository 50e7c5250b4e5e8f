// `/compact [KEEP]` (SPEC §12): the current model summarises every message of the session but the
// last KEEP; the summary is stored as a `summary` message right after them, and the summarised
// messages stay in the file marked `compacted` — one save, through the store and its journal.
import Foundation

/// What `/compact` did.
public struct CompactResult: Sendable, Equatable {
    /// Messages marked compacted.
    public var compacted: Int
    /// Messages after the summary that are still sent as they are.
    public var kept: Int
    /// The stored summary.
    public var summary: ChatMessage
    /// Of the compacted messages, the oldest ones that did not fit the token budget of the request
    /// (the model did not read them).
    public var unread: Int
}

/// Why `/compact` did nothing.
public enum CompactError: Error, Equatable, LocalizedError {
    /// No current session, or nothing before the last KEEP messages.
    case nothingToCompact(messages: Int, keep: Int)
    /// The model's answer was empty or cut off.
    case noSummary

    public var errorDescription: String? {
        switch self {
        case let .nothingToCompact(messages, keep):
            return "nothing to compact: the session has \(messages) message\(messages == 1 ? "" : "s") in use "
                + "and /compact keeps the last \(keep)"
        case .noSummary:
            return "the model gave no summary; nothing was changed"
        }
    }
}

extension ChatService {
    /// Asks `options.provider` to summarise the current session's messages in use (not compacted)
    /// but the last `keep`, and saves the summary and the compacted marks in one save.
    /// - Throws: `CompactError`, the provider's error, storage errors; nothing is changed then.
    public func compact(keep: Int, options: ChatTurnOptions) async throws -> CompactResult {
        guard let session = await session else { throw CompactError.nothingToCompact(messages: 0, keep: keep) }
        let active = session.messages.filter { !$0.compacted }
        let older = Array(active.dropLast(keep))
        guard let last = older.last, older.contains(where: { [.user, .assistant, .summary].contains($0.role) }) else {
            throw CompactError.nothingToCompact(messages: active.count, keep: keep)
        }
        let history = ChatHistory.messages(before: "", in: ChatSession(title: "", createdAt: session.createdAt,
                                                                       messages: older), limit: 0)
        var limit = options.contextTokens
        var overflows = 0
        var budget: ContextBudget
        var received: ReceivedReply
        while true {
            budget = ContextBudget.apply(limit: limit, system: session.system, history: history,
                                         message: ContextSummary.instruction)
            let request = ChatProviderRequest(model: options.model?.model ?? "", system: session.system,
                                              history: budget.sent(from: history), message: ContextSummary.instruction,
                                              conversationID: session.chatID, think: options.think)
            received = ReceivedReply(startsInsideThinking: options.startsInsideThinking)
            do {
                try await received.receive(from: options.provider, request: request, onText: { _ in })
                break
            } catch ProviderError.contextTooLong(let message) where received.isEmpty && overflows < ContextOverflow.maxRetries {
                // As for a chat turn: sent again with fewer of the older messages.
                guard budget.sentMessages > 0,
                      let tighter = ContextOverflow.retryLimit(sent: budget.sentTokens, message: message,
                                                               window: options.contextWindow) else {
                    throw ProviderError.contextTooLong(message: message)
                }
                limit = tighter
                overflows += 1
            }
        }
        try Task.checkCancellation()
        let text = received.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let completion = received.completion, !text.isEmpty else { throw CompactError.noSummary }
        let now = timestamp()
        var summary = ChatMessage(role: .summary, content: text, createdAt: now, model: options.model?.description,
                                  finishReason: completion.finishReason, usage: completion.usage)
        summary.tokens = LearnedTokens.reply(usage: completion.usage, hasReasoning: !received.reasoning.isEmpty)
        let ids = Set(older.map(\.id))
        let stored = summary
        _ = try await save(in: session.id, firstMessage: session.title, at: now) { current in
            var edits: [SessionEdit] = current.messages.filter { ids.contains($0.id) && !$0.compacted }.map { message in
                var marked = message
                marked.compacted = true
                return .replace(message.id, with: marked)
            }
            var meta = SessionMeta(current)
            meta.updatedAt = max(meta.updatedAt, now)
            edits += [.insert(stored, after: last.id), .meta(meta)]
            return edits
        }
        return CompactResult(compacted: older.count, kept: active.count - older.count, summary: summary,
                             unread: budget.omittedMessages)
    }
}
