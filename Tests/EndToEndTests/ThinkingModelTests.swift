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
        #expect((reply["reasoning"] as? String)?.hasPrefix("The user asked \"why is the sky blue?\". I should answer") == true,
                "\(reply)")

        let second = try await env.runLyra(["--continue", "--model", "openai:lyra-think", "-c", "and at night?"],
                                           extraEnvironment: environment)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.hasPrefix(Self.answer), "\(second.stdout)")   // `open`: learnt from the first reply
        let bodies = try await backend.control.requests().filter { $0.path == "/v1/chat/completions" }.compactMap(\.bodyText)
        let last = try #require(bodies.last)
        #expect(!last.contains("think>") && !last.contains("I should answer briefly"), "\(last)")
    }

    private static func thinkingEnvironment(_ backend: RunningBackend) -> [String: String] {
        var environment = backend.lyraEnvironment
        environment["OPENAI_BASE_URL"] = backend.url.absoluteString + "/v1"
        environment["OPENAI_API_KEY"] = backend.token
        environment["LYRA_MODEL"] = "openai:lyra-think"
        return environment
    }

    @Test func withReasoningAScriptWritesTheReasoningToStderrOnly() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["--reasoning", "-c", "why?"], extraEnvironment: Self.thinkingEnvironment(backend))
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(Self.answer) && !result.stdout.contains("I should answer"))
        #expect(result.stderr == "The user asked \"why?\". I should answer briefly and say that I am the demo thinking model.\n")
        let quiet = try await env.runLyra(["-c", "why?"], extraEnvironment: Self.thinkingEnvironment(backend))
        #expect(quiet.stderr == "")
    }

    @Test func thinkOffSendsBothFieldsAndDefaultSendsNeither() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        _ = try await env.runLyra(["--think", "off", "-c", "a"], extraEnvironment: Self.thinkingEnvironment(backend))
        _ = try await env.runLyra(["--think", "default", "-c", "b", "-c", "/think high", "-c", "c"],
                                  extraEnvironment: Self.thinkingEnvironment(backend))
        let bodies = try await backend.control.requests().filter { $0.path == "/v1/chat/completions" }.compactMap(\.bodyText)
        let objects = bodies.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.count == 3)
        #expect(objects.first?["reasoning_effort"] as? String == "none")
        #expect((objects.first?["chat_template_kwargs"] as? [String: Any])?["enable_thinking"] as? Bool == false)
        #expect(objects.dropFirst().first.map { $0["reasoning_effort"] == nil && $0["chat_template_kwargs"] == nil } == true)
        #expect(objects.last?["reasoning_effort"] as? String == "high")
        let bad = try await env.runLyra(["--think", "max", "-c", "a"], extraEnvironment: Self.thinkingEnvironment(backend))
        #expect(bad.status == 2)
    }

    /// A REPL on a pseudo-terminal that sent `question` to `lyra-think`, whose reply is held after five
    /// pieces of reasoning; returned once those are counted on screen. Keep `backend` for the whole test.
    private static func replThinking(about question: String) async throws
        -> (env: TemporaryEnvironment, backend: RunningBackend, session: PseudoTerminalSession) {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try await backend.control.injectFault(json: #"{"path": "/v1/chat/completions", "pause_after_words": 5}"#)
        let session = try env.startLyraSession([], extraEnvironment: thinkingEnvironment(backend), columns: 100)
        do {
            try await session.awaitOutput(containing: "lyra ›")
            session.mark()
            session.send(question + "\r")
            _ = try await session.awaitOutput(containing: "5 tokens")
            return (env, backend, session)
        } catch {
            session.terminate()
            throw error
        }
    }

    @Test func aTerminalShowsOneThinkingLineThenTheAnswerOrTheReasoningWhenAsked() async throws {
        let (env, backend, session) = try await Self.replThinking(about: "why is the sky blue?")
        defer { withExtendedLifetime(env) { session.terminate() } }
        #expect(session.plainOutput.contains("thinking…"))
        #expect(!session.plainOutput.contains("I should answer"))
        try await backend.control.release()
        try await session.awaitPrompt(after: "It arrived with")
        #expect(session.plainOutput.contains("thought for"))
        #expect(!session.plainOutput.contains("I should answer"))
        // The answer after it is rendered as Markdown: its bold markers are gone.
        #expect(session.plainOutput.contains("This is the demo thinking model: it thought first"))
        session.send("/think show\r")
        try await session.awaitPrompt(after: "reasoning shown")
        session.send("and at night?\r")
        try await session.awaitPrompt(after: "It arrived with 3")
        #expect(session.plainOutput.contains("I should answer briefly"))
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
    }

    @Test func theReasoningIsSavedApartShownOnRequestAndTheLevelIsSavedInTheSession() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let thought = "The user asked \"why?\". I should answer briefly and say that I am the demo thinking model."
        let result = try await env.runLyra(["-c", "/think low", "-c", "why?", "-c", "/reasoning", "-c", "/sessions export 1"],
                                           extraEnvironment: Self.thinkingEnvironment(backend))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(thought + "\n"))
        #expect(result.stdout.contains("> thinking ("))
        let file = try onlySessionFile(env)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect(object["think"] as? String == "low")
        let messages = try #require(object["messages"] as? [[String: Any]])
        #expect(messages.last?["reasoning"] as? String == thought)
        #expect((messages.last?["content"] as? String)?.hasPrefix(Self.answer) == true)
        let bodies = try await backend.control.requests().filter { $0.path == "/v1/chat/completions" }.compactMap(\.bodyText)
        #expect(bodies.last?.contains(#""reasoning_effort":"low""#) == true)
    }

    @Test func ctrlCWhileThinkingSavesTheReasoningOnAnIncompleteReply() async throws {
        let (env, backend, session) = try await Self.replThinking(about: "why?")
        defer { withExtendedLifetime(backend) { session.terminate() } }
        session.mark()
        session.send(.ctrlC)
        try await session.awaitPrompt(after: "cancelled")
        session.send(.ctrlD)
        #expect(try await session.awaitExit() == 0)
        let messages = try storedMessages(try onlySessionFile(env))
        let reply = try #require(messages.last)
        #expect(reply["role"] as? String == "assistant")
        #expect(reply["incomplete"] as? Bool == true)
        #expect(reply["reasoning"] as? String == "The user asked \"why?\". I")
        #expect(reply["content"] as? String == "")
        #expect(messages.first?["failed"] as? Bool == true)
    }
}
