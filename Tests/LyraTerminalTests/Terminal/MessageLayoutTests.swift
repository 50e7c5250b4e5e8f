// Messages on a terminal are wrapped by words with their continuation lines under the text after
// the lead; without a terminal they are left exactly as given (issue #32).
import Testing
@testable import LyraTerminal

@Suite struct MessageLayoutTests {
    static let error = "lyra: line 12: could not connect to Ollama at 127.0.0.1:11434 — is it running? (OLLAMA_HOST)"

    @Test func aLongDiagnosticWrapsUnderItsText() {
        let lines = MessageLayout.lines(Self.error, width: 40).map(\.plain)
        #expect(lines == [
            "lyra: line 12: could not connect to",
            "               Ollama at 127.0.0.1:11434",
            "               — is it running?",
            "               (OLLAMA_HOST)",
        ])
        for line in MessageLayout.lines(Self.error, width: 20) {
            #expect(DisplayWidth.columns(of: line.plain) <= 20, "\(line.plain)")
        }
    }

    @Test func withoutATerminalTheTextIsUnchanged() {
        let text = "lyra: warning: " + String(repeating: "word ", count: 40) + "\nsecond paragraph"
        #expect(MessageLayout.render(text, width: nil, theme: .plain) == text + "\n")
    }

    @Test func leadsAreTheKnownLabelsOnly() {
        #expect(MessageLayout.lead(of: "lyra: line 3: warning: x") == "lyra: line 3: warning: ")
        #expect(MessageLayout.lead(of: "error: boom") == "error: ")
        #expect(MessageLayout.lead(of: "lyra: lines of text") == "lyra: ")
        #expect(MessageLayout.lead(of: "no label here") == "")
    }

    @Test func aLeadWiderThanHalfTheLineGetsNoHangingIndent() {
        let lines = MessageLayout.lines("lyra: line 12: warning: the server cut the conversation", width: 40)
        #expect(lines.map(\.plain) == ["lyra: line 12: warning: the server cut", "the conversation"])
    }

    @Test func theLeadIsPaintedAndTheIndentIsNot() {
        let theme = Theme(colorLevel: .basic)
        let text = MessageLayout.render("error: " + String(repeating: "abc ", count: 12), width: 30, theme: theme,
                                        leadStyle: .error, bodyStyle: .muted)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix(theme.paint("error: ", .error)))
        #expect(lines[1].hasPrefix("       \u{1B}["))
    }

    @Test func aConsoleWrapsOnlyTheStreamThatIsATerminal() {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let console = Console(standardOutput: out, standardError: err, messageWidth: { $0 == 2 ? 30 : nil })
        let text = "lyra: " + String(repeating: "word ", count: 10).dropLast()
        console.writeErrorMessage(text)
        console.writeMessage(text)
        console.flush()
        #expect(err.text == "lyra: word word word word word\n      word word word word word\n")
        #expect(out.text == text + "\n")
    }
}
