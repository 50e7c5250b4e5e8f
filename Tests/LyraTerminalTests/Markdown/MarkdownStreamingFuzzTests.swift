// Seeded fuzzing of the streaming Markdown renderer: random Markdown cut into random pieces (even
// inside a character cluster or a `\r\n`) renders exactly as the whole text does, and no line is
// wider than the screen except code lines (shown as written) and lines holding an unbreakable URL.
import LyraTestSupport
import Testing
@testable import LyraTerminal
import LyraKit

@Suite struct MarkdownStreamingFuzzTests {
    /// Inline pieces of paragraph text.
    static let words = ["word", "**bold**", "*it*", "_it_", "`code`", "~~x~~", "**", "*", "_", "`", "\\*", "[a](https://e.x/p)",
                        "[", "](", ")", "漢字テキスト", "🎉", "Ж", "e\u{301}", "\u{1B}[31m", "\u{1B}]0;t\u{7}", "\t", "#",
                        "https://example.com/a/long/path/that/cannot/be/broken", "longwordlongwordlongwordlongword", "2 * 3"]
    /// Line openers that make blocks.
    static let openers = ["", "", "", "# ", "### ", "- ", "  - ", "    * ", "1. ", "12) ", "> ", "> > ", "   ", "\t"]
    /// Whole lines with block meaning.
    static let specialLines = ["```", "```swift", "~~~python", "~~~", "````", "---", "* * *", "", "", "|---|:--:|", "| --- | --- | --- |"]

    static func paragraph(_ generator: inout SeededGenerator) -> String {
        (0..<Int(generator.next() % 8)).map { _ in generator.pick(words) }.joined(separator: generator.chance(80) ? " " : "")
    }

    static func tableRow(_ generator: inout SeededGenerator) -> String {
        let cells = (0..<Int(generator.next() % 5) + 1).map { _ in generator.pick(["a", "**b**", "漢字", "🎉", "", "`c|d`", "x \\| y", "long cell text here"]) }
        return (generator.chance(70) ? "| " : "") + cells.joined(separator: " | ") + (generator.chance(70) ? " |" : "")
    }

    static func document(_ generator: inout SeededGenerator) -> String {
        var lines: [String] = []
        for _ in 0..<Int(generator.next() % 24) {
            switch generator.next() % 10 {
            case 0, 1: lines.append(generator.pick(specialLines))
            case 2, 3: lines.append(tableRow(&generator))
            default: lines.append(generator.pick(openers) + paragraph(&generator))
            }
        }
        return lines.joined(separator: generator.chance(10) ? "\r\n" : "\n") + (generator.chance(50) ? "\n" : "")
    }

    /// `text` cut at random Unicode scalar boundaries.
    static func pieces(of text: String, _ generator: inout SeededGenerator) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var result: [String] = []
        var start = 0
        while start < scalars.count {
            let length = generator.chance(20) ? 1 : Int(generator.next() % 40) + 1
            let end = min(scalars.count, start + length)
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: scalars[start..<end])
            result.append(String(piece))
            start = end
        }
        return result
    }

    /// Whether an over-wide line is allowed: a code line as written in the source, or a line whose
    /// overflow is a URL that wrapping must not break.
    static func mayOverflow(_ line: String, sourceLines: Set<String>) -> Bool {
        if sourceLines.contains(line) { return true }
        return line.split(separator: " ").contains { $0.contains("://") }
    }

    /// Runs the cases in small batches, yielding between them, so that this CPU-bound test does not
    /// hold a thread of the shared pool that timing-sensitive tests running beside it need.
    @Test func streamedOutputEqualsOneShotAndFitsTheWidth() async {
        let seed = FuzzBudget.seed(for: #function)
        let batch = 25
        var failure: FuzzFailure?
        for start in stride(from: 0, to: FuzzBudget.cases(), by: batch) where failure == nil {
            failure = FuzzBudget.run(seed: seed &+ UInt64(start), count: batch, Self.checkOneCase)
            await Task.yield()
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    /// One random document, cut into random pieces: streamed equals one-shot, and every line fits.
    static func checkOneCase(_ generator: inout SeededGenerator) -> Bool {
        let text = document(&generator)
        let width = Int(generator.next() % 80) + 20
        let theme = generator.chance(50) ? Theme.plain : Theme(colorLevel: .trueColor)
        var renderer = MarkdownStreamRenderer(width: width, theme: theme)
        var streamed: [String] = []
        for piece in pieces(of: text, &generator) { streamed += renderer.append(piece) }
        streamed += renderer.finish()
        let whole = MarkdownRenderer.render(text, width: width, theme: theme)
        guard streamed == whole else {
            print("streamed differs from one-shot for", text.debugDescription, "at width", width)
            return false
        }
        let sourceLines = Set(text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            TextWrapper.expandingTabs(Substring(TextSanitizer.sanitize(String(decoding: $0, as: UTF8.self))))
        })
        let bad = whole.map(ANSIText.strip).filter { line in
            !(DisplayWidth.columns(of: line) <= width || mayOverflow(line, sourceLines: sourceLines))
        }
        if !bad.isEmpty { print("too wide at", width, bad.map(\.debugDescription), "from", text.debugDescription) }
        return bad.isEmpty
    }
}
