// Test helpers: a started backend, one shared URLSession, JSON requests, fixture photos,
// a multipart body builder and polling with a deadline.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import LyraBackend

/// One session for every test (a session per request crashes FoundationNetworking on Linux).
/// Every backend is on 127.0.0.1, and tests run in parallel and hold responses: the per-host
/// connection limit (6 by default) would queue one test's requests behind another's, so it is
/// raised; the timeout is a watchdog for a loaded machine (held responses last up to 60 s).
let sharedSession: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 120
    configuration.httpMaximumConnectionsPerHost = 64
    return URLSession(configuration: configuration)
}()

/// The fixture photos directory.
let photosDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/photos")

func photo(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: photosDirectory.appendingPathComponent(name)))
}

/// A response as a test sees it.
struct TestResponse {
    let status: Int
    let headers: [String: String]
    let body: Data

    var json: Any? { try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) }
    var object: [String: Any] { json as? [String: Any] ?? [:] }
    var detail: String? { object["detail"] as? String }
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A running backend; stops on `stop()`.
struct RunningBackend {
    let backend: LocalBackend
    let baseURL: URL

    /// Starts a backend; its test control routes are on unless `testRoutes` is false.
    init(_ options: LocalBackendOptions = .init(), testRoutes: Bool = true) throws {
        var options = options
        options.testRoutes = testRoutes
        backend = LocalBackend(options: options)
        baseURL = try backend.start()
    }

    var port: Int { baseURL.port ?? 0 }

    func stop() { backend.stop() }

    /// `path` may include a query; `user_id`/`app_id` are added when `appQuery` is set.
    func url(_ path: String, appQuery: Bool = true) -> URL {
        var text = baseURL.absoluteString + path
        if appQuery { text += (path.contains("?") ? "&" : "?") + "user_id=u1&app_id=lyra.cli" }
        guard let url = URL(string: text) else { fatalError("bad test URL \(text)") }
        return url
    }

    func send(
        _ method: String, _ path: String, appQuery: Bool = true, json: Any? = nil, body: Data? = nil,
        headers: [String: String] = [:]
    ) async throws -> TestResponse {
        var request = URLRequest(url: url(path, appQuery: appQuery))
        request.httpMethod = method
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed])
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        } else if let body {
            request.httpBody = body
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await sharedSession.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { fields[key.lowercased()] = value }
        }
        return TestResponse(status: http.statusCode, headers: fields, body: data)
    }

    /// Every recorded request (`GET /_test/requests`).
    func recordedRequests() async throws -> [[String: Any]] {
        let response = try await send("GET", "/_test/requests", appQuery: false)
        return try #require(response.json as? [[String: Any]])
    }
}

/// A multipart/form-data body with text and file parts.
struct MultipartBody {
    let boundary = "lyra-test-boundary-7f3a"
    private(set) var data = Data()

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    mutating func addText(_ name: String, _ value: String) {
        data.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
    }

    mutating func addFile(_ name: String, filename: String, bytes: [UInt8], type: String = "image/jpeg") {
        let head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\n"
            + "Content-Type: \(type)\r\n\r\n"
        data.append(Data(head.utf8))
        data.append(Data(bytes))
        data.append(Data("\r\n".utf8))
    }

    func finished() -> Data {
        data + Data("--\(boundary)--\r\n".utf8)
    }
}
