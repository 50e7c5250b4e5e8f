// The real libcurl transport and APIClient against a raw-socket loopback server: requests as
// sent on the wire, the SPEC §4 status mapping, malformed bodies, dropped connections, prompt
// cancellation, multipart uploads streamed from the photos and streamed downloads.
import Foundation
import LyraTestSupport
import Testing
@testable import LyraKit
import Synchronization

/// One transport (the shared libcurl engine) for every test, as in the app.
private let transport = CurlTransport.shared
private let token = "tok-secret-5678"

private func client(_ server: LoopbackHTTPServer) throws -> APIClient {
    let config = try APIConfig(baseURL: server.baseURL, token: token, userID: "user-1", appID: "lyra.cli", locale: "ru")
    return APIClient(config: config, transport: transport)
}

private func json(_ status: Int, _ body: String, headers: [String: String] = [:]) -> LoopbackHTTPServer.Behavior {
    .respond(status: status, headers: headers.merging(["Content-Type": "application/json"]) { old, _ in old }, body: Data(body.utf8))
}

/// Runs `work` and returns the `APIError` it threw (recording an issue if it threw none or another kind).
private func apiError(sourceLocation: SourceLocation = #_sourceLocation, _ work: () async throws -> Void) async -> APIError? {
    await TransportTestSupport.apiError(sourceLocation: sourceLocation, work)
}

@Suite struct APIClientLoopbackTests {
    @Test func chatTurnSendsTheSpecRequestAndDecodesTheReply() async throws {
        let server = try LoopbackHTTPServer([json(200, #"{"chat_id": "c-2", "assistant_message": "Привет!"}"#)])
        let reply = try await client(server).sendChatMessage(chatID: "c-1", message: "Hi there")
        #expect(reply == ChatReplyDTO(chatID: "c-2", assistantMessage: "Привет!"))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/dola/chats/c-1/messages")
        #expect(request.query == ["user_id": "user-1", "app_id": "lyra.cli", "locale": "ru"])
        #expect(request.headers["authorization"] == "Bearer \(token)")
        #expect(request.headers["accept"] == "application/json")
        #expect(try JSONSerialization.jsonObject(with: request.body) as? [String: String] == ["message": "Hi there"])
    }

    @Test func statusesMapToAPIErrors() async throws {
        let server = try LoopbackHTTPServer([
            json(401, #"{"detail": "Not authenticated"}"#),
            json(402, #"{"detail": "Payment required"}"#),
            json(429, #"{"detail": "slow down"}"#, headers: ["Retry-After": "5"]),
            json(500, #"{"detail": "model crashed for \#(token)"}"#),
            json(200, "{not json"),
            json(200, #"{"status": "pending", "video_url": null}"#),
        ])
        let api = try client(server)
        #expect(await apiError { _ = try await api.videoStatus(id: "1") } == .unauthorized)
        #expect(await apiError { _ = try await api.videoStatus(id: "1") } == .subscriptionRequired)
        #expect(await apiError { _ = try await api.videoStatus(id: "1") } == .rateLimited(retryAfter: 5))
        let serverError = await apiError { _ = try await api.videoStatus(id: "1") }
        #expect(serverError == .invalidResponse(statusCode: 500, detail: "model crashed for ••••"))
        #expect(serverError?.localizedDescription == "server error 500: model crashed for ••••")
        let malformed = await apiError { _ = try await api.videoStatus(id: "1") }
        #expect(malformed == .decodingError("the body is not valid JSON"))
        #expect(try await api.videoStatus(id: "1").phase == .inProgress("pending"))
        #expect(server.requests.last?.query["id"] == "1")
    }

    @Test func droppedConnectionIsANetworkError() async throws {
        let server = try LoopbackHTTPServer([.drop])
        let error = await apiError { _ = try await client(server).fetchTemplates() }
        guard case .networkError? = error else {
            Issue.record("expected a network error, got \(String(describing: error))")
            return
        }
        #expect(error?.isTransient == true)
    }

    @Test func refusedConnectionIsANetworkErrorNamingTheHost() async throws {
        // A bound port that never listens: no test running in parallel can take it meanwhile.
        let refusing = try RefusingPort()
        let api = APIClient(config: try APIConfig(baseURL: refusing.url, token: token, userID: "user-1", appID: "lyra.cli",
                                                  locale: "ru"), transport: transport)
        let error = await apiError { _ = try await api.fetchTemplates() }
        #expect(error?.localizedDescription.contains("127.0.0.1") == true)
    }

    @Test func cancellingASlowRequestReturnsPromptlyAsCancelled() async throws {
        let server = try LoopbackHTTPServer([.stall])
        let api = try client(server)
        let task = Task { try await api.improveText(AIWritingRequestDTO(text: "slow", mode: .improve)) }
        try await server.waitForRequests(1)
        #expect(server.requests.count == 1)
        task.cancel()
        let result = await task.result
        // The server never answers: returning while it still waits means cancelling did not wait for it.
        #expect(server.everyStallEndedByTheClient)
        #expect(throws: APIError.cancelled) { try result.get() }
    }

    @Test func templatesDecodeEitherShape() async throws {
        let server = try LoopbackHTTPServer([
            json(200, #"{"templates": [{"id": 1, "name": "Hug"}]}"#),
            json(200, #"[{"id": "2", "name": "Kiss"}]"#),
        ])
        let api = try client(server)
        #expect(try await api.fetchTemplates().map(\.name) == ["Hug"])
        #expect(try await api.fetchTemplates().map(\.id.value) == ["2"])
        #expect(server.requests.first?.path == "/pixverse/api/v1/get_templates/lyra.cli")
    }
}

@Suite struct VideoTransferLoopbackTests {
    @Test func startVideoUploadsMultipartStreamedFromThePhotos() async throws {
        try await withTemporaryDirectory { root in
            let photos = try (1 ... 2).map { index -> URL in
                let url = root.appending(path: "in\(index).jpg")
                try (Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: UInt8(index), count: 80_000)).write(to: url)
                return url
            }
            let server = try LoopbackHTTPServer([json(200, #"{"video_id": 123, "detail": "Success"}"#)])
            let started = try await client(server)
                .startVideo(templateID: "7", prompt: "a cat", photos: photos)
            #expect(started == VideoStartResponseDTO(videoID: 123, detail: "Success"))
            let request = try #require(server.requests.first)
            #expect(request.path == "/pixverse/api/v1/template2video")
            #expect(request.query == ["user_id": "user-1", "app_id": "lyra.cli"])
            let contentType = try #require(request.headers["content-type"])
            let boundary = try #require(contentType.components(separatedBy: "boundary=").last)
            let parts = try parseMultipart(request.body, boundary: boundary)
            #expect(parts.map(\.name) == ["template_id", "prompt", "image", "image"])
            #expect(parts.map(\.filename) == [nil, nil, "photo1.jpg", "photo2.jpg"])
            #expect(parts[2].headers["content-type"] == "image/jpeg")
            #expect(parts[3].body == (try Data(contentsOf: photos[1])))
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["in1.jpg", "in2.jpg"])
        }
    }

    @Test func downloadStreamsToTheFileWithProgress() async throws {
        try await withTemporaryDirectory { root in
            let video = Data((0 ..< 300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let server = try LoopbackHTTPServer([.respond(status: 200, headers: ["Content-Type": "video/mp4"], body: video)])
            let destination = root.appending(path: "lyra-123.mp4")
            let reports = ProgressLog()
            try await client(server).downloadVideo(from: "/files/v.mp4", to: destination) { reports.add($0, $1) }
            #expect(try Data(contentsOf: destination) == video)
            #expect(reports.last == ProgressLog.Entry(received: 300_000, expected: 300_000))
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["lyra-123.mp4"])
            let request = try #require(server.requests.first)
            #expect(request.path == "/files/v.mp4")
            #expect(request.headers["authorization"] == "Bearer \(token)")
        }
    }

    @Test func failedDownloadLeavesNoFile() async throws {
        try await withTemporaryDirectory { root in
            let server = try LoopbackHTTPServer([json(404, #"{"detail": "no such video"}"#)])
            let destination = root.appending(path: "lyra-9.mp4")
            let error = await apiError { try await client(server).downloadVideo(from: "/v/9.mp4", to: destination) { _, _ in } }
            #expect(error == .invalidResponse(statusCode: 404, detail: "no such video"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
        }
    }

    @Test func cancelledDownloadReturnsPromptlyAndLeavesNoFile() async throws {
        try await withTemporaryDirectory { root in
            let server = try LoopbackHTTPServer([.stall])
            let api = try client(server)
            let task = Task { try await api.downloadVideo(from: "/v/1.mp4", to: root.appending(path: "v.mp4")) { _, _ in } }
            try await server.waitForRequests(1)
            task.cancel()
            let result = await task.result
            #expect(server.everyStallEndedByTheClient)  // it returned before the server stopped waiting
            #expect(throws: APIError.cancelled) { try result.get() }
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
        }
    }
}

/// Collects progress reports from the transport's delegate queue.
final class ProgressLog: Sendable {
    struct Entry: Equatable, Sendable {
        let received: Int64
        let expected: Int64?
    }

    private let entries = Mutex<[Entry]>([])

    func add(_ received: Int64, _ expected: Int64?) {
        entries.withLock { $0.append(Entry(received: received, expected: expected)) }
    }

    var last: Entry? { entries.withLock { $0.last } }
}
