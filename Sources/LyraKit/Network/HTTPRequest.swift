// One HTTP request as Lyra's transport sends it (LyraKit's own type: FoundationNetworking's
// URLRequest is not used, so the network stack loads only when a command needs it).
import Foundation

/// A request for an `HTTPTransport`: method, URL, ordered headers, body and deadline.
public struct HTTPRequest: Sendable {
    /// The HTTP method.
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    /// The method.
    public var method: Method
    /// The absolute http(s) URL.
    public var url: URL
    /// Header fields in the order they are sent.
    public var headers: [(name: String, value: String)]
    /// The body (`.empty` for a GET).
    public var body: HTTPRequestBody
    /// The whole-request deadline in seconds for `send` and `download` (streams use `HTTPStreamLimits`).
    public var timeout: TimeInterval
    /// Names of headers that carry credentials (e.g. `Authorization`): never sent to another origin.
    public var credentialHeaders: Set<String>

    /// Creates a request.
    public init(method: Method = .get, url: URL, headers: [(name: String, value: String)] = [],
                body: HTTPRequestBody = .empty, timeout: TimeInterval = 60,
                credentialHeaders: Set<String> = ["authorization"]) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.credentialHeaders = Set(credentialHeaders.map { $0.lowercased() })
    }

    /// The value of header `name` (case-insensitive), the last one when repeated.
    public func value(forHeader name: String) -> String? {
        headers.last { HTTPHeaderLine.namesMatch($0.name, name) }?.value
    }

    /// Whether a credential header (`credentialHeaders`) is present with a value.
    public var carriesCredentials: Bool {
        headers.contains { !$0.value.isEmpty && credentialHeaders.contains($0.name.lowercased()) }
    }

    /// Sets header `name` to `value`, replacing any earlier value.
    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { HTTPHeaderLine.namesMatch($0.name, name) }
        headers.append((name, value))
    }
}
