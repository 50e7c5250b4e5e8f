// Every message Lyra prints on a terminal is wrapped by words to its width (SPEC §9, issue #32):
// errors, hints, --plain and one-shot replies on narrow pseudo-terminals — no line wider than the
// terminal, no word cut — while the same messages in a pipe stay one line each for scripts.
import Foundation
import LyraTestSupport
import Testing

@Suite struct MessageWrapTerminalTests {
    static let usageError = "unknown option '--bogus' for /improve (modes: --rewrite, --grammar, --shorten, "
        + "--translate LANG, --style STYLE; put -- before text that starts with --)"

    /// The screen lines of `text`: escape sequences stripped, split at line ends.
    private func lines(_ text: String) -> [String] {
        ANSIText.strip(text).split(whereSeparator: \.isNewline).map(String.init)
    }

    /// Checks that no line is wider than `columns` and that the words of `message` appear in order,
    /// each whole on one line.
    private func expectWrapped(_ shown: [String], message: String, columns: Int,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        for line in shown {
            #expect(line.count <= columns, "wider than \(columns): \(line)", sourceLocation: sourceLocation)
        }
        let words = shown.flatMap { $0.split(separator: " ").map(String.init) }
        let expected = message.split(separator: " ").map(String.init)
        let start = words.firstIndex(of: expected[0]) ?? words.endIndex
        #expect(Array(words[start...].prefix(expected.count)) == expected, "\(shown)", sourceLocation: sourceLocation)
    }

    @Test func aREPLErrorAndAHintWrapByWordsAt40Columns() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let session = try env.startLyraSession([], extraEnvironment: backend.lyraEnvironment, columns: 40, rows: 30)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("/improve --bogus some text\r")
        let error = try await session.awaitOutput(containing: "--)")
        let errorLines = lines(error).drop { !$0.hasPrefix("error: ") }.prefix { !$0.contains("lyra ›") }
        #expect(errorLines.count > 2)
        // Continuation lines stand under the message, after `error: `.
        #expect(errorLines.dropFirst().allSatisfy { $0.hasPrefix("       ") })
        expectWrapped(Array(errorLines), message: "error: " + Self.usageError, columns: 40)

        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("/new\r")
        let hint = try await session.awaitOutput(containing: "message")
        let hintLines = lines(hint).drop { !$0.hasPrefix("new session") }.prefix { !$0.contains("lyra ›") }
        expectWrapped(Array(hintLines), message: "new session: it is saved with your first message", columns: 40)
        #expect(hintLines.count == 2)
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }

    @Test func aScriptErrorOnATerminalWrapsAndInAPipeStaysOneLine() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let session = try env.startLyraSession(["-c", "/improve --bogus x"], extraEnvironment: backend.lyraEnvironment,
                                               columns: 50, rows: 30)
        defer { session.terminate() }
        _ = try await session.awaitExit()
        let shown = lines(session.output).filter { !$0.isEmpty }
        #expect(shown.first?.hasPrefix("lyra: line 1: unknown option") == true, "\(shown)")
        // `lyra: line 1: ` is 14 columns: the rest stands under the message.
        #expect(shown.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 14)) }, "\(shown)")
        expectWrapped(shown, message: "lyra: line 1: " + Self.usageError, columns: 50)

        let piped = try await env.runLyra(["-c", "/improve --bogus x"], extraEnvironment: backend.lyraEnvironment)
        #expect(piped.stderr == "lyra: line 1: " + Self.usageError + "\n")
    }

    @Test func shownReasoningWrapsByWordsOnATerminal() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        var environment = openAIEnvironment(backend)
        environment["LYRA_MODEL"] = "openai:lyra-think"
        // A script with --reasoning writes the reasoning to stderr: here a 40-column terminal.
        let session = try env.startLyraSession(["--reasoning", "-c", "why?"], extraEnvironment: environment,
                                               columns: 40, rows: 30)
        defer { session.terminate() }
        #expect(try await session.awaitExit() == 0)
        let thought = "The user asked \"why?\". I should answer briefly and say that I am the demo thinking model."
        let shown = lines(session.output).prefix { !$0.hasPrefix("This is the") }
        #expect(shown.count > 2, "\(shown)")
        expectWrapped(Array(shown), message: thought, columns: 40)
    }

    @Test func aPlainReplyWrapsByWordsAt40Columns() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let session = try env.startLyraSession(["--plain"], extraEnvironment: openAIEnvironment(backend),
                                               columns: 40, rows: 30)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("tell me about Kyoto\r")
        let reply = try await session.awaitOutput(containing: "tokens")
        let replyLines = lines(reply).drop { !$0.hasPrefix("This is a") }.prefix { !$0.contains("lyra-demo") }
        expectWrapped(Array(replyLines), message: cannedReply("tell me about Kyoto", history: "1 message: yours"),
                      columns: 40)
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }

    @Test func aOneShotReplyOnATerminalWrapsByWords() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let session = try env.startLyraSession(["tell", "me", "about", "Kyoto"],
                                               extraEnvironment: openAIEnvironment(backend), columns: 40, rows: 30)
        defer { session.terminate() }
        #expect(try await session.awaitExit() == 0)
        let shown = lines(session.output).filter { !$0.isEmpty }
        expectWrapped(shown, message: cannedReply("tell me about Kyoto", history: "1 message: yours"), columns: 40)
    }
}
