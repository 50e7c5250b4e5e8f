// The footer after a reply fits the terminal (issue #32): broken between its ` · ` parts, a part
// wider than the line wrapped by words, never a line wider than the width.
import Testing
@testable import LyraTerminal

@Suite struct ReplyFooterTests {
    static let footer = "qwen2.5-coder:7b-instruct · 7.9k / 32k context · 182 tokens · 41.3 tok/s"

    @Test func aFooterThatFitsIsOneLine() {
        #expect(ReplyFooter.fitted(Self.footer, width: 80) == [Self.footer])
    }

    @Test func at60ColumnsItBreaksBetweenParts() {
        #expect(DisplayWidth.columns(of: Self.footer) > 60)
        #expect(ReplyFooter.fitted(Self.footer, width: 60)
            == ["qwen2.5-coder:7b-instruct · 7.9k / 32k context · 182 tokens", "41.3 tok/s"])
    }

    @Test func at40ColumnsANearlyFullFooterKeepsEveryWord() {
        let text = Self.footer + " · 87% full: /compact or /new will make room"
        let lines = ReplyFooter.fitted(text, width: 40)
        #expect(lines == ["qwen2.5-coder:7b-instruct", "7.9k / 32k context · 182 tokens", "41.3 tok/s",
                          "87% full: /compact or /new will make", "room"])
        for line in ReplyFooter.fitted(text, width: 20) { #expect(DisplayWidth.columns(of: line) <= 20, "\(line)") }
    }
}
