// Tests for GradientText: per-character interpolation, 256/16-colour approximations, plain at none.
import Testing
import LyraTerminal
import LyraKit

@Suite struct GradientTextTests {
    static let red = RGB(255, 0, 0)
    static let blue = RGB(0, 0, 255)
    static let reset = "\u{1B}[0m"

    static func fg(_ color: RGB) -> String { "\u{1B}[38;2;\(color.red);\(color.green);\(color.blue)m" }

    @Test func plainWithoutColourOrStops() {
        #expect(GradientText.render("Lyra", stops: [Self.red, Self.blue], level: .none) == "Lyra")
        #expect(GradientText.render("Lyra", stops: [], level: .trueColor) == "Lyra")
        #expect(GradientText.render("", stops: [Self.red], level: .trueColor) == "")
    }

    @Test func trueColourInterpolatesPerCharacter() {
        #expect(GradientText.render("ab", stops: [Self.red, Self.blue], level: .trueColor)
            == Self.fg(Self.red) + "a" + Self.fg(Self.blue) + "b" + Self.reset)
        // Three characters at 0, ½, 1 of the way from (0,0,0) to (200,100,50).
        #expect(GradientText.render("abc", stops: [RGB(0, 0, 0), RGB(200, 100, 50)], level: .trueColor)
            == Self.fg(RGB(0, 0, 0)) + "a" + Self.fg(RGB(100, 50, 25)) + "b" + Self.fg(RGB(200, 100, 50)) + "c"
            + Self.reset)
    }

    @Test func threeStopsAreEvenlySpaced() {
        let a = RGB(0, 0, 0), b = RGB(100, 200, 0), c = RGB(100, 0, 200)
        // Five characters at 0, ¼, ½, ¾, 1: a, halfway a→b, b, halfway b→c, c.
        let expected = Self.fg(a) + "1" + Self.fg(RGB(50, 100, 0)) + "2" + Self.fg(b) + "3"
            + Self.fg(RGB(100, 100, 100)) + "4" + Self.fg(c) + "5" + Self.reset
        #expect(GradientText.render("12345", stops: [a, b, c], level: .trueColor) == expected)
    }

    @Test func whitespaceGetsNoSequenceAndRepeatsAreSkipped() {
        #expect(GradientText.render("a b", stops: [Self.red, Self.blue], level: .trueColor)
            == Self.fg(Self.red) + "a " + Self.fg(Self.blue) + "b" + Self.reset)
        #expect(GradientText.render("aaa", stops: [Self.red], level: .trueColor) == Self.fg(Self.red) + "aaa" + Self.reset)
    }

    @Test func lesserLevelsUseNearestPaletteEntries() {
        #expect(GradientText.render("ab", stops: [Self.red, Self.blue], level: .ansi256)
            == "\u{1B}[38;5;196ma\u{1B}[38;5;21mb" + Self.reset)
        #expect(GradientText.render("ab", stops: [Self.red, Self.blue], level: .basic)
            == "\u{1B}[91ma\u{1B}[34mb" + Self.reset)
    }

    @Test func wideCharactersKeepTheirText() {
        let rendered = GradientText.render("中文 😀", stops: Palette.brandGradient, level: .trueColor)
        #expect(TextSanitizer.sanitize(rendered) == "中文 😀")
    }
}
