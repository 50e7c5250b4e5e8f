// A chat provider for ChatService tests: each call plays the next scripted list of events, then
// either finishes, fails, or waits until cancelled; it records every request. Using it beyond its
// script fails the test loudly.
import Foundation
import Synchronization
import Testing
@testable import LyraKit

/// Plays scripted replies and records requests.
final class ScriptedChatProvider: ChatProvider {
    /// How one scripted reply ends after its events.
    enum Ending: Sendable {
        /// The stream ends normally (the events should include `.finished`).
        case end
        /// The stream throws.
        case failure(ProviderError)
        /// The stream stays open until the consumer is cancelled.
        case hang
    }

    /// One scripted reply.
    struct Reply: Sendable {
        var events: [ChatStreamEvent]
        var ending: Ending = .end
    }

    let name = "scripted"
    let keepsHistoryServerSide: Bool
    private let state: Mutex<(replies: [Reply], requests: [ChatProviderRequest])>
    /// Told when a hanging reply has sent its events.
    let hanging = AsyncStream<Void>.makeStream()

    /// A provider playing `replies` in order; `keepsHistoryServerSide` as the app backend's (true)
    /// or a model API's (false).
    init(_ replies: [Reply], keepsHistoryServerSide: Bool = false) {
        state = Mutex((replies, []))
        self.keepsHistoryServerSide = keepsHistoryServerSide
    }

    var requests: [ChatProviderRequest] { state.withLock { $0.requests } }

    func streamReply(to request: ChatProviderRequest) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
        let reply = state.withLock { current -> Reply? in
            current.requests.append(request)
            return current.replies.isEmpty ? nil : current.replies.removeFirst()
        }
        let hanging = self.hanging.continuation
        return Self.makeStream { continuation in
            guard let reply else {
                Issue.record("ScriptedChatProvider called more often than scripted")
                throw ProviderError.invalidResponse("unscripted call")
            }
            for event in reply.events { continuation.yield(event) }
            switch reply.ending {
            case .end: return
            case .failure(let error): throw error
            case .hang:
                hanging.yield()
                try await Task.sleep(for: .seconds(3600))
            }
        }
    }
}
