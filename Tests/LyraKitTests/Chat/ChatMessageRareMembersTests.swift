// A message's rarely set members live behind one shared box (issue 34): each still reads, writes,
// compares and is stored as before, copies stay independent, and the message stays small.
import Foundation
import Testing
@testable import LyraKit

@Suite struct ChatMessageRareMembersTests {
    private let date = Date(timeIntervalSince1970: 1_795_946_400.123)

    /// An assistant message with every rarely set member set.
    private func everyMemberSet() -> ChatMessage {
        var message = ChatMessage(id: "r1", role: .assistant, content: "Done.", createdAt: date, model: "openai:m",
                                  finishReason: "stop", usage: TokenUsage(promptTokens: 9, completionTokens: 2),
                                  reasoning: "think")
        message.toolCalls = [ToolCall(id: "c1", name: "read_file", arguments: "{\"path\":\"a\"}")]
        message.toolCallId = "c0"
        message.allowed = true
        message.alternatives = [ChatAlternative(content: "Other.", createdAt: date, model: "openai:m")]
        message.attachments = [MessageAttachment(sha256: String(repeating: "a", count: 64), mediaType: "image/png",
                                                 bytes: 10, width: 1, height: 1, name: "a.png")]
        message.unknownMembers = [JSONMember(key: "x-extra", json: "[1,2]")]
        message.tokens = 5
        return message
    }

    @Test func everyMemberIsStoredAndReadBackUnchanged() throws {
        let message = everyMemberSet()
        let session = ChatSession(id: "S", title: "t", chatID: "c", createdAt: date, messages: [message])
        let read = try SessionFileReader.session(from: SessionFileWriter.bytes(of: session))
        #expect(read.messages == [message])
        let stored = try #require(try JSONSerialization.jsonObject(with: Data(SessionFileWriter.bytes(of: session)))
            as? [String: Any])
        let first = try #require((stored["messages"] as? [[String: Any]])?.first)
        #expect(Set(first.keys) == ["id", "role", "content", "createdAt", "model", "finishReason", "usage", "reasoning",
                                    "toolCalls", "toolCallId", "allowed", "alternatives", "attachments", "x-extra",
                                    "tokens"])
    }

    @Test func aCopyChangedLeavesTheOriginalAsItWas() {
        let original = everyMemberSet()
        var copy = original
        copy.model = "openai:other"
        copy.attachments.removeAll()
        copy.unknownMembers.append(JSONMember(key: "y", json: "1"))
        #expect(original.model == "openai:m")
        #expect(original.attachments.count == 1)
        #expect(original.unknownMembers == [JSONMember(key: "x-extra", json: "[1,2]")])
        #expect(copy != original)
    }

    @Test func membersSetAndClearedAgainCompareEqualToNeverSet() {
        let plain = ChatMessage(id: "m", role: .user, content: "hi", createdAt: date)
        var changed = plain
        changed.reasoning = "r"
        changed.attachments = [MessageAttachment(sha256: "b", mediaType: "image/png", bytes: 1, width: 1, height: 1,
                                                 name: "b.png")]
        #expect(changed != plain)
        changed.reasoning = nil
        changed.attachments = []
        #expect(changed == plain)
        #expect(changed.rare == nil)
    }

    @Test func aMessageInALongSessionsArrayStaysSmall() {
        // 256 bytes before the box; a 50,000-message session's array was 12.8 MB of them. The id
        // kept as 16 bytes (rather than a string of its own) adds 8.
        #expect(MemoryLayout<ChatMessage>.stride <= 88)
    }
}
