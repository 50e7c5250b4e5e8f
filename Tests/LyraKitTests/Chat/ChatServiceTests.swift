// ChatService with a scripted ChatBackend over real session files: save-before-send, failures kept
// as `failed`, retry without duplicates, chat-id adoption, titles, lazy creation, cancellation.
import Foundation
import Testing
@testable import LyraKit

@Suite struct ChatServiceTests {
    private func makeService(_ directory: URL) -> ChatService {
        ChatService(store: SessionStore(directory: directory), clock: FakeClock(start: 1_795_946_400, stepPerReading: 1.007))
    }

    private func sessionFiles(_ directory: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "json" && !$0.lastPathComponent.hasPrefix(".") }
    }

    /// The one stored session, read as any Lyra process reads it (file plus journal).
    private func storedSession(_ directory: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws -> ChatSession {
        let sessions = try await storedSessions(in: directory)
        try #require(sessions.count == 1, sourceLocation: sourceLocation)
        return sessions[0]
    }

    @Test func aTurnSavesBothMessagesInOrderWithTheFirstMessageAsTitle() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            let backend = ScriptedChatBackend([.echo])
            #expect(sessionFiles(directory).isEmpty)
            let turn = try await service.send("Plan a trip\nto Kyoto in spring, with temples and food", using: backend)
            #expect(turn.reply.content == "echo: Plan a trip\nto Kyoto in spring, with temples and food")
            let stored = try await storedSession(directory)
            #expect(stored.title == "Plan a trip to Kyoto in spring, with tem")
            #expect(stored.messages.map(\.role) == [.user, .assistant])
            #expect(stored.messages.map(\.failed) == [false, nil])
            #expect(stored.chatID == stored.chatID.lowercased() && UUID(uuidString: stored.chatID) != nil)
            #expect(backend.calls == [.init(chatID: stored.chatID, message: turn.prompt.content)])
            #expect(stored.updatedAt == stored.messages[1].createdAt)
            #expect(stored.messages[0].createdAt < stored.messages[1].createdAt)
        }
    }

    @Test func theUserMessageIsSavedBeforeTheRequestIsSent() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            let task = Task { try await service.send("slow question", using: ScriptedChatBackend([.waitForCancellation])) }
            let deadline = ContinuousClock.now + .seconds(60)
            while sessionFiles(directory).isEmpty && ContinuousClock.now < deadline { await Task.yield() }
            let during = try await storedSession(directory)
            #expect(during.messages.map(\.content) == ["slow question"])
            task.cancel()
            // Cancelled either inside the request or just before it: both end the turn as cancelled.
            let error = await #expect(throws: (any Error).self) { _ = try await task.value }
            #expect(error is CancellationError || (error as? APIError) == .cancelled)
            let after = try await storedSession(directory)
            #expect(after.messages.map(\.content) == ["slow question"])
            #expect(after.messages.map(\.failed) == [true])
        }
    }

    @Test func aFailureKeepsTheMessageFailedAndRetrySendsItOnceMore() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            let backend = ScriptedChatBackend([
                .reply(chatID: nil, text: "first answer"),
                .failure(.invalidResponse(statusCode: 500, detail: "model overloaded")),
                .reply(chatID: nil, text: "second answer"),
            ])
            _ = try await service.send("one", using: backend)
            await #expect(throws: APIError.invalidResponse(statusCode: 500, detail: "model overloaded")) {
                _ = try await service.send("two", using: backend)
            }
            var stored = try await storedSession(directory)
            #expect(stored.messages.map(\.content) == ["one", "first answer", "two"])
            #expect(stored.messages.last?.failed == true)
            let retried = try await service.retry(using: backend)
            #expect(retried.reply.content == "second answer")
            stored = try await storedSession(directory)
            #expect(stored.messages.map(\.content) == ["one", "first answer", "two", "second answer"])
            #expect(stored.messages.compactMap(\.failed) == [false, false])
            #expect(backend.calls.map(\.message) == ["one", "two", "two"])
            await #expect(throws: ChatError.nothingToRetry) { _ = try await service.retry(using: backend) }
        }
    }

    @Test func aRetryThatFailsAgainLeavesOneFailedMessage() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            let backend = ScriptedChatBackend([.failure(.unauthorized), .failure(.subscriptionRequired)])
            await #expect(throws: APIError.unauthorized) { _ = try await service.send("hi", using: backend) }
            await #expect(throws: APIError.subscriptionRequired) { _ = try await service.retry(using: backend) }
            let stored = try await storedSession(directory)
            #expect(stored.messages.map(\.content) == ["hi"])
            #expect(stored.messages.map(\.failed) == [true])
        }
    }

    @Test func aDifferentChatIDInAReplyIsAdoptedForLaterTurns() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            let backend = ScriptedChatBackend([.reply(chatID: "server-77", text: "a"), .reply(chatID: "server-77", text: "b")])
            _ = try await service.send("one", using: backend)
            _ = try await service.send("two", using: backend)
            #expect(backend.calls[0].chatID != "server-77")
            #expect(backend.calls[1].chatID == "server-77")
            #expect(try await storedSession(directory).chatID == "server-77")
        }
    }

    @Test func newSessionsAreLazyAndKeepTheirGivenTitle() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            _ = try await service.send("first", using: ScriptedChatBackend([.echo]))
            try await service.startNew(title: "  Named\nsession ")
            #expect(await service.title == "Named session")
            #expect(await service.session == nil)
            #expect(sessionFiles(directory).count == 1)
            _ = try await service.send("second", using: ScriptedChatBackend([.echo]))
            let listing = try await service.store.list()
            #expect(listing.sessions.map(\.title) == ["Named session", "first"])
            await #expect(throws: SessionError.emptyTitle) { try await service.startNew(title: " \n ") }
        }
    }

    @Test func openingRenamingAndDeletingFollowTheCurrentSession() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            _ = try await service.send("alpha", using: ScriptedChatBackend([.echo]))
            try await service.startNew(title: nil)
            _ = try await service.send("beta", using: ScriptedChatBackend([.echo]))
            let other = makeService(directory)
            #expect(try await other.openMostRecent()?.title == "beta")
            let alpha = try await other.open("1")
            #expect(alpha.title == "alpha")
            _ = try await other.send("again", using: ScriptedChatBackend([.echo]))
            #expect(try await other.store.load(id: alpha.id).messages.count == 4)
            try await other.rename(id: alpha.id, to: "Renamed")
            #expect(await other.title == "Renamed")
            try await other.delete(id: alpha.id)
            #expect(await other.session == nil)
            #expect(try await other.store.list().sessions.map(\.title) == ["beta"])
        }
    }

    @Test func emptyMessagesAreRefusedWithoutCreatingASession() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            await #expect(throws: ChatError.emptyMessage) { _ = try await service.send(" \n ", using: ScriptedChatBackend([.echo])) }
            #expect(sessionFiles(directory).isEmpty)
        }
    }
}
