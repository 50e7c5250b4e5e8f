// `lyra PROMPT…` against the local backend: the reply printed as in a script, piped standard input
// sent after the prompt and a blank line (the recorded request body), `--`, -c leaving stdin alone,
// and clear errors for input that is too large or not text.
import Foundation
import LyraTestSupport
import Testing

/// The chat messages the backend received, in order.
func sentMessages(_ backend: RunningBackend) async throws -> [String] {
    try await backend.control.requests().filter { $0.method == "POST" && $0.path.hasPrefix("/dola/chats/") }
        .compactMap(\.bodyText)
        .map { try JSONDecoder().decode([String: String].self, from: Data($0.utf8))["message"] ?? "" }
}

@Suite struct OneShotTests {
    @Test func promptWordsAreOneMessageAndTheReplyIsPrinted() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["-q", "what", "is", "rust"], extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == demoReply("what is rust") + "\n")
        #expect(try await sentMessages(backend) == ["what is rust"])
        #expect(try storedMessages(try onlySessionFile(env)).count == 2)
    }

    @Test func pipedInputFollowsThePromptAfterABlankLine() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["summarise this"], stdin: "# Notes\nline two",
                                           extraEnvironment: backend.lyraEnvironment)
        #expect(result.status == 0)
        #expect(try await sentMessages(backend) == ["summarise this\n\n# Notes\nline two"])
        #expect(result.stdout == demoReply("summarise this\n\n# Notes\nline two") + "\n")
    }

    @Test func everythingAfterDoubleDashIsThePromptAndDashCNeverReadsStdin() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let dashed = try await env.runLyra(["--", "-c"], extraEnvironment: backend.lyraEnvironment)
        #expect(dashed.status == 0)
        let lines = try await env.runLyra(["-c", "summarize"], stdin: "the file", extraEnvironment: backend.lyraEnvironment)
        #expect(lines.status == 0)
        // A PROMPT is always a message, even when it looks like a command.
        let slash = try await env.runLyra(["/help"], extraEnvironment: backend.lyraEnvironment)
        #expect(slash.status == 0)
        #expect(try await sentMessages(backend) == ["-c", "summarize", "/help"])
        let unknown = try await env.runLyra(["--bogus", "x"], extraEnvironment: backend.lyraEnvironment)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("lyra: unknown option '--bogus'"))
    }

    @Test func tooLargeOrBinaryInputIsRefusedAndNothingIsSent() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let large = try await env.runLyra(["summarise"], stdinData: Data(repeating: 0x61, count: (16 << 20) + 1),
                                          extraEnvironment: backend.lyraEnvironment)
        #expect(large.status == 1)
        #expect(large.stderr == "lyra: cannot attach standard input: larger than 16 MiB\n")
        let binary = try await env.runLyra(["summarise"], stdinData: Data([0x61, 0xC3, 0x28, 0x00]),
                                           extraEnvironment: backend.lyraEnvironment)
        #expect(binary.status == 1)
        #expect(binary.stderr == "lyra: cannot attach standard input: not UTF-8 text (binary?)\n")
        #expect(try await sentMessages(backend).isEmpty)
        #expect(sessionFiles(env).isEmpty)
    }
}
