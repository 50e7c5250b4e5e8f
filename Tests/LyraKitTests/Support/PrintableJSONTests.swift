// `JSONText.printable` (issue 17: the 100,000-session listing is checked eight bytes at a time):
// plain ASCII JSON is returned unchanged, and a control or format character at any position of a
// word (or in the tail after the last whole word) is escaped exactly as `escapingControls` does.
import Foundation
import Testing
@testable import LyraKit

@Suite struct PrintableJSONTests {
    @Test func plainASCIIWithLineBreaksIsReturnedAsItIs() {
        let json = Array("[\n  {\n\t\"title\": \"Trip ~ plans\"\r\n  }\n]".utf8)
        #expect(JSONText.printable(json) == json)
        #expect(JSONText.printable([]) == [])
    }

    @Test(arguments: 0 ..< 17)
    func anUnusualScalarAnywhereIsEscaped(position: Int) {
        for scalar in ["\u{7F}", "\u{1B}", "\u{9B}", "\u{202E}", "\u{FEFF}"] {
            let padding = String(repeating: "x", count: position)
            let json = "[\"" + padding + scalar + "\"]"
            let expected = JSONText.escapingControls(json)
            #expect(expected != json)
            #expect(JSONText.printable(Array(json.utf8)) == Array(expected.utf8))
        }
    }

    @Test func otherTextIsKeptAndStillEscapedWhereNeeded() {
        let json = "[\"日本語 \u{202E}\"]"
        #expect(String(decoding: JSONText.printable(Array(json.utf8)), as: UTF8.self) == "[\"日本語 \\u202e\"]")
        #expect(JSONText.printable(Array("[\"日本語\"]".utf8)) == Array("[\"日本語\"]".utf8))
    }
}
