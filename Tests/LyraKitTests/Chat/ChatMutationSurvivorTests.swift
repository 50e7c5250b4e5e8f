// Tests for chat mutations that survived the first mutation run (docs/TESTING.md, M14 M20 M22 M28
// M29): a session opened while a turn is in flight stays current, empty stream pieces are not
// handed on, a provider keeping history server-side gets no system prompt, a retry's reply does
// not overwrite a complete reply, and an empty conversation id is not adopted.
import Foundation
import Synchronization
import Testing
@testable import LyraKit

@Suite struct ChatMutationSurvivorTests {
    private let model = ModelReference(provider: "scripted", model: "tiny")
    private let date = Date(timeIntervalSince1970: 1_795_946_400)

    private func makeService(_ directory: URL) -> ChatService {
        ChatService(store: SessionStore(directory: directory), clock: FakeClock(start: 1_795_946_400, stepPerReading: 1.007))
    }

    private var finished: ChatStreamEvent {
        .finished(ChatCompletionInfo(finishReason: "stop", model: "tiny-1", usage: nil))
    }

    /// M20: an empty text event is not a piece of the reply.
    @Test func emptyStreamPiecesAreNotHandedOn() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            let provider = ScriptedChatProvider([.init(events: [.text(""), .text("a"), .text(""), .text("b"), finished])])
            let seen = Mutex<[String]>([])
            let options = ChatTurnOptions(provider: provider, model: model) { piece in seen.withLock { $0.append(piece) } }
            let turn = try await service.send("q", options: options)
            #expect(seen.withLock { $0 } == ["a", "b"])
            #expect(turn.reply.content == "ab")
        }
    }

    /// M22: the app backend keeps the conversation (and its instructions) itself: no system prompt.
    @Test func aProviderKeepingHistoryServerSideGetsNoSystemPromptOrHistory() async throws {
        try await withTemporaryDirectory { directory in
            let service = makeService(directory)
            try await service.setSystemPrompt("Answer in French.")
            let serverSide = ScriptedChatProvider([.init(events: [.text("oui"), finished])], keepsHistoryServerSide: true)
            _ = try await service.send("hello", options: ChatTurnOptions(provider: serverSide, model: model))
            let local = ScriptedChatProvider([.init(events: [.text("ok"), finished])])
            _ = try await service.send("again", options: ChatTurnOptions(provider: local, model: model))
            #expect(serverSide.requests.map(\.system) == [nil])
            #expect(local.requests.map(\.system) == ["Answer in French."])
            #expect(local.requests.first?.history.map(\.content) == ["hello", "oui"])
        }
    }

    /// M28: only an incomplete reply right after the prompt is replaced; a complete one stays.
    @Test func aReplyIsInsertedBeforeACompleteReplyNotOverIt() {
        let prompt = ChatMessage(id: "p", role: .user, content: "q", createdAt: date, failed: true)
        let kept = ChatMessage(id: "a", role: .assistant, content: "an earlier complete answer", createdAt: date)
        var session = ChatSession(id: "S", title: "t", createdAt: date, messages: [prompt, kept])
        let reply = ChatMessage(id: "r", role: .assistant, content: "new", createdAt: date)
        ChatReplyRecord.record(reply, answering: prompt, complete: true, conversationID: nil, model: nil, at: date, in: &session)
        #expect(session.messages.map(\.id) == ["p", "r", "a"])
        #expect(session.messages.first?.failed == false)
    }

    /// M29: an empty conversation id from the server does not replace the session's.
    @Test func anEmptyConversationIDIsNotAdopted() {
        let prompt = ChatMessage(id: "p", role: .user, content: "q", createdAt: date, failed: true)
        var session = ChatSession(id: "S", title: "t", chatID: "chat-1", createdAt: date, messages: [prompt])
        let reply = ChatMessage(id: "r", role: .assistant, content: "a", createdAt: date)
        ChatReplyRecord.record(reply, answering: prompt, complete: true, conversationID: "", model: nil, at: date, in: &session)
        #expect(session.chatID == "chat-1")
        ChatReplyRecord.record(reply, answering: prompt, complete: true, conversationID: "chat-2", model: nil, at: date, in: &session)
        #expect(session.chatID == "chat-2")
    }
}
