// A TITLE, TEXT or final REF is the rest of the line (SPEC §2): quotes around the whole of it are
// removed, and a REF with spaces needs no quotes.
import Testing
@testable import LyraTerminal

@Suite struct FinalArgumentTests {
    private func arguments(_ raw: String) -> CommandArguments {
        CommandArguments(words: ArgumentSplitter.splitLeniently(raw), raw: raw)
    }

    @Test func quotesAroundTheWholeRestAreRemoved() {
        #expect(arguments("\"Trip plans\"").rest(from: 0) == "Trip plans")
        #expect(arguments("'Trip plans'").rest(from: 0) == "Trip plans")
        #expect(arguments("3 \"Big trip\"").rest(from: 1) == "Big trip")
        // Quotes inside the text, or around only a part of it, stay as typed.
        #expect(arguments("say \"hi\" to her").rest(from: 0) == "say \"hi\" to her")
        #expect(arguments("\"hi\" there").rest(from: 0) == "\"hi\" there")
        #expect(arguments("Trip plans").rest(from: 0) == "Trip plans")
    }

    @Test func aFinalReferenceWithSpacesNeedsNoQuotes() {
        #expect(arguments("Trip plans").finalReference == "Trip plans")
        #expect(arguments("\"Trip plans\"").finalReference == "Trip plans")
        var withFlag = arguments("Trip plans --yes")
        let confirmed = withFlag.takeFlag("--yes")
        #expect(confirmed)
        #expect(withFlag.finalReference == "Trip plans")
        #expect(arguments("").finalReference == nil)
    }
}
