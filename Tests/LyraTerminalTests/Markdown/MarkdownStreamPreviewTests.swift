// The streaming renderer's preview additions: what each piece adds to the unfinished line, so the
// terminal can extend its live preview without re-reading a long line; always the same text as
// reading the whole unfinished line again.
import LyraTestSupport
import Testing
@testable import LyraTerminal
import LyraKit

@Suite struct MarkdownStreamPreviewTests {
    @Test func additionsAreTheSanitisedGrowthOfTheLine() {
        var renderer = MarkdownStreamRenderer(width: 40, theme: .plain)
        #expect(renderer.append("abc\u{1B}[3").isEmpty)
        #expect(renderer.unfinishedLineAddition == "abc")
        #expect(renderer.append("1mdef\t").isEmpty)
        #expect(renderer.unfinishedLineAddition == "def\t")
        #expect(renderer.unfinishedLine == "abcdef\t")
        #expect(renderer.append(" end\nnext").count == 1)
        #expect(renderer.unfinishedLineAddition == nil)
        #expect(renderer.unfinishedLine == "next")
        #expect(renderer.append("!").isEmpty)
        #expect(renderer.unfinishedLineAddition == "!")
        _ = renderer.finish()
        #expect(renderer.unfinishedLineAddition == nil && renderer.unfinishedLine.isEmpty)
    }

    @Test func randomPiecesAddExactlyWhatTheLineGains() {
        let failure = FuzzBudget.run(seed: FuzzBudget.seed(for: #function), count: FuzzBudget.cases(weight: 0.5)) { generator in
            let text = MarkdownStreamingFuzzTests.document(&generator)
            var renderer = MarkdownStreamRenderer(width: 30, theme: .plain)
            var before = renderer.unfinishedLine
            for piece in MarkdownStreamingFuzzTests.pieces(of: text, &generator) {
                _ = renderer.append(piece)
                let now = renderer.unfinishedLine
                if let addition = renderer.unfinishedLineAddition, Array((before + addition).utf8) != Array(now.utf8) {
                    return false
                }
                before = now
            }
            return true
        }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}
