// Tests for Theme: SGR for each level, plain text at none, prompt segments marked for libedit.
import Testing
import LyraTerminal
import LyraKit

@Suite struct ThemeTests {
    static let esc = "\u{1B}["
    static let reset = "\u{1B}[0m"

    @Test func noColourMeansPlainText() {
        let theme = Theme(colorLevel: .none)
        for style in Theme.Style.allCases {
            #expect(theme.paint("text", style) == "text")
            #expect(theme.openingSequence(for: style) == "")
        }
    }

    @Test func trueColourSequences() {
        let theme = Theme(colorLevel: .trueColor)
        #expect(theme.paint("hi", .accent) == Self.esc + "38;2;139;92;246m" + "hi" + Self.reset)
        #expect(theme.paint("Title", .heading) == Self.esc + "1;38;2;236;72;153m" + "Title" + Self.reset)
        #expect(theme.paint("gone", .diffDelete) == Self.esc + "9;38;2;248;113;113m" + "gone" + Self.reset)
        #expect(theme.paint("new", .diffInsert) == Self.esc + "4;38;2;74;222;128m" + "new" + Self.reset)
    }

    @Test func ansi256Sequences() {
        let theme = Theme(colorLevel: .ansi256)
        let red = RGB(248, 113, 113).nearestANSI256
        #expect(theme.paint("boom", .error) == Self.esc + "1;38;5;\(red)m" + "boom" + Self.reset)
        let slate = RGB(148, 163, 184).nearestANSI256
        #expect(theme.paint("hint", .muted) == Self.esc + "38;5;\(slate)m" + "hint" + Self.reset)
    }

    @Test func basicSequences() {
        let theme = Theme(colorLevel: .basic)
        #expect(theme.paint("Title", .heading) == Self.esc + "1;35m" + "Title" + Self.reset)
        #expect(theme.paint("hint", .muted) == Self.esc + "90m" + "hint" + Self.reset)
        #expect(theme.paint("you", .user) == Self.esc + "36m" + "you" + Self.reset)
        #expect(theme.paint("ok", .success) == Self.esc + "32m" + "ok" + Self.reset)
        #expect(theme.paint("careful", .warning) == Self.esc + "33m" + "careful" + Self.reset)
    }

    @Test func emptyTextGetsNoSequences() {
        #expect(Theme(colorLevel: .trueColor).paint("", .accent) == "")
    }

    @Test func paintingNeverChangesVisibleText() {
        for level in ColorLevel.allCases {
            let theme = Theme(colorLevel: level)
            for style in Theme.Style.allCases {
                let painted = theme.paint("Привет 中文 😀", style)
                #expect(TextSanitizer.sanitize(painted) == "Привет 中文 😀")
                #expect(DisplayWidth.columns(of: TextSanitizer.sanitize(painted)) == 6 + 1 + 4 + 1 + 2)
            }
        }
    }
}
