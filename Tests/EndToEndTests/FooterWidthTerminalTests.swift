// The muted footer after a reply (`model · 35 / 40 context · 32 tokens · …`) on narrow pseudo-terminals
// (issue #32): no committed line is wider than the terminal, and every part of the footer is shown.
import Foundation
import LyraTestSupport
import Testing

@Suite struct FooterWidthTerminalTests {
    /// The transcript without erased live previews (text up to a `\r`, moves up, erase to the end).
    private func committed(_ output: String) -> String {
        output.replacing(/([^\n\r]*)\r(?:\x1B\[1A)*\x1B\[J/.matchingSemantics(.unicodeScalar), with: "")
    }

    @Test(arguments: [40, 60])
    func theNearlyFullFooterFitsTheWidth(columns: Int) async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.configure(BackendTestConfiguration(contextWindow: 40))
        let session = try env.startLyraSession([], extraEnvironment: openAIEnvironment(backend),
                                               columns: columns, rows: 30)
        defer { session.terminate() }
        try await session.awaitOutput(containing: "lyra ›")
        session.mark()
        session.send("hello there\r")
        try await session.awaitOutput(containing: "room")
        // What stays on each row: the text after its last carriage return (spinner frames are redrawn
        // in place); the terminal ends lines with \r\n.
        let lines = committed(session.output).replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map {
            ANSIText.strip(String($0.split(separator: "\r", omittingEmptySubsequences: false).last ?? ""))
        }
        for line in lines { #expect(line.count <= columns, "wider than \(columns) columns: \(line)") }
        let footer = lines.drop { !$0.contains("openai:lyra-demo") }.joined(separator: " ")
        for part in ["35 / 40 context", "32 tokens", "87% full:", "/compact or /new will make"] {
            #expect(footer.contains(part), "\(part) missing from \(footer)")
        }
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }
}
