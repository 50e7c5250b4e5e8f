// Test helper: sends a chat completion over a raw socket and reads the streamed answer chunk by
// chunk, parsing each with the client's own ServerSentEventParser and OpenAIChatChunkDTO.

import Foundation
import LyraKit
import Testing

/// One streamed chat completion read incrementally from a running backend.
final class OpenAIStreamClient {
    let client: RawHTTPClient
    private var parser = ServerSentEventParser()
    /// The status and headers of the answer.
    private(set) var status = 0
    private(set) var headers: [String: String] = [:]

    /// Connects, sends `body` to `POST /v1/chat/completions` and reads the response head.
    init(port: Int, body: [String: Any], extraHeaders: String = "") throws {
        client = try RawHTTPClient(port: port)
        let json = try JSONSerialization.data(withJSONObject: body)
        client.send("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + extraHeaders + "Content-Length: \(json.count)\r\n\r\n")
        client.send([UInt8](json))
        let head = try #require(client.readHead())
        status = head.status
        headers = head.headers
    }

    /// The events of the next chunk: nil when the connection ended without the terminating chunk,
    /// `[]` at the terminating chunk.
    func nextEvents() throws -> [ServerSentEvent]? {
        guard let chunk = client.readChunk() else { return nil }
        if chunk.isEmpty { return [] }
        return try parser.feed(chunk)
    }

    /// Every event until the body ends; `terminated` tells whether it ended with the zero-length chunk.
    func readAll() throws -> (events: [ServerSentEvent], terminated: Bool) {
        var events: [ServerSentEvent] = []
        while let next = try nextEvents() {
            if next.isEmpty { return (events, true) }
            events += next
        }
        return (events, false)
    }

    /// A stream's events decoded as chunks (`[DONE]` left out).
    static func chunks(_ events: [ServerSentEvent]) throws -> [OpenAIChatChunkDTO] {
        try events.filter { $0.data != "[DONE]" }.map {
            try JSONDecoder().decode(OpenAIChatChunkDTO.self, from: Data($0.data.utf8))
        }
    }

    /// The streamed text: every content piece joined.
    static func text(_ events: [ServerSentEvent]) throws -> String {
        try chunks(events).compactMap(\.content).joined()
    }
}
