// Chat with an OpenAI-compatible provider from scripts (SPEC §8), the built binary against
// LyraBackend's /v1 routes: the exact bytes on stdout, what each request carried, what the session
// file holds, every error shape, /model, /system, cut-off streams and /retry, /improve on a model.
import Foundation
import LyraTestSupport
import Testing

/// The demo model's canned answer (LyraBackend's `lyra-demo`), written out so that a change in
/// what the server says is noticed.
func cannedReply(_ question: String, history: String) -> String {
    "This is a **canned** reply from Lyra's demo backend, not a real model. You asked: \"\(question)\". "
        + "It arrived with \(history). Pick a real model with /model for real answers."
}

/// Settings that point the `openai` provider at `backend` (its token as the API key) and choose the demo model.
func openAIEnvironment(_ backend: RunningBackend) -> [String: String] {
    ["OPENAI_BASE_URL": backend.url.absoluteString + "/v1", "OPENAI_API_KEY": backend.token,
     "LYRA_MODEL": "openai:lyra-demo"]
}

@Suite struct ProviderScriptTests {
    @Test func twoTurnsPrintExactlyTheRepliesAndTheSecondCarriesSystemAndHistory() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["--system", "Be brief."], stdin: "hello\nпривет 👋\n",
                                           extraEnvironment: openAIEnvironment(backend))
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == cannedReply("hello", history: "2 messages: a system prompt and yours") + "\n"
            + cannedReply("привет 👋", history: "4 messages: a system prompt, 2 earlier messages and yours") + "\n")

        let posts = try await backend.control.requests().filter { $0.path == "/v1/chat/completions" }
        #expect(posts.count == 2)
        // The backend answers 401 without the token and records it masked.
        #expect(posts.allSatisfy { $0.query.isEmpty && $0.header("Authorization") == "Bearer ••••" })
        let body = try #require(posts.last?.bodyText)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        #expect(json["model"] as? String == "lyra-demo" && json["stream"] as? Bool == true)
        let messages = try #require(json["messages"] as? [[String: String]])
        #expect(messages.map { $0["role"] ?? "" } == ["system", "user", "assistant", "user"])
        #expect(messages.map { $0["content"] ?? "" } == ["Be brief.", "hello",
            cannedReply("hello", history: "2 messages: a system prompt and yours"), "привет 👋"])

        let file = try onlySessionFile(env)
        let session = try storedSession(file)
        #expect(session["system"] as? String == "Be brief.")
        #expect(session["model"] as? String == "openai:lyra-demo")
        let reply = try #require(try storedMessages(file).last)
        #expect(reply["model"] as? String == "openai:lyra-demo")
        #expect(reply["finishReason"] as? String == "stop")
        let usage = try #require(reply["usage"] as? [String: Int])
        #expect((usage["completionTokens"] ?? 0) > 0 && (usage["promptTokens"] ?? 0) > 0)
        #expect(reply["incomplete"] == nil)
    }

    @Test func errorsOfEachShapeSayWhatToDo() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let environment = openAIEnvironment(backend)
        var wrongKey = environment
        wrongKey["OPENAI_API_KEY"] = "sk-wrong"
        let unauthorized = try await env.runLyra(["-c", "hi"], extraEnvironment: wrongKey)
        #expect(unauthorized.status == 1)
        #expect(unauthorized.stderr.contains("check the API key in OPENAI_API_KEY"))
        #expect(!unauthorized.stderr.contains("sk-wrong"))

        try await backend.control.injectFault(json: #"{"path": "/v1/chat/completions", "openai_error": "context_length"}"#)
        let long = try await env.runLyra(["-c", "hi"], extraEnvironment: environment)
        #expect(long.status == 1)
        #expect(long.stderr.contains("/new") && long.stderr.contains("contextMessages"))

        try await backend.control.injectFault(json: #"{"path": "/v1/chat/completions", "openai_error": "ollama", "status": 500, "message": "llama runner crashed"}"#)
        let ollama = try await env.runLyra(["-c", "hi"], extraEnvironment: environment)
        #expect(ollama.stderr == "lyra: line 1: openai error 500: llama runner crashed\n")

        var unknown = environment
        unknown["LYRA_MODEL"] = "openai:no-such-model"
        let missing = try await env.runLyra(["-c", "hi"], extraEnvironment: unknown)
        #expect(missing.stderr.contains("unknown model 'no-such-model' on openai"))
    }

    @Test func aStreamCutOffIsSavedIncompleteAndRetryReplacesIt() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let environment = openAIEnvironment(backend)
        try await backend.control.injectFault(json: #"{"path": "/v1/chat/completions", "close_after_words": 4}"#)
        let cut = try await env.runLyra(["-c", "tell me"], extraEnvironment: environment)
        #expect(cut.status == 1)
        #expect(cut.stdout == "This is a **canned**\n")
        #expect(cut.stderr.hasPrefix("lyra: line 1: the reply was cut off: "))
        var messages = try storedMessages(try onlySessionFile(env))
        #expect(messages.map { $0["failed"] as? Bool } == [true, nil])
        #expect(messages.last?["incomplete"] as? Bool == true)
        #expect(messages.last?["content"] as? String == "This is a **canned**")

        let retried = try await env.runLyra(["--continue", "-c", "/retry"], extraEnvironment: environment)
        #expect(retried.status == 0)
        #expect(retried.stdout == cannedReply("tell me", history: "1 message: yours") + "\n")
        messages = try storedMessages(try onlySessionFile(env))
        #expect(messages.count == 2)
        #expect(messages.map { $0["failed"] as? Bool } == [false, nil])
        #expect(messages.last?["incomplete"] == nil)
    }

    @Test func modelListsSwitchesAndRefusesUnknownModels() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        var environment = openAIEnvironment(backend)
        environment["LYRA_MODEL"] = nil
        environment.merge(backend.lyraEnvironment) { current, _ in current }
        let result = try await env.runLyra(
            ["-c", "/model", "-c", "/model openai:lyra-demo", "-c", "/model --json", "-c", "/model openai:nope"],
            extraEnvironment: environment)
        #expect(result.status == 1)
        // Switching prints nothing in a script; the listing is the current model, marked.
        let lines = result.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 2)
        #expect(lines[0] == "* app")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(json["model"] as? String == "openai:lyra-demo")
        #expect(json["models"] as? [String] == ["openai:lyra-demo", "openai:lyra-think", "openai:lyra-tools"])
        #expect(result.stderr == "lyra: line 4: unknown model 'nope' on openai: list the models with /model\n")
    }

    @Test func withoutAnyConfigurationChatExplainsAndExitsTwo() async throws {
        let env = try TemporaryEnvironment()
        let result = try await env.runLyra(["-c", "hi"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--model PROVIDER:MODEL"))
        #expect(sessionFiles(env).isEmpty)
    }

    @Test func improveOnAModelSendsTheModesInstruction() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        let result = try await env.runLyra(["-c", "/improve --translate de good morning"],
                                           extraEnvironment: openAIEnvironment(backend))
        #expect(result.status == 0)
        #expect(result.stdout == cannedReply("good morning", history: "2 messages: a system prompt and yours") + "\n")
        let post = try #require(try await backend.control.requests().last { $0.path == "/v1/chat/completions" })
        let json = try #require(try JSONSerialization.jsonObject(with: Data((post.bodyText ?? "").utf8)) as? [String: Any])
        let messages = try #require(json["messages"] as? [[String: String]])
        #expect(messages.first?["content"]?.contains("Translate the user's text into de.") == true)
        #expect(messages.last?["content"] == "good morning")
        #expect(sessionFiles(env).isEmpty)
    }

    @Test func systemPromptsFromRolesAndTheAppBackendHasNone() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend()
        try FileManager.default.createDirectory(at: env.configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"roles": {"pirate": "Talk like a pirate."}}"#.utf8).write(to: env.configFile)
        let result = try await env.runLyra(["-c", "/system --role pirate", "-c", "/system", "-c", "ahoy"],
                                           extraEnvironment: openAIEnvironment(backend))
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Talk like a pirate.\n"))
        #expect(try storedSession(try onlySessionFile(env))["system"] as? String == "Talk like a pirate.")
        let app = try await env.runLyra(["-c", "/system be nice"], extraEnvironment: backend.lyraEnvironment)
        #expect(app.status == 1)
        #expect(app.stderr.contains("the app backend takes no system prompt"))
    }
}
