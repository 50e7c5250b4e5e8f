// WordDiff: tokenising (Unicode-aware), the alignment of insertions, deletions and replacements,
// edge cases, the bounded fallback for long texts, and rendering with and without colour.
import Foundation
import Testing
@testable import LyraTerminal

@Suite struct WordDiffTests {
    private func plain(_ old: String, _ new: String) -> String {
        WordDiffRenderer.render(WordDiff(old: old, new: new), theme: .plain)
    }

    // MARK: - Tokens

    @Test func tokensSplitWordsSpacesAndPunctuationAndJoinBack() {
        let text = "I'm  here, don't\tgo!\nOK"
        let tokens = WordTokenizer.tokens(text)
        #expect(tokens == ["I'm", "  ", "here", ",", " ", "don't", "\t", "go", "!", "\n", "OK"])
        #expect(tokens.joined() == text)
    }

    @Test func tokensAreUnicodeAware() {
        #expect(WordTokenizer.tokens("Привет, мир") == ["Привет", ",", " ", "мир"])
        #expect(WordTokenizer.tokens("日本語です") == ["日", "本", "語", "で", "す"])
        #expect(WordTokenizer.tokens("go 👍🏽🎉 now") == ["go", " ", "👍🏽", "🎉", " ", "now"])
        #expect(WordTokenizer.tokens("👨‍👩‍👧 café") == ["👨‍👩‍👧", " ", "café"])
        #expect(WordTokenizer.tokens("") == [])
    }

    // MARK: - Alignment

    @Test func insertion() {
        let diff = WordDiff(old: "the cat sat", new: "the black cat sat")
        #expect(diff.segments == [.same("the "), .inserted("black "), .same("cat sat")])
        #expect(plain("the cat sat", "the cat sat.") == "the cat sat{+.+}")
    }

    @Test func deletion() {
        let diff = WordDiff(old: "the the cat", new: "the cat")
        #expect(diff.segments == [.same("the "), .deleted("the "), .same("cat")])
        #expect(plain("a very big dog", "a big dog") == "a [-very -]big dog")
    }

    @Test func replacement() {
        #expect(plain("teh cat sat", "The cat sat") == "[-teh-]{+The+} cat sat")
        #expect(plain("i think  so", "I think so.") == "[-i-]{+I+} think[-  -]{+ +}so{+.+}")
    }

    @Test func unicodeWords() {
        #expect(plain("привет мир", "Привет, мир.") == "[-привет-]{+Привет,+} мир{+.+}")
        #expect(plain("我喜欢猫", "我喜欢狗") == "我喜欢[-猫-]{+狗+}")
        #expect(plain("nice 🎉 day", "nice 🎉🎉 day") == "nice 🎉{+🎉+} day")
    }

    @Test func emptyInputs() {
        #expect(WordDiff(old: "", new: "").segments.isEmpty)
        #expect(!WordDiff(old: "", new: "").hasChanges)
        #expect(WordDiff(old: "", new: "new text").segments == [.inserted("new text")])
        #expect(WordDiff(old: "old text", new: "").segments == [.deleted("old text")])
    }

    @Test func identicalInputHasNoChanges() {
        let text = "Same text,\nsame lines — 同じ 🎉"
        let diff = WordDiff(old: text, new: text)
        #expect(diff.segments == [.same(text)])
        #expect(!diff.hasChanges)
        #expect(plain(text, text) == text)
    }

    @Test func changesAcrossLinesKeepTheLines() {
        let diff = WordDiff(old: "one\ntwo\nthree", new: "one\n2\nthree")
        #expect(diff.segments == [.same("one\n"), .deleted("two"), .inserted("2"), .same("\nthree")])
    }

    @Test func segmentsRebuildBothTexts() {
        let old = "teh  the the cat. i sat on teh mat and i'm happy"
        let new = "Teh the cat. I sat on the mat and I'm happy."
        let diff = WordDiff(old: old, new: new)
        #expect(diff.oldText == old)
        #expect(diff.newText == new)
    }

    // MARK: - Long inputs

    @Test func longTextsUseTheBoundedScanAndStayCorrect() throws {
        let sentences = (0..<12_000).map { "word\($0) i sat here" }
        let old = sentences.joined(separator: " ")
        let new = sentences.enumerated().map { $0.offset % 7 == 0 ? $0.element.replacingOccurrences(of: " i ", with: " I ") : $0.element }
            .joined(separator: " ") + "."
        #expect(old.utf8.count > 100_000)
        let tokenCount = WordTokenizer.tokens(old).count
        #expect(tokenCount * tokenCount > WordAligner.cellBudget)
        let started = ContinuousClock.now
        let diff = WordDiff(old: old, new: new)
        let elapsed = ContinuousClock.now - started
        #expect(diff.oldText == old)
        #expect(diff.newText == new)
        let changes = diff.segments.filter { if case .same = $0 { false } else { true } }
        // Each changed "i" is one deletion and one insertion, plus the final "." inserted.
        #expect(changes.count == 2 * (12_000 + 6) / 7 + 1)
        #expect(elapsed < .seconds(20), "a 100 KB diff must not be quadratic (took \(elapsed))")
    }

    @Test func unrelatedLongTextsFallBackToReplacement() {
        let old = String(repeating: "alpha beta ", count: 10_000)
        let new = String(repeating: "gamma delta ", count: 10_000)
        let diff = WordDiff(old: old, new: new)
        #expect(diff.oldText == old)
        #expect(diff.newText == new)
    }

    @Test func theScanFindsTheSameSmallEditsAsTheExactAlignment() {
        let a = WordTokenizer.tokens("teh cat sat on the mat. it was happy and i was too")
        let b = WordTokenizer.tokens("The cat sat on the mat. It was happy and I was too.")
        let ids = Dictionary((a + b).enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
        let exact = WordAligner.longestCommonSubsequence(a.compactMap { ids[$0] }, b.compactMap { ids[$0] })
        let scanned = WordAligner.resynchronisingScan(a.compactMap { ids[$0] }, b.compactMap { ids[$0] })
        #expect(scanned.filter { $0 == .keep }.count == exact.filter { $0 == .keep }.count)
    }

    // MARK: - Rendering

    @Test func colourUsesTheDiffStylesAndNoMarkers() {
        let theme = Theme(colorLevel: .basic)
        let rendered = WordDiffRenderer.render(WordDiff(old: "teh cat", new: "The cat."), theme: theme)
        let expected = theme.paint("teh", .diffDelete) + theme.paint("The", .diffInsert) + " cat"
            + theme.paint(".", .diffInsert)
        #expect(rendered == expected)
        #expect(!rendered.contains("[-") && !rendered.contains("{+"))
        #expect(rendered.contains(theme.openingSequence(for: .diffDelete)))
    }

    @Test func colourIsClosedAtEveryLineBreak() {
        let theme = Theme(colorLevel: .basic)
        let rendered = WordDiffRenderer.render(WordDiff(old: "a", new: "a b\nc"), theme: theme)
        #expect(rendered == "a" + theme.paint(" b", .diffInsert) + "\n" + theme.paint("c", .diffInsert))
    }

    @Test func withoutColourMarkersShowEveryChange() {
        let rendered = plain("i  sat", "I sat.")
        #expect(rendered == "[-i  -]{+I +}sat{+.+}")
        #expect(!rendered.contains("\u{1B}"))
    }
}
