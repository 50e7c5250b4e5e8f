// The tool card and its one-key answer (SPEC §14): arguments pretty-printed, sanitised and cut to
// 20 lines; y, a and anything else (Enter alone too) decide.
import LyraKit
import Testing
@testable import LyraTerminal

@Suite struct ToolCallCardTests {
    @Test func argumentsArePrettySanitisedAndCutToTwentyLines() {
        let many = "{" + (1...30).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}"
        let lines = ToolCallCard.argumentText(many, width: 80)
        #expect(lines.count == 21)
        #expect(lines.last == "… 12 more lines")
        #expect(ToolCallCard.argumentText("not json \u{1B}]0;x\u{07}\u{1B}[2J", width: 80) == ["not json "])
        let card = ToolCallCard.asking(ToolCall(id: "1", name: "time__now", arguments: #"{"a":1}"#),
                                       server: "time", tool: "now", theme: .plain, width: 80)
        #expect(card == ["╭─ tool call · time → now", "│ {", "│   \"a\" : 1", "│ }"])
    }

    @Test func oneKeyDecides() {
        #expect(ToolKeyPrompt.decision(for: UInt8(ascii: "y")) == .allow)
        #expect(ToolKeyPrompt.decision(for: UInt8(ascii: "A")) == .allowAlways)
        for key: UInt8? in [UInt8(ascii: "n"), 0x0D, 0x03, nil] { #expect(ToolKeyPrompt.decision(for: key) == .deny) }
    }

    @Test func resultsAreOneMutedLine() {
        #expect(ToolCallCard.summary(name: "time__now", content: "12:00\nmore", allowed: true, width: 80) == "╰─ time__now: 12:00 more")
        #expect(ToolCallCard.summary(name: "time__now", content: "x", allowed: false, width: 80) == "╰─ time__now: not run (refused)")
    }
}
