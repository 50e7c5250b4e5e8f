// A streamed reply on a pseudo-terminal (SPEC §9): the width is read again for each committed line,
// so a resize mid-stream leaves no line wider than the new window; the live preview of a paragraph
// is never taller than the screen, so a 500-word paragraph at 80×24 appears once.
import Foundation
import LyraTestSupport
import Testing

/// A live preview in a transcript: text up to a `\r`, then the moves up and the erase that remove it.
private func previewPattern() -> Regex<(Substring, Substring)> {
    /([^\n\r]*)\r(?:\x1B\[1A)*\x1B\[J/.matchingSemantics(.unicodeScalar)
}

/// The transcript with every erased live preview taken out: what stays in the scrollback.
private func committed(_ output: String) -> String {
    output.replacing(previewPattern(), with: "")
}

@Suite struct ReplyLayoutTerminalTests {
    @Test func aResizeMidStreamWrapsTheRestOfTheReplyAtTheNewWidth() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.configure(BackendTestConfiguration(demoReplyWords: 120))
        try await backend.control.injectFault(json: #"{"path": "/v1/chat/completions", "pause_after_words": 5}"#)
        let session = try env.startLyraSession([], extraEnvironment: openAIEnvironment(backend), columns: 100, rows: 40)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra ›")
        session.send("tell me about Kyoto\r")
        try await session.awaitOutput(containing: "This is a **canned** reply")
        session.resize(columns: 60, rows: 40)
        let before = session.output.count
        try await backend.control.release()
        try await session.awaitOutput(containing: "tokens")
        let after = String(session.output.dropFirst(before))
        // The reply's lines (the footer after it, model · context · tokens, is not the reply).
        let lines = ANSIText.strip(committed(after)).split(whereSeparator: \.isNewline).map(String.init)
            .filter { !$0.contains(" tokens") }
        #expect(lines.contains { $0.contains("canned") })
        for line in lines { #expect(line.count <= 60, "wider than 60 columns: \(line)") }
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }

    @Test func aParagraphTallerThanTheScreenAppearsOnce() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.configure(BackendTestConfiguration(demoReplyWords: 500))
        let session = try env.startLyraSession([], extraEnvironment: openAIEnvironment(backend), columns: 80, rows: 24)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra ›")
        session.send("tell me about Kyoto\r")
        try await session.awaitOutput(containing: "tokens")
        let output = session.output
        // Every preview fitted on the screen (so erasing it removed all of it) …
        let previews = output.matches(of: previewPattern()).map { ANSIText.strip(String($0.output.1)) }
        #expect(!previews.isEmpty)
        for preview in previews { #expect(preview.count <= 22 * 80, "a preview of \(preview.count) columns") }
        // … and what stays holds the reply once.
        #expect(ANSIText.strip(committed(output)).components(separatedBy: "canned").count == 2)
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }

    @Test func withNoColorCodeKeepsItsBackticksAndFences() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        var environment = openAIEnvironment(backend)
        environment["NO_COLOR"] = "1"
        let session = try env.startLyraSession([], extraEnvironment: environment, columns: 100, rows: 40)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra ›")
        session.send("show me some markdown\r")
        try await session.awaitOutput(containing: "tokens")
        let lines = committed(session.output).split(whereSeparator: \.isNewline).map(String.init)
        #expect(lines.contains { $0.contains("`inline code`") })
        #expect(lines.contains("```swift") && lines.contains("```"))
        #expect(!session.output.contains("\u{1B}[3"))   // no colour sequences
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }
}
