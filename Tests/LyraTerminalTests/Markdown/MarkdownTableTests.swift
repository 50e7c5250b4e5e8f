// Tables as a user sees them: columns aligned by display width (CJK counts 2), header separated by
// a thin rule, two spaces between columns, no vertical border glyphs, narrow screens wrap cells.
import LyraTestSupport
import Testing
@testable import LyraTerminal

@Suite struct MarkdownTableTests {
    static func plain(_ markdown: String, width: Int = 60) -> [String] {
        MarkdownRenderer.render(markdown, width: width, theme: .plain)
    }

    @Test func wideCharactersAreAlignedByDisplayWidth() {
        let lines = Self.plain("| 都市 | 国 |\n|---|--:|\n| 東京 | 日本 |\n| Zürich | CH |\n| 🎉 | x |")
        let gap = { (count: Int) in String(repeating: " ", count: count) }
        #expect(lines == ["都市" + gap(6) + "国", "──────  ────", "東京" + gap(4) + "日本", "Zürich" + gap(4) + "CH", "🎉" + gap(9) + "x"])
        // The last column is right-aligned: every line ends at the same screen column.
        #expect(lines.allSatisfy { DisplayWidth.columns(of: $0) == 12 })
    }

    @Test func headerIsBoldAndTheRuleMuted() {
        let theme = Theme(colorLevel: .basic)
        let lines = MarkdownRenderer.render("| a | b |\n|---|---|\n| 1 | 2 |", width: 60, theme: theme)
        #expect(lines[0].hasPrefix(theme.paint("a", markdown: .strong)))
        #expect(lines[1] == theme.paint("─  ─", markdown: .muted))
        #expect(ANSIText.strip(lines[2]) == "1  2")
    }

    @Test func aTableTooWideForTheScreenWrapsItsCells() {
        let long = String(repeating: "word ", count: 12)
        let lines = Self.plain("| key | value |\n|---|---|\n| k | \(long)|", width: 20)
        #expect(lines.allSatisfy { DisplayWidth.columns(of: $0) <= 20 })
        #expect(lines[0] == "key  value")
        #expect(lines.dropFirst(2).allSatisfy { $0.hasPrefix("k    ") || $0.hasPrefix("     ") })
        #expect(lines.dropFirst(2).joined(separator: " ").split(separator: " ").filter { $0 == "word" }.count == 12)
    }

    @Test func aPipeWithoutDelimiterRowIsAParagraph() {
        #expect(Self.plain("a | b\nnext line") == ["a | b", "next line"])
        #expect(Self.plain("a | b") == ["a | b"])
    }

    @Test func rowsWithMissingOrExtraCellsAreEvenedOut() {
        #expect(Self.plain("| a | b |\n|---|---|\n| 1 |\n| 1 | 2 | 3 |\nafter") == ["a  b", "─  ─", "1", "1  2", "after"])
    }
}
