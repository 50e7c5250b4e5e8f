// The turn path's whitespace checks agree with Foundation's CharacterSet trimming they replace, on
// ASCII, Unicode spaces, line breaks and controls.
import Foundation
import Testing
@testable import LyraKit

@Suite struct StringWhitespaceTests {
    private static let samples = [
        "", "a", "hello there", " padded ", "\ttabbed\t", "\nlines\n", "\r\n", " ", "\u{00A0}nbsp\u{3000}",
        "\u{2028}sep", "end\u{2003}", "日本語", " 日本 ", "\u{1}control", "x\u{7F}", "\u{85}next", "   \t \n ",
        "#comment", "/help  ",
    ]

    @Test func trimmingSpacesIsTrimmingWhitespaces() {
        for text in Self.samples {
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func isBlankIsEmptyAfterTrimmingWhitespacesAndNewlines() {
        for text in Self.samples {
            #expect(text.isBlank == text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                    "\(Array(text.unicodeScalars))")
        }
    }
}
