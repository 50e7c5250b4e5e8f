// The reminder shown when a session is opened: your last message and its reply, one line each,
// sanitised and cut to the width.
import Foundation
import LyraKit
import Testing
@testable import LyraTerminal

@Suite struct LastExchangeViewTests {
    private func message(_ role: ChatRole, _ text: String, failed: Bool? = nil) -> ChatMessage {
        ChatMessage(role: role, content: text, createdAt: Date(timeIntervalSince1970: 0), failed: failed)
    }

    @Test func theLastQuestionAndItsReplyOnOneLineEach() {
        let session = ChatSession(title: "t", createdAt: Date(timeIntervalSince1970: 0), messages: [
            message(.user, "first"), message(.assistant, "old reply"),
            message(.user, "what is\nrust \u{1B}]0;title\u{07}?"), message(.assistant, String(repeating: "long ", count: 40)),
        ])
        let text = LastExchangeView.render(session, width: 40, theme: .plain)
        let lines = text?.split(separator: "\n").map(String.init) ?? []
        #expect(lines.count == 2)
        #expect(lines.first == "  you › what is rust ?")
        #expect(lines.last?.hasPrefix("  lyra › long long") == true)
        #expect(lines.last?.hasSuffix("…") == true)
        #expect(lines.allSatisfy { DisplayWidth.columns(of: $0) <= 40 })
    }

    @Test func aFailedQuestionSaysSoAndAnEmptySessionShowsNothing() {
        let failed = ChatSession(title: "t", createdAt: Date(timeIntervalSince1970: 0), messages: [message(.user, "hello", failed: true)])
        #expect(LastExchangeView.render(failed, width: 80, theme: .plain)
            == "  you › hello\n  lyra › (no reply: /retry resends it)")
        #expect(LastExchangeView.render(ChatSession(title: "t", createdAt: Date(timeIntervalSince1970: 0)), width: 80, theme: .plain) == nil)
    }
}
