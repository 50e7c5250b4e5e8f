// One parsed HTTP/1.1 request as the local backend's routes see it.

import Foundation

/// A complete request: request line, headers (names lower-cased) and the decoded body.
struct HTTPRequest: Sendable {
    var method: String
    /// The request target exactly as received, e.g. `/status?id=1`.
    var target: String
    /// The percent-decoded path without the query.
    var path: String
    /// Query parameters in order, percent-decoded (`+` is a space).
    var query: [(String, String)]
    var version: String
    /// Header fields in order; names are lower-cased.
    var headers: [(String, String)]
    var body: [UInt8]
    /// The number of the connection the request came on (1 for the first accepted), so a test can
    /// tell reused connections from new ones whatever else connects to the port.
    var connection = 0

    /// The value of header `name` (any case); repeated fields are joined with ", ".
    func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        var values: [String] = []
        for (field, value) in headers where field == wanted { values.append(value) }
        return values.count > 1 ? values.joined(separator: ", ") : values.first
    }

    /// The first value of query parameter `name`.
    func queryValue(_ name: String) -> String? {
        query.first { $0.0 == name }?.1
    }

    /// Whether the connection stays open after this request's response.
    var wantsKeepAlive: Bool {
        let connection = header("connection")?.lowercased() ?? ""
        if version == "HTTP/1.0" { return connection.contains("keep-alive") }
        return !connection.contains("close")
    }

    /// The media type of the body without parameters, lower-cased (e.g. `application/json`).
    var mediaType: String {
        guard let value = header("content-type") else { return "" }
        var base = value.prefix { $0 != ";" }
        while let first = base.first, first == " " || first == "\t" { base.removeFirst() }
        while let last = base.last, last == " " || last == "\t" { base.removeLast() }
        return base.lowercased()
    }
}

extension HTTPRequest {
    /// Splits a request target into a decoded path and decoded query pairs.
    static func splitTarget(_ target: String) -> (path: String, query: [(String, String)]) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let rawPath = parts.first.map(String.init) ?? ""
        let path = PercentDecoding.decode(rawPath, plusIsSpace: false)
        guard parts.count == 2 else { return (path, []) }
        let pairs = parts[1].split(separator: "&").map { item -> (String, String) in
            let kv = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = PercentDecoding.decode(String(kv[0]), plusIsSpace: true)
            let value = kv.count > 1 ? PercentDecoding.decode(String(kv[1]), plusIsSpace: true) : ""
            return (key, value)
        }
        return (path, pairs)
    }
}
