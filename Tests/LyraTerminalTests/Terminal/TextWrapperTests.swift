// Tests for TextWrapper: greedy word wrap by display width for ASCII, Cyrillic, CJK and emoji.
import Testing
import LyraTerminal

@Suite struct TextWrapperTests {
    static let fox = "the quick brown fox jumps over the lazy dog"

    @Test func asciiAtWidths10And40And120() {
        #expect(TextWrapper.wrap(Self.fox, width: 10) == ["the quick", "brown fox", "jumps over", "the lazy", "dog"])
        #expect(TextWrapper.wrap(Self.fox, width: 40) == ["the quick brown fox jumps over the lazy", "dog"])
        #expect(TextWrapper.wrap(Self.fox, width: 120) == [Self.fox])
    }

    @Test func explicitNewlinesAreKept() {
        #expect(TextWrapper.wrap("a\n\nb", width: 10) == ["a", "", "b"])
        #expect(TextWrapper.wrap("", width: 10) == [""])
        #expect(TextWrapper.wrap("one two three\nfour", width: 7) == ["one two", "three", "four"])
    }

    @Test func longWordsBreakBetweenClusters() {
        let alphabet = "abcdefghijklmnopqrstuvwxyz"
        #expect(TextWrapper.wrap(alphabet, width: 10) == ["abcdefghij", "klmnopqrst", "uvwxyz"])
        // The long word fills the rest of the current line first.
        #expect(TextWrapper.wrap("hi abcdefghijkl", width: 10) == ["hi abcdefg", "hijkl"])
    }

    @Test func cyrillic() {
        let text = "Съешь же ещё этих мягких французских булок"
        #expect(TextWrapper.wrap(text, width: 10) == ["Съешь же", "ещё этих", "мягких фра", "нцузских", "булок"])
        #expect(TextWrapper.wrap(text, width: 40) == ["Съешь же ещё этих мягких французских", "булок"])
        #expect(TextWrapper.wrap(text, width: 120) == [text])
    }

    @Test func cjkWithoutSpacesBreaksBetweenWideCharacters() {
        let text = "我能吞下玻璃而不伤身体"  // 11 ideographs, 22 columns
        #expect(TextWrapper.wrap(text, width: 10) == ["我能吞下玻", "璃而不伤身", "体"])
        #expect(TextWrapper.wrap(text, width: 9) == ["我能吞下", "玻璃而不", "伤身体"])
        #expect(TextWrapper.wrap(text, width: 40) == [text])
        #expect(TextWrapper.wrap(text, width: 120) == [text])
        #expect(TextWrapper.wrap("中文", width: 1) == ["中", "文"])
    }

    @Test func emojiClustersAreNeverSplit() {
        #expect(TextWrapper.wrap("👍🏽👍🏽👍🏽", width: 5) == ["👍🏽👍🏽", "👍🏽"])
        #expect(TextWrapper.wrap("👨‍👩‍👧👨‍👩‍👧", width: 3) == ["👨‍👩‍👧", "👨‍👩‍👧"])
        #expect(TextWrapper.wrap("hi 😀 there", width: 5) == ["hi 😀", "there"])
        #expect(TextWrapper.wrap("ok 🇺🇦🇯🇵 flags here", width: 10) == ["ok 🇺🇦🇯🇵", "flags here"])
        #expect(TextWrapper.wrap("ok 🇺🇦🇯🇵 flags here", width: 40) == ["ok 🇺🇦🇯🇵 flags here"])
    }

    @Test func spacesAtBreaksAndEndsAreDropped() {
        #expect(TextWrapper.wrap("a    b", width: 3) == ["a", "b"])
        #expect(TextWrapper.wrap("word   ", width: 10) == ["word"])
        #expect(TextWrapper.wrap("   ", width: 10) == [""])
        #expect(TextWrapper.wrap("a    b", width: 10) == ["a    b"])
    }

    @Test func indentationIsKeptOnlyOnTheFirstLine() {
        #expect(TextWrapper.wrap("  indented text", width: 40) == ["  indented text"])
        #expect(TextWrapper.wrap("  aaaa bbbb", width: 7) == ["  aaaa", "bbbb"])
    }

    @Test func tabsExpandToStopsOfFour() {
        #expect(TextWrapper.wrap("a\tb", width: 10) == ["a   b"])
        #expect(TextWrapper.wrap("\tcode", width: 10) == ["    code"])
        #expect(TextWrapper.wrap("中\tx", width: 10) == ["中  x"])
    }

    @Test func widthBelowOneCountsAsOne() {
        #expect(TextWrapper.wrap("ab", width: 0) == ["a", "b"])
    }

    @Test func everyLineFitsAndNoTextIsLost() {
        let texts = [
            Self.fox, "Съешь же ещё этих мягких французских булок", "我能吞下玻璃而不伤身体。我能吞下玻璃。",
            "mixed 中文 and emoji 😀👍🏽 with a verylongwordthatneedsbreaking and more",
            "  indented\n\tline two\n\nafter a blank line 👨‍👩‍👧",
        ]
        for text in texts {
            for width in [2, 3, 5, 10, 17, 40, 120] {
                let lines = TextWrapper.wrap(text, width: width)
                for line in lines {
                    #expect(DisplayWidth.columns(of: line) <= width, "\(line) at \(width)")
                    #expect(line.last != " ", "\(line) at \(width)")
                }
                let kept = lines.joined().filter { !$0.isWhitespace }
                #expect(kept == text.filter { !$0.isWhitespace }, "width \(width)")
                #expect(lines.count >= text.filter { $0 == "\n" }.count + 1)
            }
        }
    }
}
