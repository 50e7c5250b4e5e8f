// The OpenAI-compatible routes without streaming: the model list, the JSON completion, request
// validation in OpenAI's error shape, the bearer token, recording, and the named error faults.

import Foundation
import LyraKit
import Testing
@testable import LyraBackend

/// A conversation with a system prompt, one earlier exchange and a new question.
let demoConversation: [[String: String]] = [
    ["role": "system", "content": "Be brief."],
    ["role": "user", "content": "first"],
    ["role": "assistant", "content": "reply"],
    ["role": "user", "content": "What is  the\nweather?"],
]

let demoConversationReply = "This is a **canned** reply from Lyra's demo backend, not a real model. "
    + "You asked: \"What is the weather?\". It arrived with 4 messages: a system prompt, 2 earlier messages "
    + "and yours. Pick a real model with /model for real answers."

extension RunningBackend {
    /// Queues faults through `POST /_test/faults`.
    func queueFaults(_ faults: [[String: Any]], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let response = try await send("POST", "/_test/faults", appQuery: false, json: faults)
        try #require(response.status == 200, "\(response.text)", sourceLocation: sourceLocation)
    }

    /// `POST /v1/chat/completions` with a JSON body (no app query).
    func chat(_ body: [String: Any], headers: [String: String] = [:]) async throws -> TestResponse {
        try await send("POST", "/v1/chat/completions", appQuery: false, json: body, headers: headers)
    }
}

/// The `error` object of an OpenAI-shaped error body.
func openAIError(_ response: TestResponse) -> [String: Any] {
    response.object["error"] as? [String: Any] ?? [:]
}

@Suite struct OpenAIRouteTests {
    @Test func modelListNamesTheDemoModel() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let response = try await server.send("GET", "/v1/models", appQuery: false)
        #expect(response.status == 200)
        #expect(response.text == #"{"object":"list","data":[{"id":"lyra-demo","object":"model","owned_by":"lyra"},{"id":"lyra-think","object":"model","owned_by":"lyra"},{"id":"lyra-tools","object":"model","owned_by":"lyra"}]}"#)
        #expect(try JSONDecoder().decode(OpenAIModelListDTO.self, from: response.body).ids == ["lyra-demo", "lyra-think", "lyra-tools"])
    }

    @Test func completionWithoutStreamIsOneJSONObjectWithUsage() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let response = try await server.chat(["model": "lyra-demo", "messages": demoConversation])
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.object["object"] as? String == "chat.completion")
        let completion = try JSONDecoder().decode(OpenAIChatCompletionDTO.self, from: response.body)
        #expect(completion.content == demoConversationReply)
        #expect(completion.finishReason == "stop")
        #expect(completion.model == "lyra-demo")
        #expect(completion.usage?.completionTokens == DemoChatReply.pieces(of: demoConversationReply).count)
        #expect((completion.usage?.promptTokens ?? 0) > 0)
    }

    @Test func theSameConversationGetsTheSameReply() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let first = try await server.chat(["model": "lyra-demo", "messages": demoConversation])
        let second = try await server.chat(["model": "lyra-demo", "messages": demoConversation, "stream": false])
        #expect(openAIContent(first) == openAIContent(second))
    }

    @Test(arguments: [
        ("not json", "parse the JSON body"),
        (#"{"model": "lyra-demo"}"#, "'messages' is required"),
        (#"{"model": "lyra-demo", "messages": []}"#, "non-empty array"),
        (#"{"messages": [{"role": "user", "content": "hi"}]}"#, "model parameter"),
        (#"{"model": "lyra-demo", "messages": [{"content": "hi"}]}"#, "messages[0].role"),
        (#"{"model": "lyra-demo", "messages": [{"role": "user", "content": 5}]}"#, "messages[0].content"),
    ])
    func badRequestsGet400InOpenAIShape(_ body: String, _ expected: String) async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let response = try await server.send(
            "POST", "/v1/chat/completions", appQuery: false, body: Data(body.utf8),
            headers: ["Content-Type": "application/json"])
        #expect(response.status == 400)
        #expect((openAIError(response)["message"] as? String)?.contains(expected) == true, "\(response.text)")
        #expect(openAIError(response)["type"] as? String == "invalid_request_error")
        #expect(OpenAIErrorBodyDTO.message(from: response.body)?.contains(expected) == true)
    }

    @Test func unknownModelGets404ModelNotFound() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let response = try await server.chat(["model": "gpt-9", "messages": [["role": "user", "content": "hi"]]])
        #expect(response.status == 404)
        #expect(response.text
            == #"{"error":{"message":"The model 'gpt-9' does not exist","type":"invalid_request_error","param":null,"code":"model_not_found"}}"#)
    }

    @Test func contentPartsAndANullAssistantContentAreAccepted() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let messages: [[String: Any]] = [
            ["role": "assistant", "content": NSNull()],
            ["role": "user", "content": [["type": "text", "text": "look at"], ["type": "text", "text": "this"]]],
        ]
        let response = try await server.chat(["model": "lyra-demo", "messages": messages])
        #expect(response.status == 200)
        #expect(openAIContent(response)?.contains("You asked: \"look at this\".") == true)
        #expect(openAIContent(response)?.contains("2 messages: 1 earlier message and yours.") == true)
    }

    @Test func requiredTokenIsCheckedWithAnOpenAIShaped401() async throws {
        let server = try RunningBackend(LocalBackendOptions(requiredToken: "sk-test"))
        defer { server.stop() }
        let body: [String: Any] = ["model": "lyra-demo", "messages": [["role": "user", "content": "hi"]]]
        let missing = try await server.chat(body)
        #expect(missing.status == 401)
        #expect(openAIError(missing)["code"] as? String == "invalid_api_key")
        let models = try await server.send("GET", "/v1/models", appQuery: false, headers: ["Authorization": "Bearer nope"])
        #expect(models.status == 401)
        let good = try await server.chat(body, headers: ["Authorization": "Bearer sk-test"])
        #expect(good.status == 200)
    }

    @Test func theRequestBodyIsRecordedAsSent() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        _ = try await server.chat(["model": "lyra-demo", "messages": demoConversation, "stream": false])
        let recorded = try #require(try await server.recordedRequests().last)
        #expect(recorded["path"] as? String == "/v1/chat/completions")
        let text = try #require(recorded["body_text"] as? String)
        let sent = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(sent["messages"] as? [[String: String]] == demoConversation)
    }

    @Test(arguments: [
        ("unauthorized", 401, "Incorrect API key"),
        ("context_length", 400, "context length"),
        ("model_not_found", 404, "does not exist"),
        ("server", 500, "server had an error"),
        ("ollama", 500, "model runner has unexpectedly stopped"),
        ("detail", 401, "Invalid API key"),
    ])
    func namedErrorFaultsAnswerInTheirShape(_ kind: String, _ status: Int, _ message: String) async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        try await server.queueFaults([["path": "/v1/chat/completions", "openai_error": kind]])
        let response = try await server.chat(["model": "lyra-demo", "messages": [["role": "user", "content": "hi"]]])
        #expect(response.status == status)
        #expect(OpenAIErrorBodyDTO.message(from: response.body)?.contains(message) == true, "\(response.text)")
        switch kind {
        case "ollama": #expect(response.object["error"] is String)
        case "detail": #expect(response.object["detail"] is String)
        default: #expect(openAIError(response)["message"] is String)
        }
        let next = try await server.chat(["model": "lyra-demo", "messages": [["role": "user", "content": "hi"]]])
        #expect(next.status == 200)
    }

    @Test func errorFaultStatusAndMessageCanBeChosen() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        try await server.queueFaults([["path": "/v1/", "openai_error": "ollama", "status": 404,
                                       "message": "model \"x\" not found, try pulling it first"]])
        let response = try await server.send("GET", "/v1/models", appQuery: false)
        #expect(response.status == 404)
        #expect(response.text == #"{"error":"model \"x\" not found, try pulling it first"}"#)
    }

    @Test(arguments: [
        #"{"path": "/v1", "openai_error": "teapot"}"#,
        #"{"path": "/v1", "chunk_delay_ms": -1}"#,
        #"{"path": "/v1", "chunk_delay_ms": 999999}"#,
        #"{"path": "/v1", "close_after_words": "x"}"#,
        #"{"path": "/v1", "finish_reason": 3}"#,
    ])
    func invalidChatFaultsAreRefused(_ fault: String) async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let response = try await server.send(
            "POST", "/_test/faults", appQuery: false, body: Data(fault.utf8), headers: ["Content-Type": "application/json"])
        #expect(response.status == 422)
        #expect(response.detail?.contains("fault '") == true)
    }

    @Test func holdWaitsForReleaseBeforeTheFirstByte() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        try await server.queueFaults([["path": "/v1/chat/completions", "hold": true]])
        let answer = Task {
            try await server.chat(["model": "lyra-demo", "messages": [["role": "user", "content": "hi"]]])
        }
        try await waitUntilHeld(server, count: 1)
        let release = try await server.send("POST", "/_test/release", appQuery: false)
        #expect(release.object["released"] as? Int == 1)
        #expect(try await answer.value.status == 200)
    }

    @Test func resetLetsHeldResponsesGo() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        try await server.queueFaults([["path": "/v1/models", "hold": true]])
        let answer = Task { try await server.send("GET", "/v1/models", appQuery: false) }
        try await waitUntilHeld(server, count: 1)
        _ = try await server.send("POST", "/_test/reset", appQuery: false)
        #expect(try await answer.value.status == 200)
        let held = try await server.send("GET", "/_test/held", appQuery: false)
        #expect(held.object["held"] as? Int == 0)
    }
}

/// The content of a non-streamed completion.
func openAIContent(_ response: TestResponse) -> String? {
    (try? JSONDecoder().decode(OpenAIChatCompletionDTO.self, from: response.body))?.content
}

/// Waits (a 50 s watchdog, under the backend's own 60 s limit on holding) until `count`
/// responses are held by a `hold` or `pause_after_words` fault.
func waitUntilHeld(_ server: RunningBackend, count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let deadline = Date().addingTimeInterval(50)
    repeat {
        let held = try await server.send("GET", "/_test/held", appQuery: false)
        if held.object["held"] as? Int == count { return }
        try await Task.sleep(for: .milliseconds(5))
    } while Date() < deadline
    let held = try await server.send("GET", "/_test/held", appQuery: false)  // once more after a stall
    if held.object["held"] as? Int == count { return }
    Issue.record("\(count) responses were not held within 50 s", sourceLocation: sourceLocation)
}
