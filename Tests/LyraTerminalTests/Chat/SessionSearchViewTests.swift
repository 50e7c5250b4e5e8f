// `/sessions search` as shown: aligned number and title, the context sanitised and cut to the
// terminal width; and the JSON document.
import Foundation
import LyraKit
import Testing
import LyraTestSupport
@testable import LyraTerminal

@Suite struct SessionSearchViewTests {
    private func hit(_ number: Int, _ title: String, _ excerpt: String) -> SessionSearchHit {
        let date = Date(timeIntervalSince1970: 1_795_946_400)
        let summary = SessionSummary(id: "ID\(number)", title: title, messageCount: 2, createdAt: date, updatedAt: date,
                                     fileName: "ID\(number).json")
        return SessionSearchHit(number: number, session: summary, role: .user, excerpt: excerpt)
    }

    @Test func linesAreAlignedSanitisedAndCutToTheWidth() {
        let hits = [hit(2, "Trip 世界", "go to \u{1B}]0;pwned\u{07}Lisbon " + String(repeating: "and more ", count: 20)),
                    hit(10, "Taxes", "lisbon office")]
        let lines = SessionSearchView.table(hits, query: "lisbon", width: 50, theme: .plain).split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(" 2  Trip 世界  go to Lisbon and more"))
        #expect(lines[0].hasSuffix("…"))
        #expect(lines[1] == "10  Taxes      lisbon office")
        #expect(lines.allSatisfy { DisplayWidth.columns(of: $0) <= 50 })
        #expect(!lines.joined().contains("pwned"))
        let uncut = SessionSearchView.table(hits, query: "lisbon", width: nil, theme: .plain)
        #expect(uncut.hasSuffix("lisbon office") && uncut.contains("and more and more and more"))
    }

    @Test func everyMatchIsHighlightedInAnyCaseAndTheRestMuted() {
        let theme = Theme(colorLevel: .basic)
        let line = SessionSearchView.table([hit(4, "Trip", "Lisbon, then LISBON again")], query: "lisbon",
                                           width: nil, theme: theme)
        let match = theme.openingSequence(for: .match), muted = theme.openingSequence(for: .muted)
        let reset = Theme.resetSequence
        #expect(match != muted)
        #expect(line.hasSuffix(match + "Lisbon" + reset + muted + ", then " + reset + match + "LISBON" + reset
                               + muted + " again" + reset))
        #expect(ANSIText.strip(line) == "4  Trip  Lisbon, then LISBON again")
        let plain = SessionSearchView.table([hit(4, "Trip", "Lisbon")], query: "lisbon", width: nil, theme: .plain)
        #expect(plain == "4  Trip  Lisbon", "no escape sequences without colour")
    }

    @Test func theJSONNamesEachSessionAndItsContext() throws {
        let json = SessionSearchView.json([hit(3, "Trip", "to Lisbon\u{1B}[31m")])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(parsed.count == 1)
        #expect(parsed[0]["number"] as? Int == 3 && parsed[0]["id"] as? String == "ID3")
        #expect(!json.contains("\u{1B}"), "controls are escaped, not printed")
        #expect(parsed[0]["context"] as? String == "to Lisbon\u{1B}[31m" && parsed[0]["role"] as? String == "user")
        #expect(SessionSearchView.json([]) == "[]")
    }

    @Test func theJSONTextIsWhatScriptsAlreadyRead() {
        let json = SessionSearchView.json([hit(3, "Trip / \"plans\"", "to Lisbon\u{1B}[31m é 👋\tnext"), hit(12, "b", "c")])
        #expect(json == """
        [
          {
            "context" : "to Lisbon\\u001b[31m é 👋\\tnext",
            "id" : "ID3",
            "number" : 3,
            "role" : "user",
            "title" : "Trip / \\"plans\\""
          },
          {
            "context" : "c",
            "id" : "ID12",
            "number" : 12,
            "role" : "user",
            "title" : "b"
          }
        ]
        """)
    }
}
