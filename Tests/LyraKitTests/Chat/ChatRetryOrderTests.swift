// /retry with several failed messages: the oldest is resent first, so replies land in the order
// the messages were typed and each retry sees the replies before it.
import Foundation
import Testing
@testable import LyraKit

@Suite struct ChatRetryOrderTests {
    @Test func severalFailedMessagesAreRetriedOldestFirst() async throws {
        try await withTemporaryDirectory { directory in
            let service = ChatService(store: SessionStore(directory: directory), clock: FakeClock(start: 1_795_946_400, stepPerReading: 1.007))
            let backend = ScriptedChatBackend([
                .failure(.invalidResponse(statusCode: 500, detail: nil)),
                .failure(.invalidResponse(statusCode: 500, detail: nil)),
                .reply(chatID: nil, text: "answer one"),
                .reply(chatID: nil, text: "answer two"),
            ])
            for text in ["one", "two"] {
                await #expect(throws: APIError.self) { _ = try await service.send(text, using: backend) }
            }
            _ = try await service.retry(using: backend)
            _ = try await service.retry(using: backend)
            #expect(backend.calls.map(\.message) == ["one", "two", "one", "two"])
            let stored = try #require(try await storedSessions(in: directory).first)
            #expect(stored.messages.map(\.content) == ["one", "answer one", "two", "answer two"])
            await #expect(throws: ChatError.nothingToRetry) { _ = try await service.retry(using: backend) }
        }
    }
}
