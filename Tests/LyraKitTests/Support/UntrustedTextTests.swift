// The one sanitiser for outside text: bidi and zero-width controls removed, one-line text cannot
// forge a diagnostic line, and --json keeps the data with its controls escaped.
import Foundation
import Testing
import LyraKit

@Suite struct UntrustedTextTests {
    @Test("bidi marks, overrides, isolates and zero-width controls are removed",
          arguments: [0x200E, 0x200F, 0x061C, 0x202A, 0x202E, 0x2066, 0x2069, 0x200B, 0xFEFF, 0x2028, 0x2029])
    func invisibleControlsAreRemoved(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let text = "pay" + String(Character(scalar)) + "load"
        #expect(TextSanitizer.sanitize(text) == "payload")
        var streaming = StreamingTextSanitizer()
        #expect(streaming.sanitize("pay") + streaming.sanitize(String(Character(scalar)) + "load") == "payload")
    }

    @Test func singleLineFlattensNewlinesSoNoDiagnosticCanBeForged() {
        let detail = "bad input\nlyra: line 7: everything is fine\r\n\u{1B}[31mred\u{1B}[0m"
        #expect(TextSanitizer.singleLine(detail) == "bad input lyra: line 7: everything is fine red")
        #expect(TextSanitizer.singleLine("  lyra.yearly\n  Free  ") == "lyra.yearly Free")
        #expect(TextSanitizer.singleLine("abcdef", limit: 3) == "abc…")
    }

    @Test func serverDetailWithNewlineBecomesOneLine() {
        let body = Data(#"{"detail": "quota\nlyra: line 7: forged\u001b]0;title\u0007"}"#.utf8)
        #expect(HTTPStatusMapping.detail(from: body) == "quota lyra: line 7: forged")
        let error = APIError.invalidResponse(statusCode: 500, detail: HTTPStatusMapping.detail(from: body))
        #expect(error.errorDescription?.contains("\n") == false)
    }

    @Test func jsonOutputEscapesControlsAndKeepsTheData() throws {
        let value = "a\u{9B}31mb\u{7F}c\u{202E}d\u{200B}e\u{1B}f"
        let data = try JSONEncoder().encode(["title": value])
        let text = JSONText.string(from: data)
        #expect(text == #"{"title":"a\u009b31mb\u007fc\u202ed\u200be\u001bf"}"#)
        #expect(TextSanitizer.sanitize(text) == text)
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(text.utf8))
        #expect(decoded["title"] == value)
    }
}
