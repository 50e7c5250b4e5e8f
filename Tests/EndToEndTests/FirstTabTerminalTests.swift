// On a pseudo-terminal: session titles and template names complete on the very first Tab (nothing
// listed before), templates are fetched once per run, and opening a session (--continue,
// /sessions switch) shows its last exchange; /file says what it attached.
import Foundation
import LyraTestSupport
import Testing

@Suite struct FirstTabTerminalTests {
    @Test func aSessionTitleCompletesOnTheFirstTabAndSwitchShowsTheLastExchange() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        _ = try await env.runLyra(["-c", "/new Trip plans", "-c", "Plan a trip to Lisbon"],
                                  extraEnvironment: backend.lyraEnvironment)
        _ = try await env.runLyra(["-c", "/new Taxes", "-c", "When are taxes due?"], extraEnvironment: backend.lyraEnvironment)
        let session = try env.startLyraSession(["-q"], extraEnvironment: backend.lyraEnvironment)
        try await session.awaitOutput(containing: "lyra ›")
        session.send("/sessions switch Tr")
        session.send(.tab)
        try await session.awaitOutput(containing: "ip\\ plans")
        session.mark()
        session.send(.enter)
        try await session.awaitPrompt(after: "lyra › Demo reply")
        let shown = session.plainOutput
        #expect(shown.contains("you › Plan a trip to Lisbon"))
        #expect(shown.contains("Trip plans ›"))
        session.send(.ctrlD)
        #expect(try await session.awaitExit(timeout: .seconds(30)) == 0)
    }

    @Test func aTemplateNameCompletesOnTheFirstTabAndTemplatesAreFetchedOnce() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let session = try env.startLyraSession(["-q"], extraEnvironment: backend.lyraEnvironment)
        try await session.awaitOutput(containing: "lyra ›")
        let atStart = try await backend.control.requests().filter { $0.path.contains("get_templates") }
        #expect(atStart.isEmpty, "nothing is fetched before a Tab needs it")
        session.send("/video Qui")
        session.send(.tab)
        try await session.awaitOutput(containing: "ck\\ Cuts")
        session.send(.ctrlU)
        session.send("/video Slo")
        session.send(.tab)
        try await session.awaitOutput(containing: "w\\ Memories")
        session.send(.ctrlU)
        session.send(.ctrlD)
        #expect(try await session.awaitExit(timeout: .seconds(30)) == 0)
        let fetches = try await backend.control.requests().filter { $0.path.contains("get_templates") }
        #expect(fetches.count == 1)
    }

    @Test func continueShowsTheLastExchangeOnTheTerminalButNotInScripts() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        _ = try await env.runLyra(["-c", "first question", "-c", "second \u{1B}]0;pwned\u{07}question"],
                                  extraEnvironment: backend.lyraEnvironment)
        let script = try await env.runLyra(["--continue", "-c", "/help new"], extraEnvironment: backend.lyraEnvironment)
        #expect(!script.stdout.contains("you ›"))
        let session = try env.startLyraSession(["--continue"], extraEnvironment: backend.lyraEnvironment, columns: 60)
        try await session.awaitPrompt(after: "lyra › Demo reply")
        let shown = session.plainOutput
        #expect(shown.contains("you › second question"))
        #expect(!session.output.contains("pwned"))
        session.send(.ctrlD)
        #expect(try await session.awaitExit(timeout: .seconds(30)) == 0)
    }

    @Test func fileSaysWhatItAttachedAndTheNextMessageCarriesIt() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try Data("hello notes".utf8).write(to: env.workDirectory.appendingPathComponent("notes.md"))
        let session = try env.startLyraSession(["--no-color"], extraEnvironment: backend.lyraEnvironment)
        try await session.awaitOutput(containing: "lyra ›")
        session.send("/file notes.md\r")
        try await session.awaitPrompt(after: "attached notes.md (11 B) to the next message")
        session.send("summarise\r")
        try await session.awaitPrompt(after: "This answer comes from")
        #expect(try await sentMessages(backend) == ["summarise\n\nhello notes"])
        session.send(.ctrlD)
        #expect(try await session.awaitExit(timeout: .seconds(30)) == 0)
    }

    @Test func aHostileFileNameNeverReachesTheTerminalThroughCompletion() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        for name in ["a\u{1B}]0;pwned\u{07}1.jpg", "a\u{1B}]0;pwned\u{07}2.jpg"] {
            try Data([0xFF, 0xD8, 0xFF]).write(to: env.workDirectory.appendingPathComponent(name))
        }
        let session = try env.startLyraSession(["-q"], extraEnvironment: backend.lyraEnvironment)
        try await session.awaitOutput(containing: "lyra ›")
        session.send("/video 1 a")
        session.send(.tab)
        session.send(.tab)
        try await session.awaitOutput(containing: "a2.jpg")
        #expect(!session.output.contains("pwned"))
        session.send(.ctrlU)
        session.send(.ctrlD)
        #expect(try await session.awaitExit(timeout: .seconds(30)) == 0)
    }
}
