// Ctrl-C in script mode ends lyra with status 130 (SPEC §1), and each line's output arrives as soon
// as the line is done (a program driving lyra through pipes is not left waiting); a turn Ctrl-C cuts
// short keeps its prompt saved, marked failed.
import Foundation
import LyraTestSupport
import Testing

@Suite struct ScriptInterruptTests {
    @Test func sigintWhileReadingAScriptExits130() async throws {
        let environment = try TemporaryEnvironment()
        let process = try BackgroundProcess(executable: try LyraBinary.url, input: .open,
                                            environment: environment.environment, timeout: .seconds(180))
        // stdin stays open: the answer can only arrive because lyra flushed it after the line.
        process.write("/help quit\n")
        try await process.awaitOutput(containing: "leave Lyra", timeout: .seconds(180))  // a watchdog only
        process.signal(SIGINT)
        let result = try await process.result()
        #expect(result.terminatedBySignal == nil)
        #expect(result.status == 130)
    }

    @Test func sigintDuringASlowReplyInAScriptCancelsTheTurnAndExits130() async throws {
        let environment = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.configure(BackendTestConfiguration(chatDelayMilliseconds: 60_000))
        let process = try BackgroundProcess(executable: try LyraBinary.url, arguments: ["-c", "a slow question", "-c", "never sent"],
                                            environment: environment.environment(adding: backend.lyraEnvironment),
                                            timeout: .seconds(180))
        let deadline = ContinuousClock.now.advanced(by: .seconds(180))  // a watchdog only
        while try await backend.control.sentChatMessages() != ["a slow question"] {
            try #require(ContinuousClock.now < deadline, "the question never reached the backend")
            try await Task.sleep(for: .milliseconds(20))
        }
        process.signal(SIGINT)
        // Had the reply arrived instead, lyra would have sent the second line and exited 0.
        let result = try await process.result()
        #expect(result.terminatedBySignal == nil)
        #expect(result.status == 130)
        let messages = try storedMessages(try onlySessionFile(environment))
        #expect(messages.map { $0["content"] as? String } == ["a slow question"])
        #expect(messages.map { $0["failed"] as? Bool } == [true])
        #expect(try await backend.control.sentChatMessages() == ["a slow question"])
    }

    @Test func sigintDuringASlowReplyToAStdinScriptExits130WithThePromptSaved() async throws {
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
        process.signal(SIGINT)
        let result = try await process.result()
        #expect(result.terminatedBySignal == nil)
        #expect(result.status == 130)
        let messages = try storedMessages(try onlySessionFile(environment))
        #expect(messages.map { $0["content"] as? String } == ["a slow question"])
        #expect(messages.map { $0["failed"] as? Bool } == [true])
    }
}
