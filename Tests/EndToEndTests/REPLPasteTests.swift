// Bracketed paste on a real pseudo-terminal (SPEC §9 "Paste"): a paste of any number of lines is
// one message sent on Enter, never run line by line, and a 1 MB paste arrives whole.
import Foundation
import LyraTestSupport
import Testing

@Suite struct REPLPasteTests {
    /// `h` or `l`: whether the last bracketed-paste switch in `output` turned it on or off.
    private static func lastPasteModeSwitch(in output: String) -> Character? {
        guard let range = output.range(of: "\u{1B}[?2004", options: .backwards) else { return nil }
        return output[range.upperBound...].first
    }

    @Test func aPasteWithAQuitLineIsOneMessageAndTheREPLStaysAlive() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let session = try environment.startLyraSession(["-q"], extraEnvironment: backend.lyraEnvironment)
        try await session.awaitOutput(containing: "\u{1B}[?2004h")
        session.paste("Dear team,\r/quit\rPlease fix it.")
        try await session.awaitOutput(containing: "Please fix it.")
        session.send(.enter)
        try await session.awaitPrompt(after: "This answer comes from")
        #expect(try await backend.control.sentChatMessages() == ["Dear team,\n/quit\nPlease fix it."])

        session.mark()
        session.send("/help quit\r")
        try await session.awaitPrompt(after: "leave Lyra")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        #expect(Self.lastPasteModeSwitch(in: session.output) == "l")
    }

    @Test func aPasteStartingWithACommandRunsItWithTheRestAsItsArgument() async throws {
        let environment = try TemporaryEnvironment()
        let session = try environment.startLyraSession(["-q"])
        try await session.awaitOutput(containing: "\u{1B}[?2004h")
        session.paste("/help\rquit")
        try await session.awaitOutput(containing: "quit")
        session.mark()
        session.send(.enter)
        try await session.awaitPrompt(after: "also: /exit")
        // `/help quit`, not `/help` (which lists every command) and not `quit` as a chat message.
        let screen = try await session.awaitOutput(containing: "leave Lyra")
        #expect(!screen.contains("/sessions"))
        #expect(!screen.contains("unknown command"))
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }

    @Test func pasteModeIsOffWhileALineRuns() async throws {
        let environment = try TemporaryEnvironment()
        let session = try environment.startLyraSession(["-q"])
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("/help quit\r")
        try await session.awaitOutput(containing: "leave Lyra")
        let raw = session.output
        let help = try #require(raw.range(of: "leave Lyra", options: .backwards))
        let before = raw[..<help.lowerBound]
        #expect(Self.lastPasteModeSwitch(in: String(before)) == "l")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }

    @Test func aOneMegabytePasteArrivesWhole() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend(recordedBodyBytes: 4 << 20)  // the whole message is compared
        let session = try environment.startLyraSession(["-q"], extraEnvironment: backend.lyraEnvironment)
        try await session.awaitOutput(containing: "\u{1B}[?2004h")
        let line = String(repeating: "abcdefghij", count: 10) + "\r"
        let text = String(repeating: line, count: 10_000) + "the end"
        session.paste(text, timeout: .seconds(120))
        try await session.awaitOutput(containing: "the end", timeout: .seconds(120))
        session.send(.enter)
        let deadline = ContinuousClock.now.advanced(by: .seconds(120))
        var sent: [String] = []
        while sent.isEmpty, ContinuousClock.now < deadline {
            sent = try await backend.control.sentChatMessages()
            if sent.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        }
        let expected = text.replacingOccurrences(of: "\r", with: "\n")
        #expect(sent.count == 1)
        #expect(sent.first?.utf8.count == expected.utf8.count)
        #expect(sent.first == expected)
        session.terminate()
    }
}
