// A streamed reply on a pseudo-terminal (SPEC §8–§9): words on screen while the stream is still
// open, Ctrl-C mid-stream printing `cancelled` at once with the partial reply saved as incomplete,
// `/retry` replacing it, and the Markdown rendering with the muted model/tokens line.
import Foundation
import LyraTestSupport
import Testing

@Suite struct ProviderTerminalTests {
    @Test func wordsShowWhileStreamingAndCtrlCKeepsThePartialReplyForRetry() async throws {
        let (env, backend, session, partial) = try await replHoldingAStreamedReply()
        defer { session.terminate() }
        defer { withExtendedLifetime(backend) {} }   // the server holds the stream until the test ends
        // The server holds the rest of the stream: these words can only be on screen because they streamed.
        #expect(!partial.contains("Pick a real model"))
        session.send(.ctrlC)
        // The server holds the rest of the stream until the test ends: `cancelled` can only come
        // from Ctrl-C, before the stream would have finished (no wall-clock bound needed).
        try await session.awaitOutput(containing: "cancelled")
        try await session.awaitOutput(containing: "lyra · tell me about Kyoto ›")

        // The REPL is still in the session: read it as Lyra does (the reply is in the journal).
        var messages = try await messagesReadByLyra(env)
        #expect(messages.map { $0["failed"] as? Bool } == [true, nil])
        #expect(messages.last?["incomplete"] as? Bool == true)
        #expect((messages.last?["content"] as? String)?.hasPrefix("This is a **canned** reply") == true)

        session.mark()
        session.send("/retry\r")
        let retried = try await session.awaitOutput(containing: "tokens")
        #expect(retried.contains("openai:lyra-demo · "))
        // The live preview shows the raw line; once the line is complete it is erased (ESC[J) and
        // the rendered line replaces it: what stays on screen has no Markdown markers.
        let afterPreview = try #require(session.output.components(separatedBy: "\u{1B}[J").last)
        let shown = ANSIText.strip(afterPreview)
        #expect(shown.contains("This is a canned reply from Lyra's demo backend"))
        #expect(!shown.contains("**"))
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        messages = try storedMessages(try onlySessionFile(env))
        #expect(messages.count == 2)
        #expect(messages.map { $0["failed"] as? Bool } == [false, nil])
        #expect(messages.last?["incomplete"] == nil)
    }
}

@Suite struct ProviderTerminationTests {
    @Test func sigtermMidStreamSavesThePartialReplyAsIncompleteBeforeLyraEnds() async throws {
        let (env, backend, session, _) = try await replHoldingAStreamedReply()
        defer { session.terminate() }
        defer { withExtendedLifetime(backend) {} }   // the server holds the stream until the test ends
        // The server holds the rest of the stream: the reply is cut by the signal, never finished.
        kill(session.processIdentifier, SIGTERM)
        #expect(try await session.awaitExit() == 128 + SIGTERM)
        #expect(session.terminationSignal == SIGTERM)
        let messages = try await messagesReadByLyra(env)
        #expect(messages.map { $0["role"] as? String } == ["user", "assistant"])
        #expect(messages.first?["failed"] as? Bool == true, "the prompt stays failed, so /retry works")
        #expect(messages.last?["incomplete"] as? Bool == true)
        #expect((messages.last?["content"] as? String)?.hasPrefix("This is a **canned** reply") == true)
    }
}

@Suite struct MarkdownTerminalTests {
    @Test func aStreamedMarkdownReplyIsRenderedWithoutMarkersBordersOrMisalignment() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let session = try env.startLyraSession([], extraEnvironment: openAIEnvironment(backend), columns: 100)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra ›")
        session.send("show me some markdown\r")
        try await session.awaitOutput(containing: "tokens")
        try await session.awaitPrompt(after: "tokens")
        // What stays on screen: the live previews (text up to a `\r` and the erase that follows it) removed.
        // (Scalar semantics: as Characters, the terminal's "\r\n" would be one grapheme.)
        let preview = /[^\n\r]*\r(?:\x1B\[1A)*\x1B\[J/.matchingSemantics(.unicodeScalar)
        let screen = session.output.replacing(preview, with: "")
        // From the typed line to the next prompt (whose title repeats the message).
        let parts = screen.components(separatedBy: "show me some markdown")
        try #require(parts.count >= 3)
        let rendered = ANSIText.strip(parts[1])
        let lines = rendered.split(whereSeparator: \.isNewline).map(String.init)
        #expect(!rendered.contains("**") && !rendered.contains("```"))
        let code = try #require(lines.first { $0.contains("let greeting = \"Hello, Lyra\"") })
        #expect(!code.contains("│") && !code.contains("┃"))
        let weekly = try #require(lines.first { $0.contains("weekly") })
        let yearly = try #require(lines.first { $0.contains("年間プラン") })
        // Right-aligned prices end in the same column, counting the CJK characters as two columns each.
        #expect(DisplayColumns.of(weekly.trimmingTrailing()) == DisplayColumns.of(yearly.trimmingTrailing()))
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }
}

/// Display width for the assertions above: East Asian wide characters count two columns.
private enum DisplayColumns {
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            let value = scalar.value
            let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
                || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
                || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
            return width + (wide ? 2 : 1)
        }
    }
}

private extension String {
    func trimmingTrailing() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// A REPL on a pseudo-terminal (OpenAI provider) whose reply to "tell me about Kyoto" stops after five
/// streamed words, the server holding the rest until the test ends; returned once those words are on
/// screen, with the output since the message was typed. Keep `backend` alive for the whole test.
private func replHoldingAStreamedReply() async throws
    -> (env: TemporaryEnvironment, backend: RunningBackend, session: PseudoTerminalSession, partial: String) {
    let env = try TemporaryEnvironment()
    let backend = try RunningBackend()
    try await backend.control.injectFault(json: #"{"path": "/v1/chat/completions", "pause_after_words": 5}"#)
    let session = try env.startLyraSession([], extraEnvironment: openAIEnvironment(backend), columns: 100)
    do {
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("tell me about Kyoto\r")
        let partial = try await session.awaitOutput(containing: "This is a **canned** reply")
        return (env, backend, session, partial)
    } catch {
        session.terminate()
        throw error
    }
}
