// The session-file additions of SPEC §8 (system, model, number; per reply model, incomplete,
// finishReason, usage): written only when set, checked with JSONSerialization, read back unchanged.
import Foundation
import Testing
@testable import LyraKit

@Suite struct SessionFileFieldsTests {
    private let date = Date(timeIntervalSince1970: 1_795_946_400.123)

    private func fullSession() -> ChatSession {
        ChatSession(id: "S1", title: "Full", chatID: "c1", createdAt: date, messages: [
            ChatMessage(id: "m1", role: .user, content: "Hi", createdAt: date, failed: true),
            ChatMessage(id: "m2", role: .assistant, content: "Hel", createdAt: date + 1, model: "ollama:llama3.2",
                        incomplete: true, finishReason: "length",
                        usage: TokenUsage(promptTokens: 12, completionTokens: 3)),
        ], system: "Be brief.", model: "ollama:llama3.2", number: 7)
    }

    private func object(_ session: ChatSession) throws -> [String: Any] {
        let data = Data(SessionFileWriter.bytes(of: session))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func theAdditionsAreWrittenUnderTheirDocumentedNames() throws {
        let stored = try object(fullSession())
        #expect(stored["system"] as? String == "Be brief.")
        #expect(stored["model"] as? String == "ollama:llama3.2")
        #expect(stored["number"] as? Int == 7)
        let messages = try #require(stored["messages"] as? [[String: Any]])
        #expect(messages[1]["model"] as? String == "ollama:llama3.2")
        #expect(messages[1]["incomplete"] as? Bool == true)
        #expect(messages[1]["finishReason"] as? String == "length")
        let usage = try #require(messages[1]["usage"] as? [String: Any])
        #expect(usage["promptTokens"] as? Int == 12)
        #expect(usage["completionTokens"] as? Int == 3)
    }

    @Test func unsetAdditionsAreLeftOut() throws {
        var session = fullSession()
        session.system = nil
        session.model = nil
        session.number = nil
        session.messages[1] = ChatMessage(id: "m2", role: .assistant, content: "Hello", createdAt: date)
        let stored = try object(session)
        #expect(Set(stored.keys) == ["id", "title", "chatID", "createdAt", "updatedAt", "messages"])
        let messages = try #require(stored["messages"] as? [[String: Any]])
        #expect(Set(messages[1].keys) == ["id", "role", "content", "createdAt"])
    }

    @Test func theAdditionsReadBackUnchanged() throws {
        let session = fullSession()
        let data = Data(SessionFileWriter.bytes(of: session))
        #expect(try SessionFileCodec.decode(data, fileName: "S1.json", path: "S1.json") == session)
    }
}
