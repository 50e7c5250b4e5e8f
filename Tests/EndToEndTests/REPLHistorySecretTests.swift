// Secrets never reach the history file (SPEC §2, §9): `/login TOKEN` and `/settings set <secret>
// VALUE` lines are refused and not remembered, while ordinary lines are.
import Foundation
import LyraTestSupport
import Testing

@Suite struct REPLHistorySecretTests {
    @Test func linesCarryingSecretsAreNotWrittenToHistory() async throws {
        let environment = try TemporaryEnvironment()
        let session = try environment.startLyraSession(["-q"])
        try await session.awaitOutput(containing: "lyra ›")
        session.send("/login sk-secret-1\r")
        try await session.awaitPrompt(after: "takes no arguments")
        session.mark()
        session.send("/settings set apphudAPIKey sk-secret-2\r")
        try await session.awaitPrompt(after: "is a secret")
        session.mark()
        session.send("/help quit\r")
        try await session.awaitPrompt(after: "leave Lyra")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)

        let history = environment.lyraStateDirectory.appendingPathComponent("history")
        let text = try String(contentsOf: history, encoding: .utf8)
        #expect(text.contains("/help"))
        #expect(!text.contains("sk-secret"))
    }
}
