// One route of the app backend (SPEC §4) and how it becomes an HTTPRequest: the base URL's path
// prefix, `user_id`/`app_id` query parameters, the bearer token and the JSON headers.
import Foundation

/// A request to the app backend, relative to its base URL.
public struct Endpoint: Sendable, Equatable {
    /// The HTTP method.
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    /// The method.
    public var method: Method
    /// The percent-encoded path, starting with `/`.
    public var path: String
    /// Route-specific query parameters (`user_id` and `app_id` are added to every request).
    public var queryItems: [URLQueryItem]
    /// The body, for JSON requests (a multipart body is streamed from its parts instead).
    public var body: Data?
    /// Extra headers, e.g. `Content-Type`.
    public var headers: [String: String]
    /// The whole-request deadline in seconds.
    public var timeout: TimeInterval

    /// Creates an endpoint.
    public init(method: Method, path: String, queryItems: [URLQueryItem] = [], body: Data? = nil,
                headers: [String: String] = [:], timeout: TimeInterval = 60) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.body = body
        self.headers = headers
        self.timeout = timeout
    }

    /// The request for this endpoint against `config`'s base URL, with the common query parameters,
    /// `Accept: application/json` and `Authorization: Bearer <token>` when there is a token.
    /// - Throws: `APIError.invalidURL` when the URL cannot be built.
    public func httpRequest(config: APIConfig) throws(APIError) -> HTTPRequest {
        guard var components = URLComponents(url: config.baseURL, resolvingAgainstBaseURL: false) else {
            throw .invalidURL
        }
        var prefix = components.percentEncodedPath
        while prefix.hasSuffix("/") { prefix.removeLast() }
        components.percentEncodedPath = prefix + path
        components.percentEncodedQuery = Self.encodeQuery(Self.identityQuery(config) + queryItems)
        components.fragment = nil
        guard let url = components.url else { throw .invalidURL }
        var request = HTTPRequest(method: method == .post ? .post : .get, url: url,
                                  body: body.map(HTTPRequestBody.bytes) ?? .empty,
                                  timeout: RequestDeadline.effective(timeout))
        Self.addCommonHeaders(to: &request, token: config.token)
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request.setHeader(name, value) }
        return request
    }

    /// The `user_id` and `app_id` parameters every request to the backend's own origin carries.
    static func identityQuery(_ config: APIConfig) -> [URLQueryItem] {
        [URLQueryItem(name: "user_id", value: config.userID), URLQueryItem(name: "app_id", value: config.appID)]
    }

    /// Sets `Accept: application/json` and, when `token` is non-empty, the bearer authorization.
    static func addCommonHeaders(to request: inout HTTPRequest, token: String?) {
        request.setHeader("Accept", "application/json")
        if let token, !token.isEmpty { request.setHeader("Authorization", "Bearer \(token)") }
    }

    /// `name=value&…` with everything but unreserved characters percent-encoded (so `+`, `&`, `=` are safe).
    static func encodeQuery(_ items: [URLQueryItem]) -> String {
        items.map { item in
            let name = percentEncode(item.name)
            guard let value = item.value else { return name }
            return name + "=" + percentEncode(value)
        }.joined(separator: "&")
    }

    /// One path segment, percent-encoded; a segment of only dots is encoded too, so it cannot climb.
    static func pathSegment(_ text: String) -> String {
        if text.allSatisfy({ $0 == "." }) { return String(repeating: "%2E", count: text.count) }
        return percentEncode(text)
    }

    /// `text`'s UTF-8 with every byte but the unreserved ones (letters, digits, `-._~`) as `%XX`.
    private static func percentEncode(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"):
                encoded.append(byte)
            default:
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hex[Int(byte >> 4)])
                encoded.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }
}
