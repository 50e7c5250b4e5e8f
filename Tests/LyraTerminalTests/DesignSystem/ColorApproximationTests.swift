// Tests for RGB: interpolation and the nearest 256-colour and 16-colour entries.
import Testing
import LyraTerminal

@Suite struct ColorApproximationTests {
    @Test func nearest256UsesCubeOrGreyRamp() {
        #expect(RGB(255, 0, 0).nearestANSI256 == 196)  // 16 + 36·5
        #expect(RGB(0, 0, 255).nearestANSI256 == 21)  // 16 + 5
        #expect(RGB(0, 0, 0).nearestANSI256 == 16)
        #expect(RGB(255, 255, 255).nearestANSI256 == 231)
        #expect(RGB(95, 135, 175).nearestANSI256 == 16 + 36 * 1 + 6 * 2 + 3)
        #expect(RGB(128, 128, 128).nearestANSI256 == 232 + 12)  // grey 8 + 10·12 = 128 exactly
        #expect(RGB(100, 140, 170).nearestANSI256 == 16 + 36 * 1 + 6 * 2 + 3)  // nearest cube 95/135/175
    }

    @Test func nearestBasicUsesXtermDefaults() {
        #expect(RGB(255, 0, 0).nearestBasic == .brightRed)
        #expect(RGB(0, 0, 255).nearestBasic == .blue)
        #expect(RGB(200, 0, 0).nearestBasic == .red)
        #expect(RGB(130, 130, 130).nearestBasic == .brightBlack)
        #expect(BasicColor.red.foregroundParameter == 31)
        #expect(BasicColor.brightBlack.foregroundParameter == 90)
        #expect(BasicColor.brightWhite.foregroundParameter == 97)
    }

    @Test func interpolationRoundsEachComponent() {
        let black = RGB(0, 0, 0)
        let white = RGB(255, 255, 255)
        #expect(black.interpolated(to: white, fraction: 0) == black)
        #expect(black.interpolated(to: white, fraction: 1) == white)
        #expect(black.interpolated(to: white, fraction: 0.5) == RGB(128, 128, 128))  // 127.5 rounds up
        #expect(RGB(200, 100, 50).interpolated(to: RGB(0, 0, 0), fraction: 0.25) == RGB(150, 75, 38))
        #expect(black.interpolated(to: white, fraction: 2) == white)
        #expect(RGB(139, 92, 246).description == "#8b5cf6")
    }

    @Test func paletteFallbacks() {
        #expect(Palette.brandGradient == [RGB(139, 92, 246), RGB(236, 72, 153), RGB(249, 115, 22)])
        #expect(Palette.violet.ansi256 == Palette.violet.rgb.nearestANSI256)
        #expect(Palette.violet.foregroundParameters(at: .trueColor) == "38;2;139;92;246")
        #expect(Palette.violet.foregroundParameters(at: .ansi256) == "38;5;\(Palette.violet.rgb.nearestANSI256)")
        #expect(Palette.violet.foregroundParameters(at: .basic) == "94")
        #expect(Palette.violet.foregroundParameters(at: .none) == nil)
    }
}
