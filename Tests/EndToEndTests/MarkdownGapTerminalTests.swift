// The Markdown that spans lines, through the real `lyra` on a pseudo-terminal (issue 32): a streamed
// reply and `/sessions show` render bold across a soft break, bullets under numbered items and a
// code block inside a quote; `/sessions show` shows your messages as typed after the prompt, unboxed.
import Foundation
import LyraTestSupport
import Testing

/// What stays on screen: the live previews (text up to a `\r` and the erase that follows it) removed.
private func committedLines(_ output: String) -> [String] {
    let preview = /[^\n\r]*\r(?:\x1B\[1A)*\x1B\[J/.matchingSemantics(.unicodeScalar)
    let screen = ANSIText.strip(output.replacing(preview, with: "")).replacingOccurrences(of: "\r\n", with: "\n")
    return screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

@Suite struct MarkdownGapTerminalTests {
    @Test func aStreamedReplyRendersEmphasisAcrossLinesNestedListsAndQuotedCode() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let session = try env.startLyraSession([], extraEnvironment: openAIEnvironment(backend), columns: 80, rows: 40)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("show me some markdown\r")
        try await session.awaitOutput(containing: "tokens")
        try await session.awaitPrompt(after: "tokens")
        let lines = committedLines(session.output)
        let start = try #require(lines.firstIndex { $0.hasPrefix("1. Install it") }, "\(lines)")
        #expect(Array(lines[start...].prefix(5)) == [
            "1. Install it", "   ◦ from source", "   ◦ or a release", "2. Ask, and keep the", "   bold across lines",
        ])
        #expect(lines.contains("  A quoted command:"))
        let command = try #require(lines.firstIndex(of: "  lyra --model openai hello"), "\(lines)")
        #expect(lines[command - 1] == "  sh")
        // The code line has the code colours: its raw text is styled, never shown between backticks.
        #expect(session.output.contains("\u{1B}[") && !lines.joined().contains("**") && !lines.joined().contains("```"))
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }

    @Test func sessionsShowDrawsYourMessagesAsTypedAndRepliesAsRenderedLive() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let question = "**raw** stays as typed, and this question is long enough to wrap at sixty columns"
        let reply = "Sure: **bold\nacross lines** here.\n\n1. one\n   - sub\n2. two\n\n> ```sh\n> echo hi\n> ```\n\nEnd of reply."
        try writeForeignSession(env, fileName: "shown.json", id: "SHOWN-1", title: "Shown chat",
                                messages: [("user", question), ("assistant", reply)])
        let session = try env.startLyraSession(["--session", "Shown chat"], extraEnvironment: backend.lyraEnvironment,
                                               columns: 60, rows: 40)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "›")
        session.mark()
        session.send("/sessions show\r")
        try await session.awaitOutput(containing: "End of reply.")
        try await session.awaitPrompt(after: "End of reply.")
        let shown = committedLines(session.output)
        let start = try #require(shown.lastIndex { $0.hasPrefix("lyra › **raw** stays as typed") }, "\(shown)")
        let transcript = Array(shown[start...])
        // Your message: after the prompt, the Markdown as you typed it, wrapped under its first column; no box.
        #expect(transcript[1].hasPrefix("       ") && transcript[1].contains("columns"))
        #expect(transcript.allSatisfy { !$0.contains("│") && !$0.contains("╭─ you") && !$0.contains("╰") })
        #expect(Array(transcript[2...].prefix(10)) == [
            "╭─ lyra", "Sure: bold", "across lines here.", "", "1. one", "   ◦ sub", "2. two", "", "  sh", "  echo hi",
        ])
        #expect(transcript.allSatisfy { $0.count <= 60 })
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }

    @Test func aReplyPickedWithAltIsRenderedAsLiveNotBoxed() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let session = try env.startLyraSession([], extraEnvironment: openAIEnvironment(backend), columns: 80, rows: 40)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra ›")
        session.send("one\r")
        try await session.awaitPrompt(after: "tokens")
        session.mark()
        session.send("/regenerate\r")
        try await session.awaitOutput(containing: "tokens")
        try await session.awaitPrompt(after: "tokens")
        session.mark()
        session.send("/alt 1\r")
        try await session.awaitOutput(containing: "answers.")
        try await session.awaitPrompt(after: "answers.")
        let lines = committedLines(session.output)
        let label = try #require(lines.lastIndex(of: "╭─ lyra"), "\(lines)")
        #expect(lines[label + 1].hasPrefix("This is a canned reply from Lyra's demo backend"))
        #expect(lines[label...].allSatisfy { !$0.contains("**") && !$0.contains("│") && $0.count <= 80 })
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }
}
