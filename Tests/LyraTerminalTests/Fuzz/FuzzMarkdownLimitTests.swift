// Depth and size limits of the Markdown renderer (issue 16, `make fuzz`): deeply nested quotes,
// lists, brackets and emphasis, a huge reply and random bytes render in bounded time and keep the text.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraTerminal
import LyraKit

@Suite struct FuzzMarkdownLimitTests {
    /// Hostile replies, by name.
    static let hostileReplies: [(name: String, text: String)] = [
        ("400,000 [", String(repeating: "[", count: 400_000) + " end"),
        ("100,000 nested quotes", String(repeating: "> ", count: 100_000) + "end"),
        ("2,000 nested list items", (0..<2000).map { String(repeating: "  ", count: $0) + "- item \($0)" }.joined(separator: "\n") + "\nend"),
        ("200,000 *", String(repeating: "*a ", count: 200_000) + "end"),
        ("lines of 4,000 brackets and stars", Array(repeating: String(repeating: "[*_`(", count: 800), count: FuzzBudget.total >= 100_000 ? 500 : 100).joined(separator: "\n") + "\nend"),
        ("a 4 MiB word", String(repeating: "x", count: 4 << 20) + " end"),
        ("a table of 50,000 cells", "| " + Array(repeating: "c", count: 50_000).joined(separator: " | ") + " |\n|---|\nend"),
    ]

    /// Renders `text` and returns the lines and the seconds it took.
    static func timedRender(_ text: String, width: Int = 80) -> ([String], Double) {
        let clock = ContinuousClock()
        var lines: [String] = []
        let elapsed = clock.measure { lines = MarkdownRenderer.render(text, width: width, theme: .plain) }
        let parts = elapsed.components
        return (lines, Double(parts.seconds) + Double(parts.attoseconds) / 1e18)
    }

    @Test(arguments: 0..<hostileReplies.count)
    func aHostileReplyRendersInBoundedTimeAndKeepsItsLastWord(_ index: Int) {
        let (name, text) = Self.hostileReplies[index]
        let (lines, seconds) = Self.timedRender(text)
        // A watchdog, not a benchmark: a quadratic path on 400,000 characters takes hours.
        #expect(seconds < 60, "\(name): \(seconds) s")
        #expect(lines.joined().contains("end"), "\(name): the text after the hostile part was lost")
    }

    @Test func randomBytesRenderWithoutCrashing() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases(weight: 0.3)) { generator in
            let bytes = generator.bytes(Int(generator.next() % 600)).map { $0 % 7 == 0 ? UInt8(ascii: "\n") : $0 }
            let text = TextSanitizer.sanitize(String(decoding: bytes, as: UTF8.self))
            let width = Int(generator.next() % 100) + 1
            // A text with a letter in it shows something (blank text, or only markers, may render to nothing).
            let lines = MarkdownRenderer.render(text, width: width, theme: .plain)
            return !lines.isEmpty || !text.contains(where: \.isLetter)
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}
