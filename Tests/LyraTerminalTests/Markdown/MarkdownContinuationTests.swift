// Markdown that spans source lines, as a user sees it: emphasis across a soft line break, bullets
// nested under numbered items, a fenced code block inside a block quote (issue 32).
import LyraTestSupport
import Testing
@testable import LyraTerminal

@Suite struct EmphasisAcrossLinesTests {
    static let theme = Theme(colorLevel: .basic)

    /// The lines of `markdown` streamed in one piece per character (the worst split).
    static func streamed(_ markdown: String, theme: Theme = .plain, width: Int = 40) -> [String] {
        var renderer = MarkdownStreamRenderer(width: width, theme: theme)
        return markdown.map { renderer.append(String($0)) }.flatMap(\.self) + renderer.finish()
    }

    @Test func boldAcrossASoftBreakIsOneBoldRunWithoutMarkers() {
        let lines = MarkdownRenderer.render("Some **bold\ncontinues** here", width: 40, theme: Self.theme)
        #expect(lines.map(ANSIText.strip) == ["Some bold", "continues here"])
        #expect(lines[0].hasSuffix("\u{1B}[1mbold\u{1B}[0m"))
        #expect(lines[1].hasPrefix("\u{1B}[1mcontinues\u{1B}[0m here"))
        #expect(!lines.joined().contains("*"))
    }

    @Test func aSpanOpenOverSeveralLinesStylesTheLinesBetween() {
        let lines = Self.streamed("*one\ntwo three\nfour* five\n", theme: Self.theme)
        #expect(lines == ["\u{1B}[3mone\u{1B}[0m", "\u{1B}[3mtwo three\u{1B}[0m", "\u{1B}[3mfour\u{1B}[0m five"])
    }

    @Test func listItemsAndQuotesCarryTheirSpanToTheirNextLine() {
        #expect(Self.streamed("- **item\n  text** after\n> _quoted\n> words_ end\n") == ["• item", "  text after", "  quoted", "  words end"])
        let coloured = Self.streamed("> ~~old\n> way~~ new\n", theme: Self.theme)
        #expect(coloured.map(ANSIText.strip) == ["  old", "  way new"])
        #expect(coloured[1].contains(Self.theme.paint("way", markdown: [.quote, .strikethrough])))
    }

    @Test func theSpanEndsWithTheParagraph() {
        // A blank line, a heading or a new item ends the paragraph and its span: what follows is not styled by it.
        #expect(Self.streamed("**open\n\nplain *here\n# title\n- item\n") == ["open", "", "plain here", "# title", "• item"])
        let afterBlank = MarkdownRenderer.render("**open\n\nnext", width: 40, theme: Self.theme)
        #expect(afterBlank.last == "next")
    }

    @Test func markersInsideWordsOrAloneOnTheLastLineStayLiteral() {
        #expect(Self.streamed("2*3 is six\nand a*b too\n") == ["2*3 is six", "and a*b too"])
        #expect(Self.streamed("2 * 3 and snake_case\nnext line\n") == ["2 * 3 and snake_case", "next line"])
        #expect(Self.streamed("a /* comment */ and *.md or **)\nnext line\n") == ["a /* comment */ and *.md or **)", "next line"])
        // The text's last line has no next line to close its span: its marker shows, as before.
        #expect(MarkdownRenderer.render("an **unclosed marker", width: 40, theme: .plain) == ["an **unclosed marker"])
        #expect(MarkdownRenderer.render("**bold\nto the end", width: 40, theme: .plain) == ["bold", "to the end"])
    }

    @Test func theNoColourMarkersAroundStruckTextStayOnEachLine() {
        var renderer = MarkdownStreamRenderer(width: 40, theme: .plain)
        renderer.keepsMarkers = true
        let lines = renderer.append("the ~~old\nway~~ is gone\n") + renderer.finish()
        #expect(lines == ["the ~~old~~", "~~way~~ is gone"])
    }
}

@Suite struct NestedListTests {
    @Test func bulletsUnderANumberedItemStartUnderItsTextAndTheNumberingGoesOn() {
        let lines = MarkdownRenderer.render("1. item\n   - sub one\n   - sub two\n2. next\n10. tenth\n    - under ten",
                                            width: 40, theme: .plain)
        #expect(lines == ["1. item", "   ◦ sub one", "   ◦ sub two", "2. next", "3. tenth", "   ◦ under ten"])
    }

    @Test func nestedItemsWrapUnderTheirOwnTextAndParagraphsFindTheirItem() {
        let source = "1. first\n   - a nested bullet long enough to wrap\n     its own continuation\n\n   back in the first\n2. second"
        #expect(MarkdownRenderer.render(source, width: 24, theme: .plain) == [
            "1. first", "   ◦ a nested bullet", "     long enough to wrap", "     its own", "     continuation",
            "", "   back in the first", "2. second",
        ])
        // Without a blank line before it, a line goes on with the nested item's text.
        #expect(MarkdownRenderer.render("1. first\n   - nested\n   lazy", width: 24, theme: .plain)
            == ["1. first", "   ◦ nested", "     lazy"])
    }

    @Test func blankLinesBetweenItemsKeepTheListAndItsCount() {
        let lines = MarkdownRenderer.render("1. **Setup**\n\n   - install\n   - run\n\n2. **Use**\n\n   - ask", width: 40, theme: .plain)
        #expect(lines == ["1. Setup", "", "   ◦ install", "   ◦ run", "", "2. Use", "", "   ◦ ask"])
    }
}

@Suite struct QuotedCodeBlockTests {
    static let source = "> Try this:\n> ```swift\n> let x = 1\n>     indented()\n>\n> ```\n> after\nout"

    @Test func aFenceInAQuoteIsAQuotedCodeBlock() {
        let lines = MarkdownRenderer.render(Self.source, width: 40, theme: .plain)
        #expect(lines == ["  Try this:", "  swift", "  let x = 1", "      indented()", "", "  after", "out"])
    }

    @Test func withColourTheCodeIsHighlightedAndNoFenceShows() {
        let theme = Theme(colorLevel: .ansi256)
        let lines = MarkdownRenderer.render(Self.source, width: 40, theme: theme)
        #expect(lines.map(ANSIText.strip) == ["  Try this:", "  swift", "  let x = 1", "      indented()", "", "  after", "out"])
        #expect(lines[2].hasPrefix("  " + theme.paint("let", markdown: .keyword)))
        #expect(!lines.joined().contains("`"))
    }

    @Test func withoutColourTheFencesStayAtTheQuotesIndentation() {
        let lines = MarkdownRenderer.render("> ```swift\n> let x = 1\n> ```\n", width: 40, theme: .plain, keepsMarkers: true)
        #expect(lines == ["  ```swift", "  let x = 1", "  ```"])
    }

    @Test func theQuoteEndingEndsTheCodeBlockAndDeeperQuotesAreCode() {
        #expect(MarkdownRenderer.render("> ```\n> > not a quote\n**after**", width: 40, theme: .plain)
            == ["  > not a quote", "after"])
        #expect(MarkdownRenderer.render("> > ~~~\n> > code\n> > ~~~", width: 40, theme: .plain) == ["    code"])
    }
}
