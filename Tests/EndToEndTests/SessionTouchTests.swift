// A session file touched, copied back or restored while Lyra uses it, or after Lyra was killed,
// loses no message (docs/JOURNAL.md: journal lines name messages by id, not the file's stamp).
import Foundation
import LyraTestSupport
import Testing

@Suite struct SessionTouchTests {
    /// Sets the modification time of every session file to `seconds` from now (`touch -d`).
    private static func touchSessionFiles(_ env: TemporaryEnvironment, seconds: Double) -> Int {
        var touched = 0
        for file in sessionFiles(env) {
            if (try? FileManager.default.setAttributes([.modificationDate: Date() + seconds],
                                                       ofItemAtPath: file.path)) != nil { touched += 1 }
        }
        return touched
    }

    private static func prompts(_ messages: [[String: Any]]) -> [String] {
        messages.filter { $0["role"] as? String == "user" }.compactMap { $0["content"] as? String }
    }

    @Test func touchingTheFileWhileAScriptRunsLosesNoTurn() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let typed = (0..<100).map { "touched turn \($0)" }
        let toucher = Task.detached {
            var touches = 0, step = 0.0
            while !Task.isCancelled {
                step += 1
                touches += Self.touchSessionFiles(env, seconds: step)
                try? await Task.sleep(for: .milliseconds(3))   // pacing, not ordering
            }
            return touches
        }
        let result = try await env.runLyra([], stdin: typed.joined(separator: "\n") + "\n",
                                           extraEnvironment: backend.lyraEnvironment)
        toucher.cancel()
        #expect(await toucher.value > 0)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let messages = try await messagesReadByLyra(env)
        #expect(Self.prompts(messages) == typed)
        #expect(messages.count == 200)
    }

    @Test func aKilledRunThenATouchLosesNoAcknowledgedMessage() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let typed = (0..<400).map { "killed turn \($0)" }
        // Killed mid-script once some replies are shown (waiting for output, not for a time, so a
        // loaded machine only makes the run slower).
        let process = try BackgroundProcess(executable: try LyraBinary.url, input: .open,
                                            environment: env.environment(adding: backend.lyraEnvironment),
                                            timeout: .seconds(180))
        process.write(typed.joined(separator: "\n") + "\n")
        try await process.awaitOutput(containing: demoReply(typed[20]), timeout: .seconds(180))   // a watchdog only
        process.signal(SIGKILL)
        let killed = try await process.result()
        #expect(killed.terminatedBySignal == SIGKILL)
        let shown = killed.stdout
        let acknowledged = typed.filter { shown.contains(demoReply($0)) }
        #expect(Self.touchSessionFiles(env, seconds: 60) == 1)
        let more = try await env.runLyra(["--continue"], stdin: "after the kill\n", extraEnvironment: backend.lyraEnvironment)
        #expect(more.status == 0)
        #expect(Self.touchSessionFiles(env, seconds: 120) == 1)
        let stored = Self.prompts(try await messagesReadByLyra(env))
        #expect(stored.last == "after the kill")
        let before = stored.dropLast()
        #expect(Array(before) == Array(typed.prefix(before.count)))
        #expect(before.count >= acknowledged.count)
    }
}
