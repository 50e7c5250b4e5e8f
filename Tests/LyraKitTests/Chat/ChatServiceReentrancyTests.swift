// ChatService is an actor, so other calls run while a turn awaits its provider: a `/new`, a switch
// of session or a system prompt typed meanwhile must win over what the turn noted before its await.
import Foundation
import Testing
@testable import LyraKit

@Suite struct ChatServiceReentrancyTests {
    private let model = ModelReference(provider: "held", model: "tiny")

    private func makeService(_ directory: URL) -> ChatService {
        ChatService(store: SessionStore(directory: directory), clock: FakeClock(start: 1_795_946_400, stepPerReading: 1.007))
    }

    private func finished() -> ChatStreamEvent {
        .finished(ChatCompletionInfo(finishReason: "stop", model: "tiny-1"))
    }

    /// Starts `text` as a turn on `provider` and returns once the turn is awaiting the provider.
    private func turnAwaitingProvider(_ text: String, on service: ChatService, provider: HeldChatProvider)
        async throws -> Task<ChatTurn, any Error> {
        let options = ChatTurnOptions(provider: provider, model: model)
        let turn = Task { try await service.send(text, options: options) }
        let request = await provider.waitForRequest()
        try #require(request?.message == text)
        return turn
    }

    /// Types `/new TITLE` while `turn` awaits `provider`, lets `reply` in, and checks that the new
    /// session stays chosen; returns the finished turn.
    private func startNew(_ title: String, during turn: Task<ChatTurn, any Error>, on service: ChatService,
                          provider: HeldChatProvider, reply: String) async throws -> ChatTurn {
        try await service.startNew(title: title)
        provider.release.continuation.yield(reply)
        let finished = try await turn.value
        #expect(await service.session == nil)
        #expect(await service.title == title)
        return finished
    }

    @Test func newTypedDuringATurnStaysChosenAndTheReplyIsSavedInTheOldSession() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            let provider = HeldChatProvider()
            let turn = try await turnAwaitingProvider("first question", on: service, provider: provider)
            let finishedTurn = try await startNew("Fresh start", during: turn, on: service, provider: provider,
                                                  reply: "the answer")
            let old = try await service.loadSession(id: finishedTurn.session.id)
            #expect(old.messages.map(\.content) == ["first question", "the answer"])
            #expect(old.messages.first?.failed == false)

            let next = ScriptedChatProvider([.init(events: [.text("hello again"), finished()])])
            let nextTurn = try await service.send("second", options: ChatTurnOptions(provider: next, model: model))
            #expect(nextTurn.session.id != old.id)
            #expect(nextTurn.session.title == "Fresh start")
            #expect(try await service.listSessions().sessions.count == 2)
        }
    }

    @Test func aSessionOpenedDuringATurnStaysCurrent() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            let earlier = ScriptedChatProvider([.init(events: [.text("old reply"), finished()])])
            let other = try await service.send("older chat", options: ChatTurnOptions(provider: earlier, model: model))
            try await service.startNew(title: nil)
            let provider = HeldChatProvider()
            let turn = try await turnAwaitingProvider("new chat", on: service, provider: provider)
            try await service.open(id: other.session.id)
            provider.release.continuation.yield("new reply")
            let finishedTurn = try await turn.value

            #expect(await service.session?.id == other.session.id)
            #expect(await service.session?.messages.map(\.content) == ["older chat", "old reply"])
            let stored = try await service.loadSession(id: finishedTurn.session.id)
            #expect(stored.messages.map(\.content) == ["new chat", "new reply"])
        }
    }

    @Test func aSystemPromptSetDuringATurnIsKeptWhenTheReplyIsSaved() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            let provider = HeldChatProvider()
            let turn = try await turnAwaitingProvider("question", on: service, provider: provider)
            try await service.setSystemPrompt("Answer in French.")
            provider.release.continuation.yield("réponse")
            let finishedTurn = try await turn.value

            let stored = try await service.loadSession(id: finishedTurn.session.id)
            #expect(stored.system == "Answer in French.")
            #expect(stored.messages.map(\.content) == ["question", "réponse"])
            #expect(await service.systemPrompt == "Answer in French.")
        }
    }

    @Test func newTypedWhileARetryAwaitsTheProviderStaysChosen() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            let failing = ScriptedChatProvider([.init(events: [], ending: .failure(.streamCutOff(reason: "dropped")))])
            await #expect(throws: ProviderError.self) {
                _ = try await service.send("try me", options: ChatTurnOptions(provider: failing, model: model))
            }
            let provider = HeldChatProvider()
            let options = ChatTurnOptions(provider: provider, model: model)
            let retry = Task { try await service.retry(options: options) }
            #expect(await provider.waitForRequest()?.message == "try me")
            let finishedTurn = try await startNew("Elsewhere", during: retry, on: service, provider: provider, reply: "worked")
            let stored = try await service.loadSession(id: finishedTurn.session.id)
            #expect(stored.messages.map(\.content) == ["try me", "worked"])
            #expect(stored.messages.map(\.failed) == [false, nil])
        }
    }

    @Test func aSessionDeletedDuringATurnIsNotWrittenBack() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            let provider = HeldChatProvider()
            let turn = try await turnAwaitingProvider("doomed", on: service, provider: provider)
            let id = try #require(await service.session?.id)
            try await service.delete(id: id)
            provider.release.continuation.yield("too late")

            await #expect(throws: SessionError.notFound(reference: id)) { _ = try await turn.value }
            #expect(await service.session == nil)
            #expect(try await service.listSessions().sessions.isEmpty)
        }
    }
}
