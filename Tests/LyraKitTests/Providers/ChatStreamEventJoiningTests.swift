import Testing
@testable import LyraKit

/// What a provider hands to the turn after one read: the same text, neighbouring pieces joined.
@Suite struct ChatStreamEventJoiningTests {
    @Test func neighbouringTextPiecesBecomeOneAndEverythingElseKeepsItsPlace() {
        let end = ChatStreamEvent.finished(ChatCompletionInfo(finishReason: "stop"))
        let events: [ChatStreamEvent] = [
            .text("Hel"), .text("lo, "), .text("мир"), .reasoning("a"), .reasoning("b"),
            .text("!"), .conversationID("c1"), .text(" bye"), end,
        ]
        #expect(events.joiningText() == [
            .text("Hello, мир"), .reasoning("a"), .reasoning("b"), .text("!"), .conversationID("c1"), .text(" bye"), end,
        ])
        #expect([ChatStreamEvent]().joiningText().isEmpty)
        #expect([ChatStreamEvent.text("one")].joiningText() == [.text("one")])
    }
}
