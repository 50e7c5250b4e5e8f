// Fakes for chat tests: a ChatBackend that answers from a script (reply, error, or a wait until
// cancelled), records what it was sent, and fails the test when called beyond its script.
import Foundation
import Synchronization
import Testing
@testable import LyraKit

/// A `ChatBackend` answering each call with the next scripted outcome.
final class ScriptedChatBackend: ChatBackend {
    enum Outcome: Sendable {
        case reply(chatID: String?, text: String)
        case echo
        case failure(APIError)
        case waitForCancellation
    }

    struct Call: Equatable, Sendable {
        var chatID: String
        var message: String
    }

    private let state: Mutex<(outcomes: [Outcome], calls: [Call])>

    /// A backend that answers exactly `outcomes`, in order; a call beyond them is a test failure.
    init(_ outcomes: [Outcome]) {
        state = Mutex((outcomes, []))
    }

    var calls: [Call] { state.withLock { $0.calls } }

    func sendChatMessage(chatID: String, message: String) async throws -> ChatReplyDTO {
        let next = state.withLock { current -> Outcome? in
            current.calls.append(Call(chatID: chatID, message: message))
            return current.outcomes.isEmpty ? nil : current.outcomes.removeFirst()
        }
        guard let outcome = next else {
            Issue.record("ScriptedChatBackend was called beyond its script with \"\(message)\"")
            throw APIError.invalidResponse(statusCode: 599, detail: "unscripted call")
        }
        switch outcome {
        case let .reply(newID, text):
            return ChatReplyDTO(chatID: newID.map { FlexibleID($0) }, assistantMessage: text)
        case .echo:
            return ChatReplyDTO(chatID: FlexibleID(chatID), assistantMessage: "echo: \(message)")
        case .failure(let error):
            throw error
        case .waitForCancellation:
            while !Task.isCancelled { await Task.yield() }
            throw APIError.cancelled
        }
    }
}

extension ChatService {
    /// A turn answered by `backend` through the app provider (the seam the app backend uses).
    func send(_ text: String, using backend: any ChatBackend) async throws -> ChatTurn {
        try await send(text, options: ChatTurnOptions(provider: AppChatProvider(backend: backend)))
    }

    /// A retry answered by `backend` through the app provider.
    func retry(using backend: any ChatBackend) async throws -> ChatTurn {
        try await retry(options: ChatTurnOptions(provider: AppChatProvider(backend: backend)))
    }
}
