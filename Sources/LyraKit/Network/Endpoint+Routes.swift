// The routes of SPEC §4 as `Endpoint` factories: chat turn, AI writing, templates, start video,
// video status; and the download request (absolute, or relative to the base URL).
import Foundation

extension Endpoint {
    /// `POST /dola/chats/{chatID}/messages?locale=…` with `{"message": …}`.
    /// - Throws: `APIError.invalidURL` for an empty chat id.
    public static func chatMessage(chatID: String, message: String, locale: String) throws -> Endpoint {
        guard !chatID.isEmpty else { throw APIError.invalidURL }
        return Endpoint(
            method: .post, path: "/dola/chats/\(pathSegment(chatID))/messages",
            queryItems: [URLQueryItem(name: "locale", value: locale)],
            body: Data(ChatMessageRequestDTO(message: message).jsonBytes()),
            headers: ["Content-Type": "application/json"], timeout: 120)
    }

    /// `POST /ai-writing` with the writing request.
    public static func improveText(_ request: AIWritingRequestDTO) throws -> Endpoint {
        Endpoint(method: .post, path: "/ai-writing", body: try jsonBody(request),
                 headers: ["Content-Type": "application/json"], timeout: 120)
    }

    /// `GET /pixverse/api/v1/get_templates/{appID}`.
    public static func templates(appID: String) -> Endpoint {
        Endpoint(method: .get, path: "/pixverse/api/v1/get_templates/\(pathSegment(appID))", timeout: 30)
    }

    /// `POST /pixverse/api/v1/template2video`; the multipart body is streamed from its parts.
    public static func startVideo(contentType: String) -> Endpoint {
        Endpoint(method: .post, path: "/pixverse/api/v1/template2video",
                 headers: ["Content-Type": contentType], timeout: 300)
    }

    /// `GET /pixverse/api/v1/status?id=…`.
    public static func videoStatus(id: String) -> Endpoint {
        Endpoint(method: .get, path: "/pixverse/api/v1/status",
                 queryItems: [URLQueryItem(name: "id", value: id)], timeout: 30)
    }

    /// A GET for a video URL: absolute, or resolved against the base URL. Only a URL on the backend's
    /// own origin gets the token and the `user_id`/`app_id` parameters; a foreign host gets neither.
    /// - Throws: `APIError.invalidURL` (not http/https), `.insecureURL` (plain http to a foreign host).
    public static func downloadRequest(for urlString: String, config: APIConfig) throws(APIError) -> HTTPRequest {
        let trimmed = urlString.trimmingCharacters(in: .whitespacesAndNewlines)
        var base = config.baseURL.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        guard !trimmed.isEmpty, let baseURL = URL(string: base),
              let url = URL(string: trimmed, relativeTo: baseURL)?.absoluteURL else { throw .invalidURL }
        try BaseURLPolicy(allowInsecureHTTP: config.allowInsecureHTTP).validate(url)
        guard Origin.same(url, config.baseURL) else {
            return HTTPRequest(url: url, timeout: RequestDeadline.effective(1800))
        }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { throw .invalidURL }
        let existing = components.percentEncodedQuery.map { $0.isEmpty ? "" : $0 + "&" } ?? ""
        components.percentEncodedQuery = existing + encodeQuery(identityQuery(config))
        guard let finalURL = components.url else { throw .invalidURL }
        var request = HTTPRequest(url: finalURL, timeout: RequestDeadline.effective(1800))
        addCommonHeaders(to: &request, token: config.token)
        request.setHeader("Accept", "*/*")
        return request
    }

    private static func jsonBody(_ value: some Encodable) throws -> Data {
        do {
            return try JSONEncoder().encode(value)
        } catch {
            throw APIError.decodingError("cannot encode the request")
        }
    }
}
