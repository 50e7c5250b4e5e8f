// The real APIClient against the real local backend over loopback (SPEC §4, §6): every endpoint,
// and the status mapping for the faults a real server produces.
import Foundation
import LyraKit
import LyraTestSupport
import Testing

@Suite struct APIClientBackendTests {
    private let backend: RunningBackend
    private let client: APIClient

    init() throws {
        backend = try RunningBackend(videoPollsToComplete: 1)
        client = APIClient(config: try APIConfig(baseURL: backend.url, token: backend.token, userID: "u-1", locale: "ru"))
    }

    @Test func chatTurnCarriesTheContractAndDecodesTheReply() async throws {
        let reply = try await client.sendChatMessage(chatID: "c-1", message: "привет")
        #expect(reply.chatID == "c-1")
        #expect(reply.assistantMessage.contains("привет"))
        let request = try #require(try await backend.control.requests().last)
        #expect(request.path == "/dola/chats/c-1/messages")
        #expect(request.query == ["user_id": "u-1", "app_id": "lyra.cli", "locale": "ru"])
        // The backend requires the token (a wrong one is 401), and records it masked.
        #expect(request.header("authorization") == "Bearer ••••")
        #expect(request.header("accept") == "application/json")
    }

    @Test func writingTemplatesVideoAndDownloadRoundTrip() async throws {
        let improved = try await client.improveText(AIWritingRequestDTO(text: "i  like it", mode: .improve))
        #expect(improved.resultText == "I like it.")
        let templates = try await client.fetchTemplates()
        let template = try #require(templates.first)
        let photos = [Fixtures.url("photos/red.jpg"), Fixtures.url("photos/green.jpg")]
        let started = try await client.startVideo(templateID: template.id.value, prompt: "hi", photos: photos)
        #expect(try await client.videoStatus(id: started.videoID.value).phase == .inProgress("pending"))
        let done = try await client.videoStatus(id: started.videoID.value)
        #expect(done.phase == .completed)
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("lyra-it-\(UUID()).avi")
        defer { try? FileManager.default.removeItem(at: destination) }
        try await client.downloadVideo(from: try #require(done.videoURL), to: destination) { _, _ in }
        let bytes = try Data(contentsOf: destination)
        #expect(bytes.prefix(4) == Data("RIFF".utf8))
    }

    @Test(arguments: [
        (401, APIError.unauthorized),
        (403, APIError.unauthorized),
        (402, APIError.subscriptionRequired),
        (500, APIError.invalidResponse(statusCode: 500, detail: "database on fire")),
    ])
    func statusesMapToTypedErrors(status: Int, expected: APIError) async throws {
        try await backend.control.injectFault(path: "/dola/chats", status: status, body: #"{"detail": "database on fire"}"#)
        await #expect(throws: expected) { try await client.sendChatMessage(chatID: "c", message: "x") }
    }

    @Test func rateLimitingCarriesRetryAfter() async throws {
        try await backend.control.injectFault(path: "/pixverse/api/v1/status", status: 429, headers: ["Retry-After": "7"])
        await #expect(throws: APIError.rateLimited(retryAfter: 7)) { try await client.videoStatus(id: "1") }
    }

    @Test func malformedJSONIsADecodingError() async throws {
        try await backend.control.injectFault(path: "/ai-writing", status: 200, body: "{not json")
        do {
            _ = try await client.improveText(AIWritingRequestDTO(text: "x", mode: .shorten))
            Issue.record("a malformed body was accepted")
        } catch let error as APIError {
            guard case .decodingError = error else { Issue.record("got \(error)"); return }
        }
    }

    @Test func aDroppedConnectionIsANetworkError() async throws {
        try await backend.control.injectFault(path: "/pixverse/api/v1/get_templates", drop: true)
        do {
            _ = try await client.fetchTemplates()
            Issue.record("a dropped connection succeeded")
        } catch let error as APIError {
            guard case .networkError = error else { Issue.record("got \(error)"); return }
        }
    }

    @Test func aSlowResponseCancelledByTheCallerEndsPromptly() async throws {
        try await backend.control.injectFault(path: "/dola/chats", delayMilliseconds: 60_000)
        let client = self.client
        let task = Task { try await client.sendChatMessage(chatID: "c", message: "slow") }
        while try await backend.control.requests().allSatisfy({ !$0.path.hasPrefix("/dola/") }) {
            try await Task.sleep(for: .milliseconds(5))
        }
        let started = ContinuousClock.now
        task.cancel()
        let result = await task.result
        // Before the server answers (60 s after the request arrived, which was before `started`);
        // the margin is a watchdog for a loaded machine, not a speed requirement.
        #expect(ContinuousClock.now - started < .seconds(45))
        #expect(throws: APIError.cancelled) { try result.get() }
    }
}
