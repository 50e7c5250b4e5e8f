// The app backend as a chat provider over a real loopback socket: the whole reply arrives as one
// stream (text, the chat id the server uses, the end), and stopping the stream stops the request.
import Foundation
import Testing
@testable import LyraKit

@Suite struct AppChatProviderTests {
    private func provider(_ server: LoopbackHTTPServer) throws -> AppChatProvider {
        let config = try APIConfig(baseURL: server.baseURL, token: "tok", userID: "u", appID: "lyra.cli", locale: "en")
        return AppChatProvider(backend: APIClient(config: config))
    }

    private let request = ChatProviderRequest(model: "", system: nil, history: [], message: "Hi", conversationID: "c-1")

    @Test func theWholeReplyIsOneStream() async throws {
        let body = Data(#"{"chat_id": 42, "assistant_message": "Hello!", "tokens": 3}"#.utf8)
        let server = try LoopbackHTTPServer([.respond(status: 200, headers: ["Content-Type": "application/json"], body: body)])
        var events: [ChatStreamEvent] = []
        for try await event in try provider(server).streamReply(to: request) { events.append(event) }
        #expect(events == [.text("Hello!"), .conversationID("42"), .finished(ChatCompletionInfo())])
    }

    @Test func cancellingTheConsumerStopsTheRequest() async throws {
        let server = try LoopbackHTTPServer([.stall])
        let provider = try provider(server), request = request
        let consumer = Task {
            var events: [ChatStreamEvent] = []
            for try await event in provider.streamReply(to: request) { events.append(event) }
            return events
        }
        try await server.waitForRequests(1)
        consumer.cancel()
        #expect(try await consumer.value == [])   // a cancelled stream just ends
        let start = ContinuousClock.now
        try await server.waitUntilClosed(seconds: 60)   // a watchdog: the server waits 120 s for the client
        #expect(ContinuousClock.now - start < .seconds(60), "the request went on after the stream stopped")
        #expect(server.everyStallEndedByTheClient)
    }
}
