// Thinking models end to end (SPEC §11), against the local backend's `lyra-think` in each wire form:
// a script's stdout is exactly the answer, the saved reply has tag-free content, and the next
// request carries neither the reasoning nor the tags.
import Foundation
import LyraTestSupport
import Testing

@Suite struct ThinkingModelTests {
    static let answer = "This is the **demo thinking model**: it thought first, then answered."

    @Test(arguments: ["reasoning_content", "reasoning", "tags", "split", "open"])
    func eachWireFormGivesTheAnswerAloneAndSendsNoReasoningBack(form: String) async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.configure(BackendTestConfiguration(thinkForm: form))
        var environment = backend.lyraEnvironment
        environment["OPENAI_BASE_URL"] = backend.url.absoluteString + "/v1"
        environment["OPENAI_API_KEY"] = backend.token
        let first = try await env.runLyra(["--model", "openai:lyra-think", "-c", "why is the sky blue?"],
                                          extraEnvironment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        if form != "open" {
            // A lone </think> can only be recognised when it arrives: the first reply's stdout is
            // exact for every form that opens its block (SPEC §11).
            #expect(first.stdout.hasPrefix(Self.answer), "\(first.stdout)")
            #expect(!first.stdout.contains("<think") && !first.stdout.contains("I should answer"))
        }
        let messages = try storedMessages(try onlySessionFile(env))
        let reply = try #require(messages.last { $0["role"] as? String == "assistant" })
        #expect((reply["content"] as? String)?.hasPrefix(Self.answer) == true, "\(reply)")
        #expect((reply["content"] as? String)?.contains("<") == false)

        let second = try await env.runLyra(["--continue", "--model", "openai:lyra-think", "-c", "and at night?"],
                                           extraEnvironment: environment)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.hasPrefix(Self.answer), "\(second.stdout)")   // `open`: learnt from the first reply
        let bodies = try await backend.control.requests().filter { $0.path == "/v1/chat/completions" }.compactMap(\.bodyText)
        let last = try #require(bodies.last)
        #expect(!last.contains("think>") && !last.contains("I should answer briefly"), "\(last)")
    }
}
