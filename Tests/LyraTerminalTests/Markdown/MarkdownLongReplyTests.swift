// A long mixed reply (the kind the render benchmark streams, plus wide text, emoji, combining marks,
// entities, escapes, spans across lines, unbreakable URLs): cut into random pieces it renders exactly
// as the whole does, and its coloured rendering is byte for byte the golden one
// (Fixtures/markdown/long-reply.coloured.expected; `LYRA_UPDATE_GOLDENS=1` rewrites it, review the diff).
import Foundation
import LyraTestSupport
import Testing
@testable import LyraTerminal

@Suite struct MarkdownLongReplyTests {
    /// One section of the reply, numbered `number`.
    static func section(_ number: Int) -> String {
        var text = "## Section \(number): what to pack ✈️\n\n"
            + "A week in **Lisbon** in spring asks for layers: mornings are *cool*, afternoons warm, and the "
            + "wind off the river turns a light jacket into the most useful thing you own. Bring `shoes` that "
            + "grip on the polished limestone of the hills (the *calçada* is slippery after rain), a small bag "
            + "for the tram, and see [the tram map](https://example.com/lisbon/trams/\(number)) before you go. "
            + "Pastries are cheap &amp; museums close on Mondays &mdash; the best views are free.\n"
            + "This line opens **a span that the\nnext line closes** and _this one_ keeps snake_case as it is; "
            + "2 * 3 = 6, \\*not emphasis\\*, ~~struck~~ text, <https://example.com/auto> and &#x2014; &bogus;.\n\n"
            + "- a light rain jacket that packs into its own pocket\n"
            + "- comfortable walking shoes, already worn in\n"
            + "  - a second pair, in case the first gets wet\n"
            + "  - thick socks for the evenings\n"
            + "- a power adapter (type F) and a **charged** phone\n\n"
            + "1. book the first night near the river\n"
            + "2. buy a *Viva Viagem* card at the airport\n"
            + "3. take tram 28 early, before the crowds\n\n"
            + "> Travel light: everything you forget can be bought there, usually for less.\n"
            + "> > 漢字テキストの引用、全角の文字は二列を使います。Ж e\u{301} 🎉👍🏽 🇵🇹 done\n\n"
            + "```python\n"
            + "def packing_list(days, rain=False):\n"
            + "    items = [\"shirt\"] * days + [\"jacket\"]\n"
            + "    if rain:\n"
            + "        items.append(\"umbrella\")  # the wind breaks most of them\n"
            + "    return items\n"
            + "```\n\n"
            + "See https://example.com/a/very/long/path/that/cannot/be/broken/anywhere/\(number)/index.html and "
            + "averyveryverylongwordwithoutanyspacesthatmustbebrokenbetweenclustersbecauseitistoowide\(number).\n\n"
        if number % 3 == 0 {
            text += "| day | plan | cost |\n|---|---|---:|\n| Monday | **Belém** and the tower | 12.50 |\n"
                + "| Tuesday | Sintra by `train` | 4.60 |\n\n"
        }
        return text
    }

    /// The whole reply: twelve sections.
    static let reply = (1...12).map(section).joined() + "The end, with an *unclosed span"

    /// `text` cut into random pieces of 1 to 60 Unicode scalars (even inside a cluster).
    static func pieces(of text: String, seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        let scalars = Array(text.unicodeScalars)
        var result: [String] = []
        var start = 0
        while start < scalars.count {
            let end = min(scalars.count, start + Int(generator.next() % 60) + 1)
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: scalars[start..<end])
            result.append(String(piece))
            start = end
        }
        return result
    }

    @Test(arguments: [(1 as UInt64, 100), (2, 60), (3, 37), (4, 20)])
    func randomPiecesRenderAsTheWhole(seed: UInt64, width: Int) {
        for theme in [Theme(colorLevel: .trueColor), Theme.plain] {
            var renderer = MarkdownStreamRenderer(width: width, theme: theme)
            var streamed: [String] = []
            for piece in Self.pieces(of: Self.reply, seed: seed) { streamed += renderer.append(piece) }
            streamed += renderer.finish()
            let whole = MarkdownRenderer.render(Self.reply, width: width, theme: theme)
            #expect(streamed.count > 200)
            #expect(streamed == whole, "seed \(seed), width \(width)")
        }
    }

    @Test func colouredRenderingIsTheGoldenByteForByte() throws {
        let url = MarkdownGoldenTests.directory.appendingPathComponent("long-reply.coloured.expected")
        let rendered = MarkdownRenderer.render(Self.reply, width: 72, theme: Theme(colorLevel: .trueColor))
            .joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["LYRA_UPDATE_GOLDENS"] == "1" {
            try rendered.write(to: url, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(rendered.utf8.elementsEqual(expected.utf8), "the coloured rendering changed")
    }

    @Test func quickLetterAndDigitTestsAgreeWithTheUnicodeProperties() {
        var characters = (0..<0x250).compactMap(Unicode.Scalar.init).map(Character.init)
        characters += ["\r\n", "e\u{301}", "1\u{301}", "漢", "Ж", "🎉", "٣", "Ⅻ", "\u{1FEF}"]
        for character in characters {
            #expect(character.isLetterQuickly == character.isLetter, "\(character.debugDescription)")
            #expect(character.isNumberQuickly == character.isNumber, "\(character.debugDescription)")
        }
    }
}
