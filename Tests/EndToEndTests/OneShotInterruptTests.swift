// Ctrl-C while a one-shot PROMPT's or a script line's reply streams (SPEC §8): as in the REPL, the
// text received so far is saved as an incomplete reply (the user message stays failed, so /retry
// sends it again), and Lyra exits 130.
import Foundation
import LyraTestSupport
import Testing

@Suite struct OneShotInterruptTests {
    @Test(arguments: [["tell me about Kyoto"], ["-c", "tell me about Kyoto"]])
    func ctrlCMidReplySavesThePartialReplyAndExits130(arguments: [String]) async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.injectFault(json: #"{"path": "/v1/chat/completions", "pause_after_words": 5}"#)
        let process = try BackgroundProcess(executable: try LyraBinary.url, arguments: arguments,
                                            environment: env.environment(adding: openAIEnvironment(backend)),
                                            timeout: .seconds(180))
        try await process.awaitOutput(containing: "This is a **canned** reply")
        process.signal(SIGINT)
        let result = try await process.result()
        #expect(result.terminatedBySignal == nil)
        #expect(result.status == 130)
        #expect(!result.stderr.contains("line 0"))
        let messages = try storedMessages(try onlySessionFile(env))
        #expect(messages.count == 2)
        #expect(messages.first?["failed"] as? Bool == true)
        #expect(messages.last?["incomplete"] as? Bool == true)
        let partial = messages.last?["content"] as? String
        #expect(partial?.hasPrefix("This is a **canned** reply") == true)
    }
}
