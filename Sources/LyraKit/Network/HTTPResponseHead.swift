// The status line and header fields of an HTTP response, as the transport received them.
import Foundation

/// A response's status, final URL and headers.
public struct HTTPResponseHead: Sendable {
    /// The status code.
    public let statusCode: Int
    /// The URL that answered (after same-origin redirects).
    public let url: URL
    /// Header fields in arrival order.
    public let headers: [(name: String, value: String)]

    /// Creates a head.
    public init(statusCode: Int, url: URL, headers: [(name: String, value: String)] = []) {
        self.statusCode = statusCode
        self.url = url
        self.headers = headers
    }

    /// The value of header `name` (case-insensitive), the last one when repeated.
    public func value(forHeader name: String) -> String? {
        headers.last { HTTPHeaderLine.namesMatch($0.name, name) }?.value
    }

    /// True for a 2xx status.
    public var isSuccess: Bool { (200 ..< 300).contains(statusCode) }
}
