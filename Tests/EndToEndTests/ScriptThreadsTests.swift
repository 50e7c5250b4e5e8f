// A script runs its session store on the main thread (MainThreadLoop): while a turn waits for its
// reply the process has the network thread but no store thread of its own (`ps -L` shows the
// threads by name), and Ctrl-C still ends it with the prompt saved.
import Foundation
import LyraTestSupport
import Testing

@Suite struct ScriptThreadsTests {
    /// The names of the threads of process `pid` (`/proc/PID/task/*/comm`).
    private func threadNames(of pid: pid_t) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { task in
            (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .newlines)
        }
    }

    @Test func aScriptsTurnWaitsWithoutAStoreThread() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.configure(BackendTestConfiguration(chatDelayMilliseconds: 60_000))
        let process = try BackgroundProcess(executable: try LyraBinary.url, input: .open,
                                            environment: environment.environment(adding: backend.lyraEnvironment),
                                            timeout: .seconds(180))
        process.write("a slow question\n")
        let deadline = ContinuousClock.now.advanced(by: .seconds(180))  // a watchdog only
        while try await backend.control.sentChatMessages() != ["a slow question"] {
            try #require(ContinuousClock.now < deadline, "the question never reached the backend")
            try await Task.sleep(for: .milliseconds(20))
        }
        let names = threadNames(of: process.processIdentifier)
        #expect(names.contains("lyra.curl"), "threads: \(names)")
        #expect(!names.contains("lyra.session-st"), "threads: \(names)")
        process.signal(SIGINT)
        let result = try await process.result()
        #expect(result.status == 130)
        let messages = try storedMessages(try onlySessionFile(environment))
        #expect(messages.map { $0["content"] as? String } == ["a slow question"])
        #expect(messages.map { $0["failed"] as? Bool } == [true])
    }
}
