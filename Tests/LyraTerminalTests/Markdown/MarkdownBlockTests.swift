// Block-level Markdown with colour off: headings, lists with hanging indents, quotes without
// borders, rules, code blocks unwrapped and without box glyphs, blank lines kept single.
import LyraTestSupport
import Testing
@testable import LyraTerminal

@Suite struct MarkdownBlockTests {
    static func plain(_ markdown: String, width: Int = 40) -> [String] {
        MarkdownRenderer.render(markdown, width: width, theme: .plain)
    }

    /// Characters that draw boxes and borders.
    static let boxGlyphs: Set<Character> = ["│", "┃", "║", "╭", "╮", "╰", "╯", "┌", "┐", "└", "┘", "|"]

    @Test func headingsShowAMutedMarkerAndNoClosingHashes() {
        #expect(Self.plain("# Title #\n### Sub **bold**\n####### seven") == ["# Title", "### Sub bold", "####### seven"])
    }

    @Test func listItemsHangTheirContinuationLines() {
        let lines = Self.plain("- alpha beta gamma delta epsilon zeta eta theta\n  - nested one two three four five six seven\n3. three", width: 24)
        #expect(lines == [
            "• alpha beta gamma delta", "  epsilon zeta eta theta",
            "  ◦ nested one two three", "    four five six seven",
            "3. three",
        ])
    }

    @Test func indentedTextContinuesTheListItem() {
        #expect(Self.plain("1. first\n   more of the first\nafter") == ["1. first", "   more of the first", "after"])
    }

    @Test func quotesAreIndentedWithoutBorders() {
        let lines = Self.plain("> quoted words that wrap around here\n> > deeper", width: 20)
        #expect(lines == ["  quoted words that", "  wrap around here", "    deeper"])
    }

    @Test func blankLinesAreSingleAndNeverFirstOrLast() {
        #expect(Self.plain("\n\none\n\n\n\ntwo\n\n\n") == ["one", "", "two"])
    }

    @Test func ruleIsOneMutedLineAcrossTheWidth() {
        #expect(Self.plain("a\n\n---\n\n* * *", width: 10) == ["a", "", String(repeating: "─", count: 10), "", String(repeating: "─", count: 10)])
    }

    @Test func codeBlocksAreNotWrappedAndHaveNoBoxGlyphs() {
        let code = "let value = \"a long string literal that does not fit\" // trailing comment"
        let lines = Self.plain("```swift\n" + code + "\n\n  indented\n```\nafter", width: 20)
        #expect(lines == ["swift", code, "", "  indented", "after"])
        let coloured = MarkdownRenderer.render("```swift\n" + code + "\n```", width: 20, theme: Theme(colorLevel: .ansi256))
        #expect(coloured.allSatisfy { line in !ANSIText.strip(line).contains { Self.boxGlyphs.contains($0) } })
        #expect(ANSIText.strip(coloured.joined(separator: "\n")) == "swift\n" + code)
    }

    @Test func anUnclosedFenceShowsTheRestAsCode() {
        #expect(Self.plain("~~~~\n# not a heading\n~~~\n**raw**") == ["# not a heading", "~~~", "**raw**"])
    }

    @Test func everyLineFitsTheWidthOutsideCode() {
        let text = "Ein langer Absatz mit Wörtern, 漢字の文章も混ざっていて、絵文字 🎉 もある。 " + String(repeating: "word ", count: 30)
        for width in [12, 20, 33] {
            #expect(Self.plain("> " + text + "\n- " + text + "\n" + text, width: width).allSatisfy { DisplayWidth.columns(of: $0) <= width })
        }
    }
}

@Suite struct IndentedCodeBlockTests {
    @Test func anIndentedCodeBlockKeepsItsIndentationAndIsNotWrapped() {
        let source = "Like this:\n\n    def f(x):\n        return x * 2  # doubled, a comment long enough to pass the width\n\nafter"
        let lines = MarkdownRenderer.render(source, width: 40, theme: .plain)
        #expect(lines == ["Like this:", "", "    def f(x):",
                          "        return x * 2  # doubled, a comment long enough to pass the width", "", "after"])
        // Inside a list, four spaces are the item's continuation, not code.
        #expect(MarkdownRenderer.render("- item\n    more", width: 40, theme: .plain) == ["• item", "  more"])
    }
}

@Suite struct MarkdownGapTests {
    private func plain(_ markdown: String) -> [String] { MarkdownRenderer.render(markdown, width: 60, theme: .plain) }

    @Test func entitiesAreDecodedButNeverIntoControls() {
        #expect(plain("Tom &amp; Jerry &lt;3 &mdash; &#8364;5 &#x41;") == ["Tom & Jerry <3 — €5 A"])
        #expect(plain("&#27;[31m and &bogus; and `&amp;` stay") == ["&#27;[31m and &bogus; and &amp; stay"])
    }

    @Test func taskListsShowBoxesAndHardBreaksLoseTheirBackslash() {
        #expect(plain("- [ ] todo\n- [x] done") == ["• ☐ todo", "• ☑ done"])
        #expect(plain("first line\\\nsecond") == ["first line", "second"])
    }
}

@Suite struct ColourlessMarkerTests {
    @Test func withoutColourTheMarkersThatCarryMeaningStay() {
        var renderer = MarkdownStreamRenderer(width: 60, theme: .plain)
        renderer.keepsMarkers = true
        let lines = renderer.append("the ~~old~~ way, use `new()`\n```swift\nlet x = 1\n```\n") + renderer.finish()
        #expect(lines == ["the ~~old~~ way, use `new()`", "```swift", "let x = 1", "```"])
        // With colour (or by default) the markers are replaced by styles.
        #expect(MarkdownRenderer.render("the ~~old~~ way", width: 60, theme: .plain) == ["the old way"])
    }
}

@Suite struct OrderedListNumberTests {
    @Test func numbersCountFromTheFirstItemWhateverIsWritten() {
        let plain = { (text: String) in MarkdownRenderer.render(text, width: 40, theme: .plain) }
        #expect(plain("1. one\n1. two\n1. three") == ["1. one", "2. two", "3. three"])
        #expect(plain("3) c\n7) d") == ["3) c", "4) d"])
        #expect(plain("1. a\n   - x\n1. b") == ["1. a", "   ◦ x", "2. b"])
    }
}
