// ChatService over a streaming provider (SPEC §8): pieces handed on in order, the reply saved with
// its model, finish reason and usage; cut-off replies saved as incomplete and replaced by /retry;
// the history, system prompt and contextMessages a model receives.
import Foundation
import Synchronization
import Testing
@testable import LyraKit

@Suite struct ChatServiceStreamingTests {
    private let model = ModelReference(provider: "scripted", model: "tiny")

    private func makeService(_ directory: URL) -> ChatService {
        ChatService(store: SessionStore(directory: directory), clock: FakeClock(start: 1_795_946_400, stepPerReading: 1.007))
    }

    private func finished(_ reason: String = "stop") -> ChatStreamEvent {
        .finished(ChatCompletionInfo(finishReason: reason, model: "tiny-1",
                                     usage: TokenUsage(promptTokens: 12, completionTokens: 3)))
    }

    @Test func piecesArriveInOrderAndTheReplyIsSavedWithModelReasonAndUsage() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            let provider = ScriptedChatProvider([.init(events: [.text("Hel"), .text("lo"), .text("!"), finished("length")])])
            let seen = Mutex<[String]>([])
            let options = ChatTurnOptions(provider: provider, model: model) { piece in seen.withLock { $0.append(piece) } }
            let turn = try await service.send("hi", options: options)
            #expect(seen.withLock { $0 } == ["Hel", "lo", "!"])
            let stored = try await service.store.load(id: turn.session.id)
            let reply = try #require(stored.messages.last)
            #expect(reply.content == "Hello!")
            #expect(reply.model == "scripted:tiny")
            #expect(reply.finishReason == "length")
            #expect(reply.usage == TokenUsage(promptTokens: 12, completionTokens: 3))
            #expect(reply.incomplete == false)
            #expect(stored.messages.first?.failed == false)
            #expect(stored.model == "scripted:tiny")
            #expect(turn.servedBy == "tiny-1")
        }
    }

    @Test func aStreamCutOffKeepsThePartialReplyIncompleteAndRetryReplacesIt() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            let provider = ScriptedChatProvider([
                .init(events: [.text("Half an ans")], ending: .failure(.streamCutOff(reason: "dropped"))),
                .init(events: [.text("A whole answer."), finished()]),
            ])
            let options = ChatTurnOptions(provider: provider, model: model)
            await #expect(throws: ProviderError.streamCutOff(reason: "dropped")) {
                _ = try await service.send("question", options: options)
            }
            let id = try #require(await service.session?.id)
            var stored = try await service.store.load(id: id)
            #expect(stored.messages.map(\.content) == ["question", "Half an ans"])
            #expect(stored.messages.map(\.failed) == [true, nil])
            #expect(stored.messages.map(\.incomplete) == [false, true])
            _ = try await service.retry(options: options)
            stored = try await service.store.load(id: id)
            #expect(stored.messages.map(\.content) == ["question", "A whole answer."])
            #expect(stored.messages.map(\.incomplete) == [false, false])
            #expect(stored.messages.first?.failed == false)
            #expect(provider.requests.map(\.message) == ["question", "question"])
        }
    }

    @Test func aStreamThatEndsWithoutFinishingIsCutOff() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            let provider = ScriptedChatProvider([.init(events: [.text("no end")])])
            await #expect(throws: ProviderError.self) {
                _ = try await service.send("q", options: ChatTurnOptions(provider: provider, model: model))
            }
            let id = try #require(await service.session?.id)
            let stored = try await service.store.load(id: id)
            #expect(stored.messages.map(\.incomplete) == [false, true])
        }
    }

    @Test func cancellingMidStreamSavesWhatArrivedAsIncomplete() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            let provider = ScriptedChatProvider([.init(events: [.text("partial "), .text("text")], ending: .hang)])
            let task = Task { try await service.send("long one", options: ChatTurnOptions(provider: provider, model: model)) }
            for await _ in provider.hanging.stream { break }
            task.cancel()
            await #expect(throws: CancellationError.self) { _ = try await task.value }
            let id = try #require(await service.session?.id)
            let stored = try await service.store.load(id: id)
            #expect(stored.messages.map(\.content) == ["long one", "partial text"])
            #expect(stored.messages.map(\.failed) == [true, nil])
            #expect(stored.messages.last?.incomplete == true)
        }
    }

    @Test func theModelGetsTheSystemPromptAndTheCleanHistoryInOrder() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            let provider = ScriptedChatProvider([
                .init(events: [.text("one back"), finished()]),
                .init(events: [.text("cut")], ending: .failure(.streamCutOff(reason: "x"))),
                .init(events: [.text("three back"), finished()]),
                .init(events: [.text("four back"), finished()]),
            ])
            try await service.setSystemPrompt("Be brief.")
            let options = ChatTurnOptions(provider: provider, model: model)
            _ = try await service.send("one", options: options)
            _ = try? await service.send("two", options: options)
            _ = try await service.send("three", options: options)
            var trimmed = options
            trimmed.contextMessages = 2
            _ = try await service.send("four", options: trimmed)
            let requests = provider.requests
            #expect(requests.map(\.system) == ["Be brief.", "Be brief.", "Be brief.", "Be brief."])
            #expect(requests[0].history.isEmpty)
            #expect(requests[2].history.map(\.content) == ["one", "one back"])
            #expect(requests[3].history.map(\.content) == ["three", "three back"])
            #expect(requests.map(\.model) == ["tiny", "tiny", "tiny", "tiny"])
            let id = try #require(await service.session?.id)
            #expect(try await service.store.load(id: id).system == "Be brief.")
        }
    }

    @Test func aNewSessionStartsWithoutTheSystemPromptButKeepsTheModel() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            let provider = ScriptedChatProvider([.init(events: [.text("a"), finished()])])
            try await service.setSystemPrompt("Old role")
            _ = try await service.send("x", options: ChatTurnOptions(provider: provider, model: model))
            try await service.startNew(title: nil)
            #expect(await service.systemPrompt == nil)
            #expect(await service.sessionModel == "scripted:tiny")
            try await service.setSystemPrompt("   ")
            #expect(await service.systemPrompt == nil)
        }
    }
}
