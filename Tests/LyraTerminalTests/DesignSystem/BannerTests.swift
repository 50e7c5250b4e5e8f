// Tests for Banner: gradient name, version and tagline, with 24-bit, 256-colour and plain renderings.
import Testing
import LyraTerminal
import LyraKit

@Suite struct BannerTests {
    @Test func plainBanner() {
        #expect(Banner.render(version: "1.2.0", width: 80, theme: .plain, level: .none)
            == "✦ Lyra v1.2.0\nAI chat, writing and video in your terminal.")
        #expect(Banner.render(version: "dev", width: 80, theme: .plain, level: .none)
            == "✦ Lyra dev\nAI chat, writing and video in your terminal.")
    }

    @Test func taglineWrapsOnNarrowTerminals() {
        #expect(Banner.render(version: "1.0", width: 20, theme: .plain, level: .none)
            == "✦ Lyra v1.0\nAI chat, writing and\nvideo in your\nterminal.")
    }

    @Test func trueColourGradientRunsVioletPinkOrange() {
        // "✦ Lyra" has 6 characters at 0, .2, .4, .6, .8, 1 of violet(139,92,246) → pink(236,72,153)
        // → orange(249,115,22); the space gets no sequence. .4 is 80% violet→pink; .6 and .8 are
        // 20% and 60% pink→orange, each component rounded.
        func fg(_ r: Int, _ g: Int, _ b: Int) -> String { "\u{1B}[38;2;\(r);\(g);\(b)m" }
        let name = fg(139, 92, 246) + "✦ " + fg(217, 76, 172) + "L" + fg(239, 81, 127) + "y"
            + fg(244, 98, 74) + "r" + fg(249, 115, 22) + "a" + "\u{1B}[0m"
        let version = "\u{1B}[38;2;148;163;184mv1.2.0\u{1B}[0m"
        let tagline = "\u{1B}[38;2;148;163;184mAI chat, writing and video in your terminal.\u{1B}[0m"
        let theme = Theme(colorLevel: .trueColor)
        #expect(Banner.render(version: "1.2.0", width: 80, theme: theme, level: .trueColor)
            == name + " " + version + "\n" + tagline)
    }

    @Test func ansi256FallbackUsesPaletteIndices() {
        let rendered = Banner.render(version: "1.2.0", width: 80, theme: Theme(colorLevel: .ansi256), level: .ansi256)
        let firstLine = rendered.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.hasPrefix("\u{1B}[38;5;\(RGB(139, 92, 246).nearestANSI256)m✦ "))
        #expect(firstLine.contains("\u{1B}[38;5;\(RGB(249, 115, 22).nearestANSI256)ma\u{1B}[0m"))
        #expect(!firstLine.contains("38;2;"))
        #expect(TextSanitizer.sanitize(rendered) == "✦ Lyra v1.2.0\nAI chat, writing and video in your terminal.")
    }
}
