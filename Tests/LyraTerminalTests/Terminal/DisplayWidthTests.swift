// Tests for DisplayWidth: wide CJK and emoji clusters are 2 columns, marks and controls 0, the rest 1.
import Testing
import LyraTerminal

@Suite struct DisplayWidthTests {
    static let characterCases: [(Character, Int, String)] = [
        ("a", 1, "ASCII letter"),
        ("Ж", 1, "Cyrillic"),
        ("é", 1, "precomposed Latin"),
        ("e\u{301}", 1, "letter with combining acute"),
        ("中", 2, "CJK ideograph"),
        ("한", 2, "Hangul syllable"),
        ("ア", 2, "Katakana"),
        ("Ａ", 2, "fullwidth Latin"),
        ("ｱ", 1, "halfwidth Katakana"),
        ("\u{3000}", 2, "ideographic space"),
        ("😀", 2, "emoji presentation"),
        ("👍🏽", 2, "emoji with skin tone"),
        ("👨‍👩‍👧", 2, "ZWJ family sequence"),
        ("🇺🇦", 2, "flag"),
        ("❤️", 2, "text-default emoji with U+FE0F"),
        ("❤", 1, "text-default emoji alone"),
        ("#️⃣", 2, "keycap sequence"),
        ("⌚", 2, "emoji-presentation watch"),
        ("⌚\u{FE0E}", 1, "watch asking for text presentation"),
        ("\u{301}", 0, "lone combining mark"),
        ("\u{200D}", 0, "zero-width joiner"),
        ("\u{200B}", 0, "zero-width space"),
        ("\u{FE0F}", 0, "lone variation selector"),
        ("\t", 0, "tab"),
        ("\u{7}", 0, "BEL"),
        ("\u{7F}", 0, "DEL"),
        ("\u{85}", 0, "C1 control"),
        ("\r\n", 0, "CR LF cluster"),
    ]

    @Test func characterWidths() {
        for (character, expected, name) in Self.characterCases {
            #expect(DisplayWidth.columns(of: character) == expected, "\(name)")
        }
    }

    @Test func stringWidthsSumTheirClusters() {
        #expect(DisplayWidth.columns(of: "") == 0)
        #expect(DisplayWidth.columns(of: "hello") == 5)
        #expect(DisplayWidth.columns(of: "привет") == 6)
        #expect(DisplayWidth.columns(of: "日本語") == 6)
        #expect(DisplayWidth.columns(of: "a😀b") == 4)
        #expect(DisplayWidth.columns(of: "Cafe\u{301}") == 4)
        #expect(DisplayWidth.columns(of: "🇯🇵🇺🇸") == 4)
        #expect(DisplayWidth.columns(of: "한국어 text") == 11)
        #expect(DisplayWidth.columns(of: "a\tb\n") == 2)
    }
}

@Suite struct DisplayWidthLayoutTests {
    @Test func truncateCutsByColumnsAndAddsEllipsis() {
        #expect(DisplayWidth.truncate("Trip plans", toColumns: 20) == "Trip plans")
        #expect(DisplayWidth.truncate("Trip plans", toColumns: 10) == "Trip plans")
        #expect(DisplayWidth.truncate("Trip plans", toColumns: 6) == "Trip …")
        // "東京" is 4 columns; at 4 only "東" (2) and "…" fit; a wide character is never split.
        #expect(DisplayWidth.truncate("東京タワー", toColumns: 4) == "東…")
        #expect(DisplayWidth.truncate("東京タワー", toColumns: 5) == "東京…")
        #expect(DisplayWidth.truncate("👨‍👩‍👧 family", toColumns: 3) == "👨‍👩‍👧…")
        #expect(DisplayWidth.truncate("abc", toColumns: 0) == "")
    }

    @Test func padFillsToColumns() {
        #expect(DisplayWidth.pad("ab", toColumns: 5) == "ab   ")
        #expect(DisplayWidth.pad("中文", toColumns: 5) == "中文 ")
        #expect(DisplayWidth.pad("toolong", toColumns: 3) == "toolong")
    }
}
