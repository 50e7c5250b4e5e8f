// One round of tool use in a chat turn (SPEC §14): the assistant message that asks for the calls
// is saved with its `toolCalls`, each call is decided and run, its result saved as a `tool`
// message, and all of them go into the next request of the turn.
import Foundation

extension ChatService {
    /// Saves `received` (which asks for `calls`) after message `lastID`, runs each call through
    /// `runner`, saves each result after it, and adds them all to `request`. Returns the id of the
    /// last message saved.
    /// - Throws: `CancellationError` (Ctrl-C during a call), storage errors.
    func runToolRound(_ received: ReceivedReply, calls: [ToolCall], runner: any ChatToolRunner, after lastID: String,
                      prompt: ChatMessage, sessionID: String, request: inout ChatProviderRequest,
                      options: ChatTurnOptions) async throws -> String {
        let now = timestamp()
        var asking = ChatMessage(role: .assistant, content: received.text, createdAt: now,
                                 model: options.model.map(\.description), finishReason: received.completion?.finishReason,
                                 usage: received.completion?.usage,
                                 reasoning: received.reasoning.isEmpty ? nil : received.reasoning)
        asking.toolCalls = calls
        var previous = try await insert(asking, after: lastID, prompt: prompt, sessionID: sessionID)
        request.toolRounds.append(asking)
        for call in calls {
            let outcome = try await runner.run(call, offered: request.tools)
            var result = ChatMessage(role: .tool, content: outcome.content, createdAt: timestamp())
            result.toolCallId = call.id
            result.allowed = outcome.allowed
            previous = try await insert(result, after: previous, prompt: prompt, sessionID: sessionID)
            request.toolRounds.append(result)
        }
        return previous
    }

    /// Saves `message` right after message `previous` (on disk when this returns); returns its id.
    private func insert(_ message: ChatMessage, after previous: String, prompt: ChatMessage,
                        sessionID: String) async throws -> String {
        let now = message.createdAt
        _ = try await save(in: sessionID, firstMessage: prompt.content, at: now) { stored in
            var meta = SessionMeta(stored)
            meta.updatedAt = max(meta.updatedAt, now)
            let present = stored.messages.contains { $0.id == previous }
            return [present ? .insert(message, after: previous) : .append(message), .meta(meta)]
        }
        return message.id
    }

    /// The edits that record the final `reply` of a turn that used tools: after the last message
    /// of its tool rounds, the prompt marked sent (or not).
    static func editsAfterToolRounds(_ reply: ChatMessage, answering prompt: ChatMessage, complete: Bool,
                                     after lastID: String, model: String?, at now: Date,
                                     in session: ChatSession) -> [SessionEdit] {
        var edits: [SessionEdit] = []
        if session.messages.contains(where: { $0.id == prompt.id }) {
            edits.append(.failed(id: prompt.id, failed: !complete))
        }
        let present = session.messages.contains { $0.id == lastID }
        edits.append(present ? .insert(reply, after: lastID) : .append(reply))
        var meta = SessionMeta(session)
        if let model { meta.model = model }
        meta.updatedAt = max(meta.updatedAt, now)
        edits.append(.meta(meta))
        return edits
    }
}

/// Why a turn that used tools failed.
public enum ToolUseError: Error, Equatable, Sendable, LocalizedError {
    /// The model asked for tools in more than ``maximumRounds`` rounds.
    case tooManyRounds

    /// The most rounds of tool calls a turn may have (so at most 11 requests).
    public static let maximumRounds = 10

    /// One line for a person.
    public var errorDescription: String? {
        switch self {
        case .tooManyRounds: "the model asked for tools in more than \(Self.maximumRounds) rounds; the turn was stopped"
        }
    }
}
