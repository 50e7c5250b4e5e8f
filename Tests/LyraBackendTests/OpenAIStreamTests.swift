// The streamed chat completion over a real socket, read chunk by chunk and parsed back with the
// client's own SSE parser: the event sequence, one event per chunk as it is produced, and each fault.

import Foundation
import LyraKit
import Testing
@testable import LyraBackend

/// A streamed request of `demoConversation` that asks for usage.
private var streamBody: [String: Any] {
    ["model": "lyra-demo", "messages": demoConversation, "stream": true, "stream_options": ["include_usage": true]]
}

private let demoPieces = DemoChatReply.pieces(of: demoConversationReply)

@Suite struct OpenAIStreamTests {
    @Test func aStreamIsRoleThenOneEventPerWordThenFinishUsageAndDone() throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let stream = try OpenAIStreamClient(port: server.port, body: streamBody)
        #expect(stream.status == 200)
        #expect(stream.headers["content-type"] == "text/event-stream")
        #expect(stream.headers["transfer-encoding"] == "chunked")
        let (events, terminated) = try stream.readAll()
        #expect(terminated)
        #expect(events.last == ServerSentEvent(data: "[DONE]"))
        let chunks = try OpenAIStreamClient.chunks(events)
        #expect(chunks.first == OpenAIChatChunkDTO(model: "lyra-demo", role: "assistant"))
        #expect(chunks.compactMap(\.content) == demoPieces)
        #expect(try OpenAIStreamClient.text(events) == demoConversationReply)
        #expect(chunks.compactMap(\.finishReason) == ["stop"])
        #expect(chunks.last?.usage?.completionTokens == demoPieces.count)
        #expect(chunks.count == demoPieces.count + 3)
    }

    @Test func withoutIncludeUsageThereIsNoUsageEvent() throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let stream = try OpenAIStreamClient(port: server.port, body: ["model": "lyra-demo", "messages": demoConversation, "stream": true])
        let chunks = try OpenAIStreamClient.chunks(stream.readAll().events)
        #expect(chunks.allSatisfy { $0.usage == nil })
        #expect(chunks.last?.finishReason == "stop")
    }

    @Test func eventsLeaveOneByOneAsTheyAreProduced() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        try await server.queueFaults([["path": "/v1/chat/completions", "pause_after_words": 3]])
        let stream = try OpenAIStreamClient(port: server.port, body: streamBody)
        // Each chunk carries exactly one event, and the first four arrive while the server is paused.
        var early: [ServerSentEvent] = []
        for _ in 0..<4 {
            let events = try #require(try stream.nextEvents())
            #expect(events.count == 1)
            early += events
        }
        try await waitUntilHeld(server, count: 1)
        #expect(try OpenAIStreamClient.text(early) == demoPieces.prefix(3).joined())
        _ = try await server.send("POST", "/_test/release", appQuery: false)
        let (rest, terminated) = try stream.readAll()
        #expect(terminated)
        #expect(try OpenAIStreamClient.text(early + rest) == demoConversationReply)
        #expect(rest.last == ServerSentEvent(data: "[DONE]"))
    }

    @Test func chunkDelaySpacesTheEvents() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        try await server.queueFaults([["path": "/v1/chat/completions", "chunk_delay_ms": 20]])
        let stream = try OpenAIStreamClient(port: server.port, body: streamBody)
        let first = try #require(try stream.nextEvents())
        let start = Date()
        let (rest, terminated) = try stream.readAll()
        // After the role event come the words, finish, usage and [DONE], each 20 ms after the last.
        #expect(Date().timeIntervalSince(start) >= Double(demoPieces.count + 3) * 0.020 * 0.95)
        #expect(terminated && first.count == 1)
        #expect(try OpenAIStreamClient.text(rest) == demoConversationReply)
    }

    @Test func anErrorEventMidStreamEndsTheBodyWithoutDone() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        try await server.queueFaults([["path": "/v1/chat/completions", "error_after_words": 2, "error_message": "GPU on fire"]])
        let (events, terminated) = try OpenAIStreamClient(port: server.port, body: streamBody).readAll()
        #expect(terminated)
        let chunks = try OpenAIStreamClient.chunks(events)
        #expect(chunks.compactMap(\.content) == Array(demoPieces.prefix(2)))
        #expect(chunks.last?.error?.message == "GPU on fire")
        #expect(events.last?.data == #"{"error":{"message":"GPU on fire","type":"server_error","param":null,"code":null}}"#)
        #expect(!events.contains { $0.data == "[DONE]" })
    }

    @Test func closeAfterWordsDropsTheConnectionMidBody() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        try await server.queueFaults([["path": "/v1/chat/completions", "close_after_words": 4]])
        let stream = try OpenAIStreamClient(port: server.port, body: streamBody)
        let (events, terminated) = try stream.readAll()
        #expect(!terminated)
        #expect(try OpenAIStreamClient.text(events) == demoPieces.prefix(4).joined())
        #expect(stream.client.peerClosed())
    }

    @Test func endAfterWordsEndsTheBodyCleanlyWithoutFinishOrDone() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        try await server.queueFaults([["path": "/v1/chat/completions", "end_after_words": 0]])
        let (events, terminated) = try OpenAIStreamClient(port: server.port, body: streamBody).readAll()
        #expect(terminated)
        #expect(try OpenAIStreamClient.chunks(events) == [OpenAIChatChunkDTO(model: "lyra-demo", role: "assistant")])
    }

    @Test func finishReasonLengthInStreamAndJSON() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        try await server.queueFaults([["path": "/v1/chat/completions", "finish_reason": "length", "count": 2]])
        let (events, _) = try OpenAIStreamClient(port: server.port, body: streamBody).readAll()
        #expect(try OpenAIStreamClient.chunks(events).compactMap(\.finishReason) == ["length"])
        let json = try await server.chat(["model": "lyra-demo", "messages": demoConversation])
        #expect(try JSONDecoder().decode(OpenAIChatCompletionDTO.self, from: json.body).finishReason == "length")
    }

    @Test func theConnectionStaysUsableAfterACompleteStream() throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let stream = try OpenAIStreamClient(port: server.port, body: streamBody)
        #expect(try stream.readAll().terminated)
        stream.client.send("GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(stream.client.readResponse()?.status == 200)
    }

    @Test func anHTTP10ClientGetsTheEventsUnchunkedUntilTheConnectionCloses() throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        let json = try JSONSerialization.data(withJSONObject: streamBody)
        client.send("POST /v1/chat/completions HTTP/1.0\r\nContent-Length: \(json.count)\r\n\r\n")
        client.send([UInt8](json))
        let head = try #require(client.readHead())
        #expect(head.status == 200 && head.headers["transfer-encoding"] == nil && head.headers["content-length"] == nil)
        var parser = ServerSentEventParser()
        let events = try parser.feed(client.readToEnd())
        #expect(try OpenAIStreamClient.text(events) == demoConversationReply)
        #expect(events.last == ServerSentEvent(data: "[DONE]"))
    }

    @Test func stoppingTheBackendEndsAPausedStream() async throws {
        let server = try RunningBackend()
        try await server.queueFaults([["path": "/v1/chat/completions", "pause_after_words": 1]])
        let stream = try OpenAIStreamClient(port: server.port, body: streamBody)
        _ = try stream.nextEvents()
        try await waitUntilHeld(server, count: 1)
        server.stop()
        #expect(try stream.readAll().terminated == false)
    }
}

@Suite struct DemoChatReplyTests {
    @Test(arguments: [
        (["user"], "It arrived with 1 message: yours."),
        (["system", "user"], "It arrived with 2 messages: a system prompt and yours."),
        (["user", "assistant", "user"], "It arrived with 3 messages: 2 earlier messages and yours."),
        (["system", "user", "assistant"], "It arrived with 3 messages: a system prompt and 2 earlier messages."),
    ])
    func historySentenceCountsWhatArrived(_ roles: [String], _ expected: String) {
        #expect(DemoChatReply.historySentence(roles) == expected)
    }

    @Test func quoteIsOneLineAndShortened() {
        #expect(DemoChatReply.quote("  a\n\tb  ") == "a b")
        let long = DemoChatReply.quote(String(repeating: "word ", count: 40))
        #expect(long.hasSuffix("…") && long.count <= DemoChatReply.quoteLength + 1)
    }

    @Test func piecesJoinBackToTheText() {
        #expect(DemoChatReply.pieces(of: "one two  three") == ["one", " two", " ", " three"])
        #expect(DemoChatReply.pieces(of: demoConversationReply).joined() == demoConversationReply)
    }
}
