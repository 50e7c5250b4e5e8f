// A turn in a long session (issue 34), the built binary against LyraBackend's /v1 routes: the body
// the server received for `--continue` in a session of thousands of messages (sent while it is
// written, over 1 MiB) holds exactly the session's messages and the new one; a second turn in the
// same process (the session kept in memory) sends the first turn's reply too; the file keeps them all.
import Foundation
import LyraTestSupport
import Testing

@Suite struct LongSessionTests {
    /// A session file of `count` messages alternating user/assistant, written as another program would,
    /// with text that needs escaping; returns the messages' contents in order.
    private func writeLongSession(_ env: TemporaryEnvironment, count: Int) throws -> [String] {
        try FileManager.default.createDirectory(at: env.sessionsDirectory, withIntermediateDirectories: true)
        let filler = String(repeating: "packing for Lisbon, ", count: 12)
        var contents: [String] = []
        let items = (0..<count).map { index -> [String: Any] in
            let content = "\(index) \"quoted\"\nné 🙂 \(filler)"
            contents.append(content)
            var item: [String: Any] = ["id": "m\(index)", "role": index % 2 == 0 ? "user" : "assistant",
                                       "content": content, "createdAt": "2026-01-01T00:00:00.000Z"]
            if index % 2 == 0 { item["failed"] = false }
            return item
        }
        let object: [String: Any] = ["id": "LONG", "title": "long talk", "chatID": "long",
                                     "createdAt": "2026-01-01T00:00:00.000Z", "updatedAt": "2026-01-01T00:00:00.000Z",
                                     "messages": items]
        try JSONSerialization.data(withJSONObject: object).write(to: env.sessionsDirectory.appendingPathComponent("LONG.json"))
        return contents
    }

    /// The messages (role, content) of each chat request the backend recorded, in order.
    private func sentMessages(_ backend: RunningBackend) async throws -> [[(role: String, content: String)]] {
        try await backend.control.requests().filter { $0.path == "/v1/chat/completions" }.map { request in
            let text = try #require(request.bodyText)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let messages = try #require(json["messages"] as? [[String: Any]])
            return messages.map { ($0["role"] as? String ?? "?", $0["content"] as? String ?? "?") }
        }
    }

    @Test func aContinuedTurnInALongSessionSendsEveryMessageAndTheSecondTurnItsPredecessor() async throws {
        let env = try TemporaryEnvironment()
        let backend = try RunningBackend(recordedBodyBytes: 16 << 20)
        // A window that holds the whole session, so the second turn (which knows it) sends it all too.
        try await backend.control.configure(BackendTestConfiguration(contextWindow: 10_000_000))
        let stored = try writeLongSession(env, count: 5_000)
        let result = try await env.runLyra(["--continue"], stdin: "one more question\nand another\n",
                                           extraEnvironment: openAIEnvironment(backend))
        #expect(result.status == 0, "\(result.stderr)")
        let bodies = try await sentMessages(backend)
        try #require(bodies.count == 2)
        let roles = (0..<stored.count).map { $0 % 2 == 0 ? "user" : "assistant" }
        #expect(bodies[0].map(\.content) == stored + ["one more question"])
        #expect(bodies[0].map(\.role) == roles + ["user"])
        let firstReply = try #require(result.stdout.split(separator: "\n").first.map(String.init))
        #expect(bodies[1].map(\.content) == stored + ["one more question", firstReply, "and another"])
        #expect(bodies[1].map(\.role) == roles + ["user", "assistant", "user"])
        let requests = try await backend.control.requests().filter { $0.path == "/v1/chat/completions" }
        #expect(requests.allSatisfy { ($0.bodyBytes ?? 0) > 1 << 20 }, "the body is over 1 MiB, so it is streamed")

        let file = env.sessionsDirectory.appendingPathComponent("LONG.json")
        let messages = try storedMessages(file)
        #expect(messages.count == stored.count + 4)
        #expect(messages.suffix(4).compactMap { $0["content"] as? String }.first == "one more question")
    }
}
