// A stored message in `/sessions show` as the REPL showed it: yours after the prompt, as typed and
// wrapped under its first column; replies under `╭─ lyra`; nothing boxed, everything sanitised.
import Foundation
import LyraKit
import LyraTestSupport
import Testing
@testable import LyraTerminal

@Suite struct TranscriptMessageViewTests {
    private func message(_ role: ChatRole, _ content: String) -> ChatMessage {
        ChatMessage(role: role, content: content, createdAt: Date(timeIntervalSince1970: 0))
    }

    @Test func yourMessageFollowsThePromptAndWrapsUnderItsText() {
        let lines = TranscriptMessageView.lines(of: message(.user, "**keep** the stars and wrap these words at thirty\n\nnew paragraph"),
                                                width: 30, theme: .plain, render: .markdown)
        #expect(lines == ["lyra › **keep** the stars and", "       wrap these words at", "       thirty", "",
                          "       new paragraph"])
    }

    @Test func thePromptKeepsItsColoursAndControlsNeverShow() {
        let theme = Theme(colorLevel: .ansi256)
        let lines = TranscriptMessageView.lines(of: message(.user, "hi\u{1B}]0;title\u{07} there\u{1B}[2J"), width: 40, theme: theme,
                                                render: .markdown)
        #expect(lines == [theme.paint("lyra", .prompt) + theme.paint(" ›", .accent) + " hi there"])
    }

    @Test func aNarrowTerminalPutsTheTextUnderThePrompt() {
        #expect(TranscriptMessageView.lines(of: message(.user, "two words"), width: 12, theme: .plain, render: .markdown)
            == ["lyra ›", "two words"])
    }

    @Test func repliesAreRenderedOrWrappedUnderTheLabelNeverBoxed() {
        let reply = message(.assistant, "**bold** text  \n")
        #expect(TranscriptMessageView.lines(of: reply, width: 40, theme: .plain, render: .markdown) == ["╭─ lyra", "bold text"])
        #expect(TranscriptMessageView.lines(of: reply, width: 40, theme: .plain, render: .plain) == ["╭─ lyra", "**bold** text"])
        let summary = message(.summary, "what was said")
        #expect(TranscriptMessageView.lines(of: summary, width: 40, theme: .plain, render: .markdown) == ["  what was said"])
    }
}
