// Chat in the REPL on a pseudo-terminal: a reply as a bubble, the title in the prompt, /sessions,
// and Ctrl-C during a slow reply printing `cancelled` promptly with the message kept as failed.
import Foundation
import LyraTestSupport
import Testing

@Suite struct ChatTerminalTests {
    @Test func aChatTurnShowsALabelledReplyWithoutBordersAndTheTitleInThePrompt() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let session = try env.startLyraSession(["-q"], extraEnvironment: backend.lyraEnvironment, columns: 120)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("hello\r")
        let screen = try await session.awaitOutput(containing: "lyra · hello ›")
        // SPEC §9: the reply's label is a line of its own; content lines carry no border glyph.
        let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let label = try #require(lines.firstIndex(of: "╭─ lyra"))
        #expect(lines[label + 1].hasPrefix("Demo reply: you said \"hello\""))
        #expect(!screen.contains("│") && !screen.contains("╰"))

        session.mark()
        session.send("/sessions\r")
        let listing = try await session.awaitOutput(containing: "2 messages")
        #expect(listing.contains("1* hello"))
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }

    @Test func ctrlCDuringASlowReplyCancelsPromptlyAndKeepsTheMessageAsFailed() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        // A reply that would take a minute: `cancelled` can only come from Ctrl-C, before it (had
        // the reply arrived, it would be on screen and the turn not cancelled).
        try await backend.control.configure(BackendTestConfiguration(chatDelayMilliseconds: 60_000))
        let session = try env.startLyraSession([], extraEnvironment: backend.lyraEnvironment, columns: 100)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("a slow question\r")
        try await session.awaitOutput(containing: "waiting for reply")
        session.send(.ctrlC)
        try await session.awaitOutput(containing: "cancelled", timeout: .seconds(120))  // a watchdog
        try await session.awaitOutput(containing: "lyra · a slow question ›")

        let messages = try storedMessages(try onlySessionFile(env))
        #expect(messages.map { $0["content"] as? String } == ["a slow question"])
        #expect(messages.map { $0["failed"] as? Bool } == [true])

        try await backend.control.configure(BackendTestConfiguration(chatDelayMilliseconds: 0))
        session.mark()
        session.send("/retry\r")
        try await session.awaitOutput(containing: "Demo reply: you said \"a slow question\"")
        try await session.awaitPrompt(after: "Demo reply: you said \"a slow question\"")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        #expect(try storedMessages(try onlySessionFile(env)).map { $0["failed"] as? Bool } == [false, nil])
    }

    @Test func deleteAsksForConfirmationInTheREPL() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        _ = try await env.runLyra(["-c", "keep me"], extraEnvironment: backend.lyraEnvironment)
        let session = try env.startLyraSession(["-q"], extraEnvironment: backend.lyraEnvironment)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra ›")
        session.send("/sessions delete 1\r")
        try await session.awaitOutput(containing: "[y/N]")
        session.mark()
        session.send("n\r")
        try await session.awaitOutput(containing: "lyra ›")
        #expect(sessionFiles(env).count == 1)
        session.send("/sessions delete 1\r")
        try await session.awaitOutput(containing: "[y/N]")
        session.mark()
        session.send("y\r")
        try await session.awaitOutput(containing: "lyra ›")
        #expect(sessionFiles(env).isEmpty)
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }
}
