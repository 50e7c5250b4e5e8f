// Tests for ToolCard: fixed-width card with title, wrapped summary and command; plain fallback.
import Testing
import LyraTerminal

@Suite struct ToolCardTests {
    static let title = "Improve writing"
    static let summary = "Rewrite, fix grammar, shorten or translate text."
    static let command = "/improve [MODE] TEXT"

    static func row(_ text: String, inner: Int) -> String {
        "│ " + text + String(repeating: " ", count: inner - DisplayWidth.columns(of: text)) + " │"
    }

    static func border(_ left: String, _ right: String, inner: Int) -> String {
        left + String(repeating: "─", count: inner + 2) + right
    }

    @Test func wideTerminalUsesThePreferredWidth() {
        let inner = ToolCard.preferredWidth - 4
        let expected = [
            Self.border("╭", "╮", inner: inner),
            Self.row(Self.title, inner: inner),
            Self.row(Self.summary, inner: inner),
            Self.row(Self.command, inner: inner),
            Self.border("╰", "╯", inner: inner),
        ].joined(separator: "\n")
        let card = ToolCard.render(title: Self.title, summary: Self.summary, command: Self.command, width: 100, theme: .plain)
        #expect(card == expected)
        #expect(card.split(separator: "\n").allSatisfy { DisplayWidth.columns(of: String($0)) == 56 })
    }

    @Test func narrowTerminalWrapsTheSummary() {
        // Width 30 leaves 26 columns: "Rewrite, fix grammar," (21) then "shorten or translate text." (26).
        let expected = [
            Self.border("╭", "╮", inner: 26),
            Self.row(Self.title, inner: 26),
            Self.row("Rewrite, fix grammar,", inner: 26),
            Self.row("shorten or translate text.", inner: 26),
            Self.row(Self.command, inner: 26),
            Self.border("╰", "╯", inner: 26),
        ].joined(separator: "\n")
        #expect(ToolCard.render(title: Self.title, summary: Self.summary, command: Self.command, width: 30, theme: .plain)
            == expected)
    }

    @Test func tinyWidthIsPlainWrappedText() {
        let expected = ["Improve writing", "Rewrite, fix", "grammar,", "shorten or", "translate text.",
                        "/improve [MODE]", "TEXT"].joined(separator: "\n")
        #expect(ToolCard.render(title: Self.title, summary: Self.summary, command: Self.command, width: 15,
                                theme: Theme(colorLevel: .trueColor)) == expected)
    }

    @Test func stylesTitleAndCommand() {
        let card = ToolCard.render(title: "Video", summary: "Make a clip.", command: "/video", width: 24,
                                   theme: Theme(colorLevel: .basic))
        let lines = card.split(separator: "\n").map(String.init)
        let muted = "\u{1B}[90m", reset = "\u{1B}[0m", padding = String(repeating: " ", count: 20 - 5)
        #expect(lines[0] == muted + "╭" + String(repeating: "─", count: 22) + "╮" + reset)
        #expect(lines[1] == muted + "│" + reset + " \u{1B}[1;35mVideo" + reset + padding + " " + muted + "│" + reset)
        #expect(lines[2] == muted + "│" + reset + " Make a clip." + String(repeating: " ", count: 8) + " " + muted + "│" + reset)
        #expect(lines[3].contains(" \u{1B}[93m/video" + reset))
    }
}
