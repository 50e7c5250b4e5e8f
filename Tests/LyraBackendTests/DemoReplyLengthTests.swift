// The benchmark setting `demo_reply_words` of `POST /_test/config`: the demo model's reply padded to
// a chosen number of words, streamed and not, and out-of-range values refused.

import Foundation
import LyraKit
import Testing
@testable import LyraBackend

@Suite struct DemoReplyLengthTests {
    @Test func replyIsPaddedToTheConfiguredNumberOfWords() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let config = try await server.send("POST", "/_test/config", appQuery: false, json: ["demo_reply_words": 1000])
        #expect(config.object["demo_reply_words"] as? Int == 1000)
        let response = try await server.chat(["model": "lyra-demo", "messages": demoConversation])
        let completion = try JSONDecoder().decode(OpenAIChatCompletionDTO.self, from: response.body)
        let content = completion.content ?? ""
        #expect(content.hasPrefix(demoConversationReply + " word"))
        #expect(content.hasSuffix(" word1000"))
        #expect(content.split(separator: " ").count == 1000)
        #expect(completion.usage?.completionTokens == 1000)
    }

    @Test func aStreamCarriesEveryPaddedWord() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        _ = try await server.send("POST", "/_test/config", appQuery: false, json: ["demo_reply_words": 500])
        let body: [String: Any] = ["model": "lyra-demo", "messages": demoConversation, "stream": true]
        let stream = try OpenAIStreamClient(port: server.port, body: body)
        let (events, terminated) = try stream.readAll()
        let pieces = try OpenAIStreamClient.chunks(events).compactMap(\.content)
        #expect(terminated)
        #expect(pieces.count == 500)
        #expect(pieces.last == " word500")
        #expect(events.last?.data == "[DONE]")
    }

    @Test(arguments: [-1, 1_000_001])
    func outOfRangeWordCountsAreRefused(_ words: Int) async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let response = try await server.send("POST", "/_test/config", appQuery: false, json: ["demo_reply_words": words])
        #expect(response.status == 422)
        #expect(response.text.contains("demo_reply_words"))
    }
}
