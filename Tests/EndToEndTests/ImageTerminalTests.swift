// Images at the REPL on a pseudo-terminal (SPEC §13): Tab completes a path after /attach, the
// prompt shows what waits (`[2 images]`), and the chip disappears once the message is sent.
import Foundation
import LyraTestSupport
import Testing

@Suite struct ImageTerminalTests {
    @Test func tabCompletesThePathAndThePromptShowsThePendingImages() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        for name in ["red.png", "photo.jpg"] {
            try Fixtures.data("images/" + name).write(to: env.workDirectory.appending(path: name))
        }
        let environment = ["OPENAI_BASE_URL": backend.url.absoluteString + "/v1", "OPENAI_API_KEY": backend.token,
                           "LYRA_MODEL": "openai:lyra-vision"]
        let session = try env.startLyraSession(["-q"], extraEnvironment: environment, columns: 100)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("/attach re")
        session.send(.tab)
        try await session.awaitOutput(containing: "red.png")
        session.send(" photo.jpg\r")
        try await session.awaitOutput(containing: "lyra [2 images] ›")
        session.mark()
        session.send("what are these?\r")
        try await session.awaitOutput(containing: "2 images arrived")
        try await session.awaitPrompt(after: "2 images arrived")
        // The next prompt has no chip: the images went with the message.
        let after = try #require(session.plainOutput.components(separatedBy: "2 images arrived").last)
        #expect(after.contains("lyra · what are these? ›") && !after.contains("images]"))
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }
}
