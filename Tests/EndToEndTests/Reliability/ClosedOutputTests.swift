// `lyra … | head -1`: once the reader of stdout is gone, the script stops sending chat turns and
// ends with status 141 (what a shell reports for a program stopped by SIGPIPE); a reply streaming
// when the reader leaves is cancelled, and its transfer ends at once (issue 33).
import Foundation
import LyraTestSupport
import Testing

@Suite struct ClosedOutputTests {
    @Test func aClosedStdoutEndsTheScriptWithStatus141() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let lines = (1...8).map { "message \($0)" }.joined(separator: "\n") + "\n"
        let result = try await runProcess(
            executable: URL(fileURLWithPath: "/bin/bash"),
            arguments: ["-c", "\"$0\" | head -1; echo \"lyra status ${PIPESTATUS[0]}\" >&2", try LyraBinary.url.path],
            stdinData: Data(lines.utf8), environment: environment.environment(adding: backend.lyraEnvironment),
            workingDirectory: environment.workDirectory)
        #expect(result.stderr.hasSuffix("lyra status 141\n"))
        #expect(result.stdout.split(separator: "\n").count == 1)
        let posts = try await backend.control.requests().filter { $0.method == "POST" }
        #expect(posts.count <= 2, "chat turns sent after stdout closed: \(posts.count)")
    }

    /// A streamed reply of `words` pieces, one event per chunk, `interval` ms apart (the local
    /// backend's `chunks` fault, whose send times tell how far the server got).
    private static func slowStream(words: Int, interval: Int) throws -> String {
        var chunks = [#"data: {"choices":[{"delta":{"role":"assistant"}}]}"# + "\n\n"]
        chunks += (1...words).map { #"data: {"choices":[{"delta":{"content":" word\#($0)"}}]}"# + "\n\n" }
        chunks.append("data: [DONE]\n\n")
        let fault: [String: Any] = ["path": "/v1/chat/completions", "status": 200, "chunk_interval_ms": interval,
                                    "headers": ["Content-Type": "text/event-stream"], "chunks": chunks]
        return String(decoding: try JSONSerialization.data(withJSONObject: fault), as: UTF8.self)
    }

    @Test(arguments: [["-c", "hello"], ["hello"]])
    func aReaderThatLeavesMidReplyEndsTheTransferAtOnce(arguments: [String]) async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let words = 300
        try await backend.control.injectFault(json: try Self.slowStream(words: words, interval: 50))
        let result = try await runProcess(
            executable: URL(fileURLWithPath: "/bin/bash"),
            arguments: ["-c", "\"$0\" \"$@\" | head -c 20; echo \"lyra status ${PIPESTATUS[0]}\" >&2",
                        try LyraBinary.url.path] + arguments,
            environment: environment.environment(adding: openAIEnvironment(backend)),
            workingDirectory: environment.workDirectory)
        #expect(result.stdout == " word1 word2 word3 w")
        #expect(result.stderr == "lyra status 141\n")
        // The server's view: it was still sending when Lyra went (it would have sent every piece,
        // 15 s of them, had Lyra read the stream to its end).
        let sent = try await backend.control.chunkSendTimes().count
        #expect(sent < words, "the server sent \(sent) of \(words + 2) chunks")
    }
}
