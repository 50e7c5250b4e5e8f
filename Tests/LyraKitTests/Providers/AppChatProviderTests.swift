// The app backend as a chat provider: the whole reply arrives as one stream (text, the chat id the
// server uses, the end), and cancelling the consumer cancels the backend call.
import Foundation
import Testing
@testable import LyraKit

@Suite struct AppChatProviderTests {
    private let request = ChatProviderRequest(model: "", system: nil, history: [], message: "Hi", conversationID: "c-1")

    @Test func theWholeReplyIsOneStream() async throws {
        let body = Data(#"{"chat_id": 42, "assistant_message": "Hello!", "tokens": 3}"#.utf8)
        let server = try LoopbackHTTPServer([.respond(status: 200, headers: ["Content-Type": "application/json"], body: body)])
        let config = try APIConfig(baseURL: server.baseURL, token: "tok", userID: "u", appID: "lyra.cli", locale: "en")
        var events: [ChatStreamEvent] = []
        for try await event in AppChatProvider(backend: APIClient(config: config)).streamReply(to: request) {
            events.append(event)
        }
        #expect(events == [.text("Hello!"), .conversationID("42"), .finished(ChatCompletionInfo())])
    }

    @Test(.timeLimit(.minutes(2))) func cancellingTheConsumerCancelsTheBackendCall() async throws {
        let backend = HangingBackend()
        let provider = AppChatProvider(backend: backend), request = request
        let consumer = Task {
            var events: [ChatStreamEvent] = []
            for try await event in provider.streamReply(to: request) { events.append(event) }
            return events
        }
        var calls = backend.calls.stream.makeAsyncIterator()
        #expect(await calls.next() == "sent")
        consumer.cancel()
        #expect(try await consumer.value == [])   // a cancelled stream just ends
        #expect(await calls.next() == "cancelled")
    }
}

/// A backend whose reply never comes: it says when a call arrived and when it was cancelled.
private final class HangingBackend: ChatBackend {
    let calls = AsyncStream<String>.makeStream()

    nonisolated(nonsending) func sendChatMessage(chatID: String, message: String) async throws -> ChatReplyDTO {
        calls.continuation.yield("sent")
        do {
            try await Task.sleep(for: .seconds(3600))
        } catch {
            calls.continuation.yield("cancelled")
            throw error
        }
        throw CancellationError()
    }
}
