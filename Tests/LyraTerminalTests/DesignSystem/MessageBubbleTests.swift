// Tests for MessageBubble: box geometry by display width, alignment by role, sanitising, fallbacks.
import Testing
import LyraTerminal

@Suite struct MessageBubbleTests {
    static func rule(_ count: Int) -> String { String(repeating: "─", count: count) }
    static func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }

    @Test func assistantBubbleFitsItsText() {
        // Content "Hello!" is 6 wide; the label "lyra" needs 4 + 2: the inner width is 6.
        let expected = [
            "╭─ lyra " + Self.rule(1) + "╮",
            "│ Hello! │",
            "╰" + Self.rule(8) + "╯",
        ].joined(separator: "\n")
        #expect(MessageBubble.render("Hello!", role: .assistant, width: 40, theme: .plain) == expected)
    }

    @Test func userBubbleIsRightAligned() {
        // Inner width max(2, 3 + 2) = 5, outer 9, indent 30 − 9 = 21.
        let indent = Self.spaces(21)
        let expected = [
            indent + "╭─ you " + Self.rule(1) + "╮",
            indent + "│ Hi    │",
            indent + "╰" + Self.rule(7) + "╯",
        ].joined(separator: "\n")
        #expect(MessageBubble.render("Hi", role: .user, width: 30, theme: .plain) == expected)
    }

    @Test func wideCharactersAlignTheRightEdge() {
        // "你好世界" is 8 columns; "hi" is padded with 6 spaces to match.
        let expected = [
            "╭─ lyra " + Self.rule(3) + "╮",
            "│ 你好世界 │",
            "│ hi" + Self.spaces(6) + " │",
            "│ 😀👍🏽" + Self.spaces(4) + " │",
            "╰" + Self.rule(10) + "╯",
        ].joined(separator: "\n")
        #expect(MessageBubble.render("你好世界\nhi\n😀👍🏽", role: .assistant, width: 40, theme: .plain) == expected)
    }

    @Test func longTextWrapsToTheWidth() {
        // Width 20 leaves 16 columns of text: lines of 15, 14 and 12 columns, padded to 15.
        let text = "the quick brown fox jumps over the lazy dog"
        let expected = [
            "╭─ lyra " + Self.rule(10) + "╮",
            "│ the quick brown │",
            "│ fox jumps over  │",
            "│ the lazy dog    │",
            "╰" + Self.rule(17) + "╯",
        ].joined(separator: "\n")
        #expect(MessageBubble.render(text, role: .assistant, width: 20, theme: .plain) == expected)
    }

    @Test func everyLineHasTheSameWidthAndFits() {
        let texts = ["Привет! Как дела?", "我能吞下玻璃而不伤身体。" + String(repeating: "中", count: 40), "👨‍👩‍👧 family 🇺🇦 flag ❤️", "x"]
        for text in texts {
            for width in [20, 33, 80] {
                for role in MessageBubble.Role.allCases {
                    let lines = MessageBubble.render(text, role: role, width: width, theme: .plain)
                        .split(separator: "\n").map(String.init)
                    let widths = Set(lines.map { DisplayWidth.columns(of: $0) })
                    #expect(widths.count == 1, "\(role) \(width): \(lines)")
                    #expect((widths.first ?? 0) <= width)
                    if role == .user { #expect(widths.first == width) }
                }
            }
        }
    }

    @Test func serverTextIsSanitised() {
        let hostile = "\u{1B}]0;pwned\u{7}safe\u{1B}[2J\u{1B}]52;c;AAAA\u{7}\r\n"
        let expected = [
            "╭─ lyra " + Self.rule(1) + "╮",
            "│ safe   │",
            "╰" + Self.rule(8) + "╯",
        ].joined(separator: "\n")
        #expect(MessageBubble.render(hostile, role: .assistant, width: 40, theme: .plain) == expected)
    }

    @Test func tinyWidthFallsBackToWrappedText() {
        #expect(MessageBubble.render("hello world again", role: .assistant, width: 12, theme: .plain)
            == "hello world\nagain")
        #expect(MessageBubble.render("hi\u{1B}[31m", role: .user, width: 19, theme: .plain) == "hi")
    }

    @Test func colouredBubblePaintsBorderAndLabel() {
        let lavender = "\u{1B}[38;2;167;139;250m"
        let reset = "\u{1B}[0m"
        let expected = [
            lavender + "╭─ " + reset + lavender + "lyra" + reset + lavender + " ─╮" + reset,
            lavender + "│" + reset + " Hi    " + " " + lavender + "│" + reset,
            lavender + "╰" + Self.rule(8) + "╯" + reset,
        ].joined(separator: "\n")
        #expect(MessageBubble.render("Hi", role: .assistant, width: 40, theme: Theme(colorLevel: .trueColor)) == expected)
    }

    @Test func systemTextIsMuted() {
        let slate = "\u{1B}[90m"
        let reset = "\u{1B}[0m"
        let rendered = MessageBubble.render("note", role: .system, width: 40, theme: Theme(colorLevel: .basic))
        let lines = rendered.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        // Inner width max(4, 6 + 2) = 8.
        #expect(lines[1] == slate + "│" + reset + " " + slate + "note" + reset + "    " + " " + slate + "│" + reset)
    }

    @Test func emptyTextIsOneEmptyRow() {
        let expected = ["╭─ lyra " + Self.rule(1) + "╮", "│" + Self.spaces(8) + "│", "╰" + Self.rule(8) + "╯"]
        #expect(MessageBubble.render("\n\n", role: .assistant, width: 40, theme: .plain) == expected.joined(separator: "\n"))
    }
}
