// Fakes for chat tests: a clock that advances one second per reading, and a ChatBackend that
// answers from a script (reply, error, or a wait until cancelled) and records what it was sent.
import Foundation
import Synchronization
@testable import LyraKit

/// A clock starting at 2026-11-29T10:00:00Z that moves on one second (and 7 ms) each time it is read.
final class SteppingClock: LyraClock {
    private let current = Mutex(Date(timeIntervalSince1970: 1_795_946_400))

    func now() -> Date {
        current.withLock { date in
            defer { date += 1.007 }
            return date
        }
    }

    func sleep(for seconds: Double) async throws { try Task.checkCancellation() }
}

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

    init(_ outcomes: [Outcome] = []) {
        state = Mutex((outcomes, []))
    }

    var calls: [Call] { state.withLock { $0.calls } }

    func sendChatMessage(chatID: String, message: String) async throws -> ChatReplyDTO {
        let outcome = state.withLock { current -> Outcome in
            current.calls.append(Call(chatID: chatID, message: message))
            return current.outcomes.isEmpty ? .echo : current.outcomes.removeFirst()
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
