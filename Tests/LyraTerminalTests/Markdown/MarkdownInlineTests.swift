// Inline Markdown as a user sees it with colour off: markers gone when a span closes, literal when
// not, links as text followed by the URL; with colour on, the spans get their SGR looks.
import LyraTestSupport
import Testing
@testable import LyraTerminal

@Suite struct MarkdownInlineTests {
    static func plain(_ markdown: String, width: Int = 80) -> [String] {
        MarkdownRenderer.render(markdown, width: width, theme: .plain)
    }

    @Test func closedEmphasisLosesItsMarkers() {
        #expect(Self.plain("a **bold** b *it* c _it_ d ~~gone~~ e `code`") == ["a bold b it c it d gone e code"])
        #expect(Self.plain("***both*** and **nested *inner* text**") == ["both and nested inner text"])
    }

    @Test func unclosedOrSpacedMarkersStayLiteral() {
        #expect(Self.plain("an **unclosed marker") == ["an **unclosed marker"])
        #expect(Self.plain("2 * 3 * 4 and snake_case_name and a_b") == ["2 * 3 * 4 and snake_case_name and a_b"])
        #expect(Self.plain("`unclosed code and ~single~ tilde") == ["`unclosed code and ~single~ tilde"])
    }

    @Test func backslashEscapesAndCodeSpansKeepTheirText() {
        #expect(Self.plain(#"\*not italic\* and `**raw**` and `` a ` b ``"#) == ["*not italic* and **raw** and a ` b"])
    }

    @Test func linksShowTheirTextThenTheURL() {
        #expect(Self.plain("see [the docs](https://x.dev/a \"Title\") now") == ["see the docs (https://x.dev/a) now"])
        #expect(Self.plain("[https://x.dev](https://x.dev) and <https://y.dev/p> and ![logo](img.png)")
            == ["https://x.dev and https://y.dev/p and logo (img.png)"])
        #expect(Self.plain("[not a link] (x) and [open(") == ["[not a link] (x) and [open("])
    }

    @Test func longURLsAreNeverBroken() {
        let url = "https://example.com/" + String(repeating: "segment/", count: 6)
        let lines = Self.plain("read " + url + " later", width: 30)
        #expect(lines == ["read", url, "later"])
    }

    @Test func colourMarksBoldItalicCodeAndURL() {
        let theme = Theme(colorLevel: .basic)
        let line = MarkdownRenderer.render("**b** *i* `c` [t](https://u)", width: 80, theme: theme).joined()
        #expect(line.contains("\u{1B}[1mb\u{1B}[0m"))
        #expect(line.contains("\u{1B}[3mi\u{1B}[0m"))
        #expect(line.contains(theme.paint("c", markdown: .code)))
        #expect(line.contains(theme.paint(" (https://u)", markdown: .muted)))
        #expect(!line.contains("**") && ANSIText.strip(line) == "b i c t (https://u)")
    }

    @Test func serverEscapeSequencesNeverReachTheScreen() {
        let lines = MarkdownRenderer.render("**x\u{1B}]52;c;AAAA\u{7}y** \u{1B}[2Jz\r\n", width: 80, theme: .plain)
        #expect(lines == ["xy z"])
    }

    @Test func hostileLinesFinishQuicklyWithTheirText() {
        let unclosed = String(repeating: "*a ", count: 1300)
        let nested = String(repeating: "[", count: 700) + "x" + String(repeating: "](u)", count: 700)
        let deepStrong = String(repeating: "**", count: 900) + "y" + String(repeating: "**", count: 900)
        let tooLong = String(repeating: "**b** ", count: 1000)
        let ticks = String(repeating: "*a ", count: 1000) + (1...40).map { String(repeating: "`", count: $0) }.joined(separator: " ")
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(Self.plain(unclosed, width: 4000) == [String(unclosed.dropLast())])
            #expect(Self.plain(nested, width: 10000).joined().contains("x"))
            #expect(Self.plain(deepStrong, width: 10000).joined().contains("y"))
            #expect(Self.plain(ticks, width: 10000) == [ticks])
            // Past the length limit a line is shown as written.
            #expect(Self.plain(tooLong, width: 10000) == [String(tooLong.dropLast())])
        }
        #expect(elapsed < .seconds(20), "watchdog: hostile lines took \(elapsed)")
    }
}
