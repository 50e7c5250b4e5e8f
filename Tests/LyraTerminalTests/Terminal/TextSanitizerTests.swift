// Tests for TextSanitizer: server text cannot move the cursor, retitle the terminal or write the clipboard.
import Testing
import LyraTerminal
import LyraKit

@Suite struct TextSanitizerTests {
    static let esc = "\u{1B}"
    static let bel = "\u{7}"
    static let st = "\u{1B}\\"

    static let cases: [(input: String, expected: String, name: String)] = [
        ("plain text, nothing to do", "plain text, nothing to do", "ASCII unchanged"),
        ("Привет, 世界 😀 👨‍👩‍👧", "Привет, 世界 😀 👨‍👩‍👧", "Unicode unchanged"),
        ("tab\there\nnext line", "tab\there\nnext line", "tab and newline kept"),
        // CSI
        (esc + "[31mred" + esc + "[0m", "red", "SGR colours"),
        ("a" + esc + "[?25lb" + esc + "[?1049h", "ab", "private modes (hide cursor, alternate screen)"),
        (esc + "[2J" + esc + "[H" + esc + "[10;20Hx", "x", "clear screen and cursor moves"),
        ("x" + esc + "[1;2 qy", "xy", "CSI with an intermediate byte"),
        ("\u{9B}31mred\u{9B}0m", "red", "8-bit CSI"),
        // OSC
        (esc + "]0;pwned" + bel + "after", "after", "window title ended by BEL"),
        (esc + "]2;title" + st + "after", "after", "window title ended by ST"),
        ("before" + esc + "]52;c;ZWNobyBwd25lZA==" + bel + "after", "beforeafter", "OSC 52 clipboard write (BEL)"),
        ("before" + esc + "]52;c;ZWNobyBwd25lZA==" + st + "after", "beforeafter", "OSC 52 clipboard write (ST)"),
        (esc + "]8;;http://evil.example" + st + "click" + esc + "]8;;" + st, "click", "OSC 8 hyperlink"),
        (esc + "]0;заголовок 标题" + bel + "ok", "ok", "OSC with a UTF-8 payload"),
        ("\u{9D}52;c;AAAA\u{9C}after", "after", "8-bit OSC ended by 8-bit ST"),
        ("\u{9D}0;title" + bel + "x", "x", "8-bit OSC ended by BEL"),
        (esc + "]0;x" + esc + "[31mred", "red", "ESC inside OSC aborts it and starts a new sequence"),
        // DCS, SOS, PM, APC
        (esc + "Pq#0;2;0;0;0" + st + "done", "done", "DCS (sixel)"),
        (esc + "Pabc" + bel + "def" + st + "ghi", "ghi", "BEL does not end a DCS"),
        (esc + "_Gf=100;payload" + st + "x", "x", "APC (graphics)"),
        (esc + "^private" + st + "y", "y", "PM"),
        (esc + "Xstring" + st + "z", "z", "SOS"),
        ("\u{90}q#0\u{9C}ok", "ok", "8-bit DCS"),
        ("\u{9F}apc\u{9C}ok", "ok", "8-bit APC"),
        // Two-character and nF escapes
        (esc + "7saved" + esc + "8", "saved", "save and restore cursor"),
        (esc + "cafter reset", "after reset", "full reset"),
        (esc + "Mup", "up", "reverse index"),
        (esc + "(Bx", "x", "character set designation"),
        (esc + "#8y", "y", "screen alignment test"),
        // Controls
        ("a\u{0}b\u{7}c\u{8}d\u{7F}e", "abcde", "NUL, BEL, BS, DEL"),
        ("a\u{B}b\u{C}c\u{E}d\u{1A}e", "abcde", "VT, FF, SO, SUB"),
        ("line1\r\nline2\r\n", "line1\nline2\n", "CR LF becomes LF"),
        ("progress 10%\rprogress 99%", "progress 10%progress 99%", "lone CR dropped"),
        ("\u{85}x\u{8F}y\u{9C}z", "xyz", "C1 controls"),
        ("a\u{202E}b\u{202A}c\u{2066}d\u{2069}e\u{202C}f\u{202B}g\u{202D}h\u{2067}i\u{2068}", "abcdefghi",
         "bidi overrides and isolates"),
        // Bare and unterminated sequences
        ("a" + esc + "\nb", "a\nb", "bare ESC before a newline"),
        (esc + "é", "é", "bare ESC before a non-ASCII letter"),
        (esc + "[3€x", "€x", "CSI aborted by a non-ASCII scalar"),
        ("hello" + esc + "[31", "hello", "unterminated CSI at the end"),
        ("hi" + esc + "]0;title", "hi", "unterminated OSC at the end"),
        ("bye" + esc, "bye", "ESC at the very end"),
        (esc + esc + "[1mz", "z", "ESC ESC"),
        ("", "", "empty"),
    ]

    @Test func removesSequencesAndControls() {
        for (input, expected, name) in Self.cases {
            #expect(TextSanitizer.sanitize(input) == expected, "\(name)")
        }
    }

    /// Whether a scalar is one the sanitised text must never contain.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x0A || value == 0x09 { return false }
        return value < 0x20 || (0x7F...0x9F).contains(value)
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    @Test func noForbiddenScalarSurvivesArbitraryInput() {
        let pool: [Unicode.Scalar] = [
            "\u{1B}", "[", "]", "P", "\\", "\u{7}", "\u{9B}", "\u{9D}", "\u{9C}", "\u{90}", "\r", "\n", "\t",
            "\u{0}", "\u{7F}", "\u{85}", "\u{202E}", "\u{2067}", "1", ";", "m", "a", "Ж", "中", "😀", " ", "(",
        ]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<300 {
            var input = String.UnicodeScalarView()
            for _ in 0..<40 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                input.append(pool[Int(seed >> 33) % pool.count])
            }
            let output = TextSanitizer.sanitize(String(input))
            #expect(!output.unicodeScalars.contains(where: Self.isForbidden), "\(String(input).debugDescription)")
        }
    }

    @Test func multiMegabyteInputIsFast() {
        let chunk = "Line with \u{1B}[1mbold\u{1B}[0m text, Ünïcödé 中文 😀 and \u{1B}]0;t\u{7} title.\r\n"
        let input = String(repeating: chunk, count: 4 * 1024 * 1024 / chunk.utf8.count)
        let expectedChunk = "Line with bold text, Ünïcödé 中文 😀 and  title.\n"
        let clock = ContinuousClock()
        var output = ""
        let elapsed = clock.measure { output = TextSanitizer.sanitize(input) }
        #expect(output == String(repeating: expectedChunk, count: 4 * 1024 * 1024 / chunk.utf8.count))
        #expect(elapsed < .seconds(10), "4 MiB took \(elapsed)")
    }
}
