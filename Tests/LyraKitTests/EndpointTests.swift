// Endpoint: URLs under the base URL's path, the common query parameters and headers, the routes
// of SPEC §4, path-segment escaping, and download requests that keep the token on our origin.
import Foundation
import Testing
@testable import LyraKit

extension HTTPRequest {
    /// The in-memory body, if it is one.
    var bodyBytes: Data? {
        if case let .bytes(data) = body { return data }
        return nil
    }
}

@Suite struct EndpointTests {
    private func config(_ base: String = "https://api.example.com/v2/", token: String? = "tkn") throws -> APIConfig {
        try APIConfig(baseURL: URL(string: base), token: token, userID: "u 1", appID: "lyra.cli", locale: "ru")
    }

    @Test func chatRequestCarriesQueryHeadersAndBody() throws {
        let request = try Endpoint.chatMessage(chatID: "abc", message: "Hi + bye", locale: "ru").httpRequest(config: config())
        #expect(request.url.absoluteString == "https://api.example.com/v2/dola/chats/abc/messages?user_id=u%201&app_id=lyra.cli&locale=ru")
        #expect(request.method == .post)
        #expect(request.value(forHeader: "Authorization") == "Bearer tkn")
        #expect(request.value(forHeader: "Accept") == "application/json")
        #expect(request.value(forHeader: "Content-Type") == "application/json")
        let body = try JSONSerialization.jsonObject(with: try #require(request.bodyBytes)) as? [String: String]
        #expect(body == ["message": "Hi + bye"])
    }

    @Test func noTokenMeansNoAuthorizationHeader() throws {
        let request = try Endpoint.templates(appID: "lyra.cli").httpRequest(config: config(token: nil))
        #expect(request.value(forHeader: "Authorization") == nil)
        #expect(request.url.path == "/v2/pixverse/api/v1/get_templates/lyra.cli")
    }

    @Test func chatIDCannotEscapeItsPathSegment() throws {
        let climbing = try Endpoint.chatMessage(chatID: "..", message: "x", locale: "en").httpRequest(config: config())
        #expect(climbing.url.absoluteString.contains("/dola/chats/%2E%2E/messages") == true)
        let slashed = try Endpoint.chatMessage(chatID: "a/b?c", message: "x", locale: "en").httpRequest(config: config())
        #expect(slashed.url.absoluteString.contains("/dola/chats/a%2Fb%3Fc/messages?") == true)
        #expect(throws: APIError.invalidURL) { try Endpoint.chatMessage(chatID: "", message: "x", locale: "en") }
    }

    @Test func statusAndStartRoutes() throws {
        let status = try Endpoint.videoStatus(id: "123").httpRequest(config: config("https://h.example"))
        #expect(status.url.absoluteString == "https://h.example/pixverse/api/v1/status?user_id=u%201&app_id=lyra.cli&id=123")
        #expect(status.method == .get)
        let start = try Endpoint.startVideo(contentType: "multipart/form-data; boundary=b").httpRequest(config: config())
        #expect(start.url.path == "/v2/pixverse/api/v1/template2video")
        #expect(start.value(forHeader: "Content-Type") == "multipart/form-data; boundary=b")
        let writing = try Endpoint.improveText(AIWritingRequestDTO(text: "t", mode: .shorten)).httpRequest(config: config())
        #expect(writing.url.path == "/v2/ai-writing")
    }

    @Test func downloadsKeepTheTokenOnTheBackendsOrigin() throws {
        let relative = try Endpoint.downloadRequest(for: "/media/v.mp4", config: config())
        #expect(relative.url.absoluteString == "https://api.example.com/media/v.mp4?user_id=u%201&app_id=lyra.cli")
        #expect(relative.value(forHeader: "Authorization") == "Bearer tkn")
        let foreign = try Endpoint.downloadRequest(for: "https://cdn.example.net/v.mp4?sig=1", config: config())
        #expect(foreign.url.absoluteString == "https://cdn.example.net/v.mp4?sig=1")
        #expect(foreign.value(forHeader: "Authorization") == nil)
        #expect(throws: APIError.insecureURL("cdn.example.net")) {
            try Endpoint.downloadRequest(for: "http://cdn.example.net/v.mp4", config: config())
        }
        #expect(throws: APIError.invalidURL) { try Endpoint.downloadRequest(for: "file:///etc/passwd", config: config()) }
    }

    @Test func configRefusesMissingAndInsecureBaseURLs() {
        #expect(throws: APIError.missingBaseURL) { try APIConfig(baseURL: nil, token: nil, userID: "u") }
        #expect(throws: APIError.insecureURL("example.com")) {
            try APIConfig(baseURL: URL(string: "http://example.com"), token: nil, userID: "u")
        }
    }
}
