// Shell-like splitting of command arguments: quotes, escapes, offsets, errors.
import Testing
@testable import LyraTerminal

@Suite struct ArgumentSplitterTests {
    @Test(arguments: [
        ("a b  c", ["a", "b", "c"]),
        ("'one two' three", ["one two", "three"]),
        ("\"say \\\"hi\\\"\" x", ["say \"hi\"", "x"]),
        ("a\\ b c", ["a b", "c"]),
        ("it\"s ok\"", ["its ok"]),
        ("''", [""]),
        ("  ", []),
        ("привет 世界 👋", ["привет", "世界", "👋"]),
        ("'a\\b'", ["a\\b"]),
    ])
    func splits(line: String, expected: [String]) throws {
        #expect(try ArgumentSplitter.words(line) == expected)
    }

    @Test func remembersWhereEachWordStarted() throws {
        let words = try ArgumentSplitter.split("rename 2  My \"trip\"")
        #expect(words.map(\.offset) == [0, 7, 10, 13])
    }

    @Test func anUnterminatedQuoteIsAnError() {
        #expect(throws: ArgumentSplitError.unterminatedQuote("\"")) { try ArgumentSplitter.split("say \"hi") }
        #expect(throws: ArgumentSplitError.unterminatedQuote("'")) { try ArgumentSplitter.split("'x") }
    }

    @Test func lenientSplittingKeepsAnUnbalancedQuoteAsTyped() {
        let words = ArgumentSplitter.splitLeniently("i can't  go")
        #expect(words.map(\.text) == ["i", "can't", "go"])
        #expect(words.map(\.offset) == [0, 2, 9])
        #expect(ArgumentSplitter.splitLeniently("'a b' c").map(\.text) == ["a b", "c"])
    }
}
