// One HTTP response of the local backend, serialized into a single send buffer.

/// How the connection delivers a response (the non-normal cases come from injected faults).
enum ResponseDelivery: Sendable, Equatable {
    /// Headers and body, as usual.
    case normal
    /// Close the connection without answering.
    case drop
    /// Announce a Content-Length larger than the body, send the body, then close.
    case truncate
    /// Send the head, then the schedule's chunks one by one (chunked encoding).
    case chunked(ChunkSchedule)
}

/// A status, header fields and a body; `serialized` is written with one `send`.
struct HTTPResponse: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]
    var delivery: ResponseDelivery = .normal
    /// Forces `Connection: close` after this response.
    var closesConnection = false
    /// When set, the body is produced while it is sent (chunked) and `body` is ignored.
    var stream: StreamedBody?
    /// Closes the kept-alive connection when no next request starts within this many milliseconds.
    var idleCloseMilliseconds: Int?

    init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response.
    static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: value.bytes)
    }

    /// The error shape of the backend: `{"detail": message}`.
    static func detail(_ message: String, status: Int) -> HTTPResponse {
        json(.object([("detail", .string(message))]), status: status)
    }

    /// The whole response (status line, headers, blank line, body) as one buffer.
    /// - Parameter keepAlive: whether the connection stays open afterwards.
    func serialized(keepAlive: Bool) -> [UInt8] {
        let announcedLength = delivery == .truncate ? body.count + 100 : body.count
        if case .chunked = delivery {
            return serializedHead(keepAlive: keepAlive, framing: "Transfer-Encoding: chunked") + body
        }
        return serializedHead(keepAlive: keepAlive, framing: "Content-Length: \(announcedLength)") + body
    }

    /// The status line and headers of a streamed response: `Transfer-Encoding: chunked`, or no
    /// framing header at all when the body ends with the connection.
    func streamHead(keepAlive: Bool, chunked: Bool) -> [UInt8] {
        serializedHead(keepAlive: keepAlive, framing: chunked ? "Transfer-Encoding: chunked" : nil)
    }

    private func serializedHead(keepAlive: Bool, framing: String?) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(HTTPResponse.reasonPhrase(status))\r\n"
        for (name, value) in headers where !HTTPResponse.managedHeaders.contains(name.lowercased()) {
            head += "\(name): \(value)\r\n"
        }
        if let framing { head += framing + "\r\n" }
        head += keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n"
        head += "Server: LyraBackend\r\n\r\n"
        return Array(head.utf8)
    }

    private static let managedHeaders: Set<String> = ["content-length", "connection", "transfer-encoding"]

    /// The standard reason phrase for `status`.
    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 200: return "OK"
        case 201: return "Created"
        case 204: return "No Content"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 402: return "Payment Required"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 413: return "Content Too Large"
        case 422: return "Unprocessable Entity"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return "Status \(status)"
        }
    }
}
