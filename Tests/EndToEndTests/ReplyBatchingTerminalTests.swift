// A fast, long reply on a pseudo-terminal (issue 34): the pieces are shown a batch a frame, and what
// stays on screen is the whole reply once, every word in order.
import Foundation
import LyraTestSupport
import Testing

@Suite struct ReplyBatchingTerminalTests {
    @Test func aLongFastReplyStaysOnScreenWholeAndInOrder() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.configure(BackendTestConfiguration(demoReplyWords: 3000))
        let session = try env.startLyraSession([], extraEnvironment: openAIEnvironment(backend), columns: 100, rows: 30)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("tell me about Kyoto\r")
        try await session.awaitPrompt(after: "tokens")
        // What stays in the scrollback: every erased live preview taken out.
        let erased = /[^\n\r]*\r(?:\x1B\[1A)*\x1B\[J/.matchingSemantics(.unicodeScalar)
        let shown = ANSIText.strip(session.output.replacing(erased, with: ""))
        let numbers = shown.matches(of: /word(\d+)/).compactMap { Int($0.output.1) }
        let first = try #require(numbers.first)
        #expect(numbers == Array(first...3000))
        #expect(shown.components(separatedBy: "canned").count == 2)
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }
}
