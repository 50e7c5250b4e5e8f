// A chat provider whose one reply waits until the test releases it, so a test can act on
// ChatService while a turn is awaiting the provider (actor reentrancy).
import Foundation
import Testing
@testable import LyraKit

/// Says when its request arrived, then streams the text the test releases and finishes.
final class HeldChatProvider: ChatProvider {
    let name = "held"
    let keepsHistoryServerSide = false
    /// Told the request when the turn reaches the provider (its message is saved by then).
    let arrived = AsyncStream<ChatProviderRequest>.makeStream()
    /// The test yields the reply's text here to let the turn finish.
    let release = AsyncStream<String>.makeStream()

    func streamReply(to request: ChatProviderRequest) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
        let arrived = self.arrived.continuation
        let release = self.release.stream
        return Self.makeStream { continuation in
            arrived.yield(request)
            for await text in release {
                continuation.yield(.text(text))
                continuation.yield(.finished(ChatCompletionInfo(finishReason: "stop", model: "held-1", usage: nil)))
                return
            }
            throw CancellationError()
        }
    }

    /// Waits until the turn has reached the provider.
    func waitForRequest() async -> ChatProviderRequest? {
        for await request in arrived.stream { return request }
        return nil
    }
}
