// The REPL on a real pseudo-terminal (SPEC §2): prompt, Tab completion, Ctrl-C at the prompt,
// Ctrl-D, and history that survives a restart with mode 0600.
import Foundation
import LyraTestSupport
import Testing

@Suite struct REPLTerminalTests {
    @Test func tabCompletesCtrlCClearsTheLineAndCtrlDExits() async throws {
        let environment = try TemporaryEnvironment()
        let session = try environment.startLyraSession(["-q"])
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("/he")
        session.send(.tab)
        try await session.awaitOutput(containing: "/help ")
        session.send(.enter)
        try await session.awaitPrompt(after: "leave Lyra")

        session.mark()
        session.send("abc")
        try await session.awaitOutput(containing: "abc")
        session.send(.ctrlC)
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("/help quit\r")
        let screen = try await session.awaitOutput(containing: "leave Lyra")
        #expect(!screen.contains("unknown command"))
        try await session.awaitPrompt(after: "leave Lyra")

        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }

    @Test func historyIsRecalledAfterARestartAndKeptPrivate() async throws {
        let environment = try TemporaryEnvironment()
        let first = try environment.startLyraSession(["-q"])
        try await first.awaitOutput(containing: "lyra ›")
        first.send("/help quit\r")
        try await first.awaitPrompt(after: "leave Lyra")
        first.send(.ctrlD)
        #expect(try await first.awaitExit() == 0)

        let history = environment.lyraStateDirectory.appendingPathComponent("history")
        let attributes = try FileManager.default.attributesOfItem(atPath: history.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        let second = try environment.startLyraSession(["-q"])
        try await second.awaitOutput(containing: "lyra ›")
        second.mark()
        second.send(.up)
        try await second.awaitOutput(containing: "/help quit")
        second.send(.enter)
        try await second.awaitPrompt(after: "leave Lyra")
        second.send(.ctrlD)
        #expect(try await second.awaitExit() == 0)
    }

    @Test func anEmptyHistfileVariableKeepsNoHistory() async throws {
        let environment = try TemporaryEnvironment()
        let session = try environment.startLyraSession(["-q"], extraEnvironment: ["LYRA_HISTFILE": ""])
        try await session.awaitOutput(containing: "lyra ›")
        session.send("/help quit\r")
        try await session.awaitPrompt(after: "leave Lyra")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        let history = environment.lyraStateDirectory.appendingPathComponent("history")
        #expect(!FileManager.default.fileExists(atPath: history.path))
    }

    @Test func theBannerShowsUnlessQuiet() async throws {
        let environment = try TemporaryEnvironment()
        let session = try environment.startLyraSession(extraEnvironment: ["LYRA_BASE_URL": "http://127.0.0.1:9"])
        try await session.awaitOutput(containing: "lyra ›")
        #expect(session.plainOutput.contains("Lyra"))
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }
}

@Suite struct REPLEditingTests {
    @Test func unicodeTypedAndEditedArrivesIntact() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let session = try environment.startLyraSession(["-q"], extraEnvironment: backend.lyraEnvironment)
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        // Typed with a stray character, then: Backspace removes it, Ctrl-A goes to the start to add
        // a word, Ctrl-E back to the end to finish.
        session.send("привет 👋 世界x")
        session.send(.backspace)
        session.send(.ctrlA)
        session.send("ну ")
        session.send(.ctrlE)
        session.send("!")
        session.send(.enter)
        try await session.awaitPrompt(after: "This answer comes from")
        let requests = try await backend.control.requests().filter { $0.path.hasPrefix("/dola/chats/") }
        let body = try #require(requests.first?.bodyText)
        let sent = try JSONDecoder().decode([String: String].self, from: Data(body.utf8))
        #expect(sent["message"] == "ну привет 👋 世界!")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }
}
