// The stored members of SPEC §15 (a session's `parameters`, a message's `removed` and
// `alternatives`) written under their documented names and read back unchanged, and /undo's
// bookkeeping over real session files: which exchange each /undo takes, what --restore brings
// back, and that a whole rewrite drops what was taken back.
import Foundation
import Testing
@testable import LyraKit

@Suite struct ConversationControlStoreTests {
    private let date = Date(timeIntervalSince1970: 1_795_946_400.123)

    private func session() -> ChatSession {
        var reply = ChatMessage(id: "m2", role: .assistant, content: "new", createdAt: date + 2, finishReason: "stop")
        reply.alternatives = [ChatAlternative(content: "old", createdAt: date + 1, model: "demo:lyra-demo",
                                              finishReason: "length", usage: TokenUsage(promptTokens: 3, completionTokens: 4))]
        var gone = ChatMessage(id: "m3", role: .user, content: "taken back", createdAt: date + 3)
        gone.removed = true
        var session = ChatSession(id: "S1", title: "Control", chatID: "c1", createdAt: date, messages: [
            ChatMessage(id: "m1", role: .user, content: "Hi", createdAt: date), reply, gone,
        ])
        session.parameters = ChatParameters(temperature: 0.2, topP: 1, maxTokens: 50, seed: -7)
        return session
    }

    @Test func theMembersAreWrittenUnderTheirNamesAndReadBackUnchanged() throws {
        let data = Data(SessionFileWriter.bytes(of: session()))
        let stored = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let parameters = try #require(stored["parameters"] as? [String: Any])
        #expect(parameters["temperature"] as? Double == 0.2 && parameters["topP"] as? Int == 1)
        #expect(parameters["maxTokens"] as? Int == 50 && parameters["seed"] as? Int == -7)
        let messages = try #require(stored["messages"] as? [[String: Any]])
        #expect(messages[0]["removed"] == nil && messages[2]["removed"] as? Bool == true)
        let alternative = try #require((messages[1]["alternatives"] as? [[String: Any]])?.first)
        #expect(alternative["content"] as? String == "old" && alternative["finishReason"] as? String == "length")
        #expect((alternative["usage"] as? [String: Int])?["completionTokens"] == 4)
        #expect(try SessionFileCodec.decode(data, fileName: "S1.json", path: "S1.json") == session())
    }

    @Test func undoTakesExchangesFromTheEndAndRestoreBringsBackTheLastOne() async throws {
        try await withTemporaryDirectory { directory in
            let store = SessionStore(directory: directory)
            let service = ChatService(store: store, clock: FakeClock(start: 1_795_946_400, stepPerReading: 1.007))
            let backend = ScriptedChatBackend([.echo, .echo, .echo])
            for text in ["one", "two", "three"] { _ = try await service.send(text, using: backend) }
            #expect(try await service.undo().map(\.content) == ["three", "echo: three"])
            #expect(try await service.undo().map(\.content) == ["two", "echo: two"])
            var stored = try #require(await service.session)
            #expect(stored.messages.map(\.removed) == [false, false, true, true, true, true])
            #expect(ChatHistory.messages(before: "none", in: stored, limit: 0).map(\.content) == ["one", "echo: one"])
            #expect(try await service.restoreLastRemoval().map(\.content) == ["two", "echo: two"])
            stored = try #require(await service.session)
            #expect(stored.messages.map(\.removed) == [false, false, false, false, true, true])
            // Folding rewrites the file whole: what is still taken back is dropped.
            try await store.fold(id: stored.id)
            let folded = try await storedSessions(in: directory)
            #expect(folded.first?.messages.map(\.content) == ["one", "echo: one", "two", "echo: two"])
            await #expect(throws: ChatControlError.nothingToRestore) { _ = try await service.restoreLastRemoval() }
        }
    }

    @Test func aNewMessageAfterAnUndoMakesItFinal() async throws {
        try await withTemporaryDirectory { directory in
            let service = ChatService(store: SessionStore(directory: directory),
                                      clock: FakeClock(start: 1_795_946_400, stepPerReading: 1.007))
            let backend = ScriptedChatBackend([.echo, .echo, .echo])
            _ = try await service.send("one", using: backend)
            _ = try await service.send("two", using: backend)
            _ = try await service.undo()
            _ = try await service.send("three", using: backend)
            let stored = try #require(await service.session)
            #expect(stored.messages.map(\.content) == ["one", "echo: one", "three", "echo: three"])
            await #expect(throws: ChatControlError.nothingToRestore) { _ = try await service.restoreLastRemoval() }
            _ = try await service.undo()
            _ = try await service.undo()
            await #expect(throws: ChatControlError.nothingToUndo) { _ = try await service.undo() }
        }
    }
}
