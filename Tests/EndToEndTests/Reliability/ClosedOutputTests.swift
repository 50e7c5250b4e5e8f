// `lyra … | head -1`: once the reader of stdout is gone, the script stops sending chat turns and
// ends with status 141 (what a shell reports for a program stopped by SIGPIPE).
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
}
