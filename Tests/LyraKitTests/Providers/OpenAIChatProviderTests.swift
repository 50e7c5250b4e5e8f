// The OpenAI-compatible provider over a real loopback socket (SPEC §8): the request it sends, the
// stream shapes of real servers, whole JSON answers, and each error shape turned into a clear error.
import Foundation
import Testing
@testable import LyraKit

@Suite struct OpenAIChatProviderTests {
    private func provider(_ server: LoopbackHTTPServer, key: String? = "sk-unit") -> OpenAIChatProvider {
        OpenAIChatProvider(definition: ProviderDefinition(
            name: "work", kind: .openai, baseURL: URL(string: "http://127.0.0.1:\(server.port)/v1/"),
            apiKey: key, apiKeyVariable: "LYRA_API_KEY_WORK"))
    }

    private func request(history: ArraySlice<ChatMessage> = [], system: String? = nil) -> ChatProviderRequest {
        ChatProviderRequest(model: "tiny", system: system, history: history, message: "and now?", conversationID: "c1")
    }

    private func events(_ provider: OpenAIChatProvider, _ request: ChatProviderRequest) async throws -> [ChatStreamEvent] {
        var result: [ChatStreamEvent] = []
        for try await event in provider.streamReply(to: request) { result.append(event) }
        return result
    }

    private static func sse(_ events: [String]) -> Data {
        Data(events.map { "data: \($0)\r\n\r\n" }.joined().utf8)
    }

    private static let eventStream = ["Content-Type": "text/event-stream"]

    @Test func aStreamBecomesTextPiecesThenFinishedWithReasonModelAndUsage() async throws {
        let body = Self.sse([
            #"{"choices": [{"delta": {"role": "assistant"}, "index": 0}], "model": "tiny-q4"}"#,
            #"{"choices":[{"delta":{"content":"Hel"},"index":0}]}"#,
            ": ping - 2026-12-01",
            #"{"choices":[{"delta":{"content":"lo, мир"},"index":0}]}"#,
            #"{"choices":[{"delta":{},"finish_reason":"length","index":0}]}"#,
            #"{"choices":[],"usage":{"prompt_tokens":9,"completion_tokens":4}}"#,
            "[DONE]",
        ]).replacingComment()
        let server = try LoopbackHTTPServer([.respond(status: 200, headers: Self.eventStream, body: body)])
        let history: ArraySlice = [ChatMessage(role: .user, content: "hi", createdAt: Date()),
                       ChatMessage(role: .assistant, content: "hello", createdAt: Date())]
        let result = try await events(provider(server), request(history: history, system: "Be brief."))
        // Pieces that arrive in one read are handed on joined; the text and the end are what count.
        #expect(result.compactMap { if case .text(let piece) = $0 { piece } else { nil } }.joined() == "Hello, мир")
        #expect(result.last == .finished(ChatCompletionInfo(
            finishReason: "length", model: "tiny-q4", usage: TokenUsage(promptTokens: 9, completionTokens: 4))))
        #expect(result.dropLast().allSatisfy { if case .text = $0 { true } else { false } })
        let sent = try #require(server.requests.first)
        #expect(sent.method == "POST" && sent.path == "/v1/chat/completions" && sent.query.isEmpty)
        #expect(sent.headers["authorization"] == "Bearer sk-unit")
        let json = try #require(try JSONSerialization.jsonObject(with: sent.body) as? [String: Any])
        #expect(json["model"] as? String == "tiny" && json["stream"] as? Bool == true)
        #expect((json["stream_options"] as? [String: Any])?["include_usage"] as? Bool == true)
        let messages = try #require(json["messages"] as? [[String: String]])
        #expect(messages == [["role": "system", "content": "Be brief."], ["role": "user", "content": "hi"],
                             ["role": "assistant", "content": "hello"], ["role": "user", "content": "and now?"]])
    }

    @Test func aWholeJSONAnswerIsAcceptedToo() async throws {
        let body = Data(#"{"model":"m","choices":[{"message":{"role":"assistant","content":"Whole."},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":1}}"#.utf8)
        let server = try LoopbackHTTPServer([.respond(status: 200, headers: ["Content-Type": "application/json"], body: body)])
        let result = try await events(provider(server, key: nil), request())
        #expect(result.first == .text("Whole."))
        #expect(server.requests.first?.headers["authorization"] == nil)
    }

    @Test func aStreamWithoutDoneIsCutOffAfterItsText() async throws {
        let body = Self.sse([#"{"choices":[{"delta":{"content":"partial"}}]}"#])
        let server = try LoopbackHTTPServer([.respond(status: 200, headers: Self.eventStream, body: body)])
        var seen: [ChatStreamEvent] = []
        await #expect(throws: ProviderError.streamCutOff(reason: "the stream ended without [DONE]")) {
            for try await event in provider(server).streamReply(to: request()) { seen.append(event) }
        }
        #expect(seen == [.text("partial")])
    }

    @Test func anEmptyStreamSaysWhatLongContextsDoOnSomeServers() async throws {
        let server = try LoopbackHTTPServer([.respond(status: 200, headers: Self.eventStream, body: Data())])
        await #expect(throws: ProviderError.emptyStream) { _ = try await events(provider(server), request()) }
    }

    @Test func anErrorEventEndsTheTurnWithItsMessage() async throws {
        let body = Self.sse([#"{"choices":[{"delta":{"content":"a"}}]}"#, #"{"error":{"message":"model crashed"}}"#])
        let server = try LoopbackHTTPServer([.respond(status: 200, headers: Self.eventStream, body: body)])
        await #expect(throws: ProviderError.streamError(message: "model crashed")) {
            _ = try await events(provider(server), request())
        }
    }

    /// Stopping the stream, by leaving the loop or cancelling the consuming task, stops the transfer
    /// mid-reply: the server sees the client leave before its 120 s watchdog, which comes first when
    /// the transfer goes on (the client's own limits are longer). No wall-clock measure: a busy
    /// test run may delay the consumer, never the server's watchdog.
    @Test(arguments: [false, true])
    func stoppingTheStreamStopsTheTransfer(cancelTask: Bool) async throws {
        let first = Data(("data: " + #"{"choices":[{"delta":{"content":"a"}}]}"# + "\n\n").utf8)
        let server = try LoopbackHTTPServer([.streamThenStall(headers: Self.eventStream, body: first)])
        let provider = OpenAIChatProvider(definition: provider(server).definition,
                                          limits: HTTPStreamLimits(firstByte: 600, idle: 600))
        let request = request()
        let consumer = Task {   // the stream lives in the loop only: leaving the loop drops it
            var seen: [ChatStreamEvent] = []
            for try await event in provider.streamReply(to: request) {
                seen.append(event)
                if !cancelTask { break }
                withUnsafeCurrentTask { $0?.cancel() }
            }
            return seen
        }
        #expect(try await consumer.value == [.text("a")])
        try await server.waitUntilClosed(seconds: 300)
        #expect(server.everyStallEndedByTheClient, "the transfer went on after the stream stopped")
    }

    @Test(arguments: [
        (401, #"{"error":{"message":"Incorrect API key","type":"invalid_request_error"}}"#,
         ProviderError.unauthorized(provider: "work", keyVariable: "LYRA_API_KEY_WORK", message: "Incorrect API key")),
        (401, #"{"detail":"Invalid API key"}"#,
         ProviderError.unauthorized(provider: "work", keyVariable: "LYRA_API_KEY_WORK", message: "Invalid API key")),
        (404, #"{"error":{"message":"The model 'tiny' does not exist","code":"model_not_found"}}"#,
         ProviderError.unknownModel(provider: "work", model: "tiny")),
        (400, #"{"error":"the request exceeds the available context size, try increasing it"}"#,
         ProviderError.contextTooLong(message: "the request exceeds the available context size, try increasing it")),
        (500, #"{"error":"llama runner process has terminated"}"#,
         ProviderError.server(provider: "work", statusCode: 500, message: "llama runner process has terminated")),
    ])
    func errorAnswersOfEveryShapeAreShownClearly(status: Int, body: String, expected: ProviderError) async throws {
        let server = try LoopbackHTTPServer([.respond(status: status, headers: ["Content-Type": "application/json"],
                                                      body: Data(body.utf8))])
        await #expect(throws: expected) { _ = try await events(provider(server), request()) }
    }

    @Test func modelsAreListedFromEitherShape() async throws {
        let server = try LoopbackHTTPServer([
            .respond(status: 200, body: Data(#"{"object":"list","data":[{"id":"a"},{"id":"b"}]}"#.utf8)),
            .respond(status: 200, body: Data(#"{"models":[{"name":"llama3.2:1b"}]}"#.utf8)),
        ])
        #expect(try await provider(server).listModels() == ["a", "b"])
        #expect(try await provider(server).listModels() == ["llama3.2:1b"])
        #expect(server.requests.map(\.path) == ["/v1/models", "/v1/models"])
    }
}

private extension Data {
    /// The body with the `data: : ping` line turned into a real SSE comment line.
    func replacingComment() -> Data {
        Data(String(decoding: self, as: UTF8.self).replacingOccurrences(of: "data: : ping", with: ": ping").utf8)
    }
}
