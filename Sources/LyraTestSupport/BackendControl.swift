// BackendControl: a small client for the local backend's test routes (`/_test/*`): inject
// faults, read recorded requests, configure, reset; plus a plain GET for checkout URLs.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Drives the test control routes of a running local backend at `baseURL`.
public struct BackendControl: Sendable {
    /// The backend's base URL, e.g. `http://127.0.0.1:54321`.
    public let baseURL: URL

    /// One session for every request: creating a session per request crashes
    /// FoundationNetworking on Linux. Every backend is on 127.0.0.1 and tests run in parallel, so
    /// the per-host connection limit (6 by default) is raised lest one test's control requests
    /// queue behind another's; the timeout is a watchdog for a loaded machine.
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 120
        configuration.httpMaximumConnectionsPerHost = 64
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    /// Creates a client for the backend at `baseURL`.
    public init(baseURL: URL) {
        self.baseURL = baseURL
    }

    private struct Fault: Encodable {
        var path: String
        var method: String?
        var status: Int?
        var body: String?
        var headers: [String: String]
        var delayMilliseconds: Int
        var drop: Bool
        var truncate: Bool
        var count: Int

        enum CodingKeys: String, CodingKey {
            case path, method, status, body, headers, drop, truncate, count
            case delayMilliseconds = "delay_ms"
        }
    }

    /// Makes the next `count` requests to `path` (and `method`, when given) misbehave:
    /// answer `status` with `body` and `headers`, wait `delayMilliseconds` first, drop the
    /// connection, or cut the body short. `POST /_test/faults`.
    /// - Throws: `HarnessError.backendRequestFailed` on a non-2xx answer, or the transport error.
    public func injectFault(path: String, method: String? = nil, status: Int? = nil, body: String? = nil,
                            headers: [String: String] = [:], delayMilliseconds: Int = 0, drop: Bool = false,
                            truncate: Bool = false, count: Int = 1) async throws {
        let fault = Fault(path: path, method: method, status: status, body: body, headers: headers,
                          delayMilliseconds: delayMilliseconds, drop: drop, truncate: truncate, count: count)
        _ = try await send("POST", "/_test/faults", body: try JSONEncoder().encode(fault))
    }

    /// Every request the backend has recorded since the last reset, oldest first. `GET /_test/requests`.
    /// - Throws: `HarnessError.invalidBackendResponse` when the answer is not a list of requests.
    public func requests() async throws -> [RecordedRequest] {
        let data = try await send("GET", "/_test/requests", body: nil)
        struct Wrapped: Decodable { var requests: [RecordedRequest] }
        let decoder = JSONDecoder()
        if let list = try? decoder.decode([RecordedRequest].self, from: data) { return list }
        if let wrapped = try? decoder.decode(Wrapped.self, from: data) { return wrapped.requests }
        throw HarnessError.invalidBackendResponse(path: "/_test/requests",
                                                  reason: "not a JSON array of requests: \(String(decoding: data.prefix(200), as: UTF8.self))")
    }

    /// The `message` of every chat turn the backend received, oldest first.
    /// - Throws: as `requests()`, or a decoding error when a chat body is not a JSON object of strings.
    public func sentChatMessages() async throws -> [String] {
        try await requests().filter { $0.path.hasPrefix("/dola/chats/") }.compactMap { request in
            guard let body = request.bodyText else { return nil }
            return try JSONDecoder().decode([String: String].self, from: Data(body.utf8))["message"]
        }
    }

    /// Changes test behaviour of the backend; nil fields stay as they are. `POST /_test/config`.
    /// - Throws: `HarnessError.backendRequestFailed` on a non-2xx answer, or the transport error.
    public func configure(_ configuration: BackendTestConfiguration) async throws {
        _ = try await send("POST", "/_test/config", body: try JSONEncoder().encode(configuration))
    }

    /// Clears faults, recorded requests, configuration and purchases. `POST /_test/reset`.
    /// - Throws: `HarnessError.backendRequestFailed` on a non-2xx answer, or the transport error.
    public func reset() async throws {
        _ = try await send("POST", "/_test/reset", body: Data("{}".utf8))
    }

    /// Lets every held answer (a `pause_after_words` fault) go on. `POST /_test/release`.
    /// - Throws: `HarnessError.backendRequestFailed` on a non-2xx answer, or the transport error.
    public func release() async throws {
        _ = try await send("POST", "/_test/release", body: Data("{}".utf8))
    }

    /// A plain GET of any URL (e.g. a plan's `checkout_url`, to "pay").
    /// - Returns: the HTTP status and the body.
    /// - Throws: the transport error, or `HarnessError.invalidBackendResponse` for a non-HTTP answer.
    public func fetch(_ url: URL) async throws -> (Int, Data) {
        let (data, response) = try await Self.session.data(for: URLRequest(url: url))
        guard let http = response as? HTTPURLResponse else {
            throw HarnessError.invalidBackendResponse(path: url.path, reason: "not an HTTP response")
        }
        return (http.statusCode, data)
    }

    /// Queues one fault given as its JSON description (for the transport fields of docs/API.md:
    /// `body_base64`, `chunks`, `chunk_interval_ms`, `stall`, `idle_close_ms`). `POST /_test/faults`.
    /// - Throws: `HarnessError.backendRequestFailed` on a non-2xx answer, or the transport error.
    public func injectFault(json: String) async throws {
        _ = try await send("POST", "/_test/faults", body: Data(json.utf8))
    }

    /// Monotonic send times (ns) of the latest chunked fault response's chunks. `GET /_test/chunks`.
    /// - Throws: `HarnessError.invalidBackendResponse` for an unexpected answer.
    public func chunkSendTimes() async throws -> [UInt64] {
        struct Times: Decodable { var sent_ns: [String] } // swiftlint:disable:this identifier_name
        let data = try await send("GET", "/_test/chunks", body: nil)
        guard let times = try? JSONDecoder().decode(Times.self, from: data) else {
            throw HarnessError.invalidBackendResponse(path: "/_test/chunks", reason: "not a list of send times")
        }
        return times.sent_ns.compactMap { UInt64($0) }
    }

    private func send(_ method: String, _ path: String, body: Data?) async throws -> Data {
        var request = URLRequest(url: baseURL.appendingPathComponent(String(path.dropFirst())))
        request.httpMethod = method
        // The control channel leaves no kept-alive connection behind: tests that count the
        // connections open to the backend (cancellation, keep-alive) must see only Lyra's own.
        request.setValue("close", forHTTPHeaderField: "Connection")
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await Self.session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw HarnessError.invalidBackendResponse(path: path, reason: "not an HTTP response")
        }
        guard (200..<300).contains(http.statusCode) else {
            throw HarnessError.backendRequestFailed(method: method, path: path, status: http.statusCode,
                                                    body: String(decoding: data, as: UTF8.self))
        }
        return data
    }
}
