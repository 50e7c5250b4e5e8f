// The session file format of SPEC §3: field order on write, tolerant reading of files from other programs.
import Foundation
import Testing
@testable import LyraKit

@Suite struct ChatSessionCodingTests {
    private let created = Date(timeIntervalSince1970: 1_795_946_400)

    @Test func writesTheDocumentedFieldsInOrder() throws {
        let session = ChatSession(id: "S1", title: "Trip \"plans\"", chatID: "c1", createdAt: created, messages: [
            ChatMessage(id: "m1", role: .user, content: "Hi\n\u{1B}", createdAt: created),
            ChatMessage(id: "m2", role: .assistant, content: "Hello!", createdAt: Date(timeIntervalSince1970: 1_795_946_400_123 / 1000)),
        ])
        let text = session.fileText
        let keys = ["\"id\"", "\"title\"", "\"chatID\"", "\"createdAt\"", "\"updatedAt\"", "\"messages\""]
        let positions = keys.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == keys.count && positions == positions.sorted())
        #expect(text.contains("\"content\": \"Hi\\n\\u001b\""))
        #expect(text.contains("\"createdAt\": \"2026-11-29T10:00:00.123Z\""))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let messages = try #require(object["messages"] as? [[String: Any]])
        #expect(messages[0]["failed"] as? Bool == false)
        #expect(messages[1]["failed"] == nil)
        #expect(object["title"] as? String == "Trip \"plans\"")
        #expect(try SessionFileReader.session(from: Data(text.utf8)) == session)
    }

    @Test func readsFilesWrittenByOtherProgramsTolerantly() throws {
        let text = """
            {"id": 42, "title": "Imported", "extra": {"x": 1}, "updatedAt": "2026-11-29T10:05:00Z",
             "messages": [{"role": "user", "content": "Hi", "createdAt": "2026-11-29T10:00:00Z", "mood": "ok"},
                          {"id": 7, "role": "assistant", "content": "Hello"}]}
            """
        let session = try SessionFileReader.session(from: Data(text.utf8))
        #expect(session.id == "42")
        #expect(session.title == "Imported")
        #expect(!session.chatID.isEmpty)
        #expect(session.messages.map(\.content) == ["Hi", "Hello"])
        #expect(session.messages[0].failed == false)
        #expect(session.messages[1].id == "7")
        #expect(session.messages[1].failed == nil)
        #expect(session.createdAt == ChatTimestamp.date(from: "2026-11-29T10:00:00Z"))
        #expect(session.updatedAt == ChatTimestamp.date(from: "2026-11-29T10:05:00Z"))
    }

    @Test func defaultTitleIsTheFirstMessageOnOneLineCutTo40Characters() {
        #expect(ChatSession.defaultTitle(for: "  Plan a\ntrip   to Kyoto  ") == "Plan a trip to Kyoto")
        let long = String(repeating: "日本語", count: 20)
        #expect(ChatSession.defaultTitle(for: long).count == 40)
        #expect(ChatSession.defaultTitle(for: "привет 👋") == "привет 👋")
    }
}
