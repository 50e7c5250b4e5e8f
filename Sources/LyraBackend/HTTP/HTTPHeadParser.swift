// Parses the head (request line and header fields) of an HTTP/1.1 request from raw bytes.
// Pure functions over byte buffers, so garbage input is tested without sockets.

import Foundation

/// Why a request could not be read; each case maps to one error status.
enum HTTPParseError: Error, Equatable {
    case malformedRequestLine
    case malformedHeader
    case unsupportedVersion
    case invalidContentLength
    case conflictingFraming
    case unsupportedTransferEncoding
    case malformedChunk
    case headerTooLarge
    case bodyTooLarge
    /// The head did not arrive within the head deadline.
    case headTimeout
    /// The body would pass what all connections together may hold (`RequestBudget`).
    case serverFull

    /// The status the server answers with.
    var status: Int {
        switch self {
        case .headerTooLarge: return 431
        case .bodyTooLarge: return 413
        case .headTimeout: return 408
        case .serverFull: return 503
        case .unsupportedTransferEncoding: return 501
        default: return 400
        }
    }

    /// The `detail` text of the error response.
    var detail: String {
        switch self {
        case .malformedRequestLine: return "malformed request line"
        case .malformedHeader: return "malformed header field"
        case .unsupportedVersion: return "unsupported HTTP version"
        case .invalidContentLength: return "invalid Content-Length"
        case .conflictingFraming: return "both Content-Length and Transfer-Encoding given"
        case .unsupportedTransferEncoding: return "only chunked transfer encoding is supported"
        case .malformedChunk: return "malformed chunked body"
        case .headerTooLarge: return "request header block too large"
        case .bodyTooLarge: return "request body too large"
        case .headTimeout: return "request head not received in time"
        case .serverFull: return "the server holds too many request bodies at once; try again later"
        }
    }
}

/// How the body of a request is delimited.
enum BodyFraming: Equatable {
    case none
    case contentLength(Int)
    case chunked
}

/// The request line and header fields of a request.
struct HTTPRequestHead: Equatable {
    var method: String
    var target: String
    var version: String
    var headers: [(String, String)]

    static func == (lhs: HTTPRequestHead, rhs: HTTPRequestHead) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.version == rhs.version
            && lhs.headers.map(\.0) == rhs.headers.map(\.0) && lhs.headers.map(\.1) == rhs.headers.map(\.1)
    }

    /// The value of header `name` (lower-case), repeated fields joined with ", ".
    func header(_ name: String) -> String? {
        let values = headers.filter { $0.0 == name }.map(\.1)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// The body framing the headers announce.
    /// - Throws: `HTTPParseError` for bad or conflicting lengths and unknown encodings.
    func framing() throws(HTTPParseError) -> BodyFraming {
        let lengths = headers.filter { $0.0 == "content-length" }.map(\.1)
        if let encoding = header("transfer-encoding") {
            guard lengths.isEmpty else { throw .conflictingFraming }
            guard encoding.lowercased().trimmed == "chunked" else { throw .unsupportedTransferEncoding }
            return .chunked
        }
        guard let first = lengths.first else { return .none }
        guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 18,
              first.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let length = Int(first) else { throw .invalidContentLength }
        return length == 0 ? .none : .contentLength(length)
    }
}

/// Finds and parses request heads in a receive buffer.
enum HTTPHeadParser {
    /// The index just past the blank line ending the head, searching from `start`; nil when absent.
    /// Lines may end in CRLF or a bare LF (RFC 9112 §2.2 lets a server accept LF), so the head ends
    /// at LF LF, LF CR LF, or the usual CRLF CRLF.
    static func headEnd(in buffer: [UInt8], from start: Int) -> Int? {
        var index = max(start, 0)
        while index + 1 < buffer.count {
            if buffer[index] == 10 {
                if buffer[index + 1] == 10 { return index + 2 }
                if buffer[index + 1] == 13, index + 2 < buffer.count, buffer[index + 2] == 10 { return index + 3 }
            }
            index += 1
        }
        return nil
    }

    /// Parses the head held in `bytes` (request line through the blank line that ends it).
    /// - Throws: `HTTPParseError` for anything that is not a well-formed HTTP/1.x head.
    static func parse(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPRequestHead {
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .malformedHeader }
        // Split at LF, dropping the CR before it (a lone CR stays in its line, where it is refused
        // below); the pieces are valid UTF-8 since they end at ASCII bytes. An empty line before the
        // request line is ignored (RFC 9112 §2.2).
        var lines: [String] = []
        var start = bytes.startIndex
        for index in bytes.indices where bytes[index] == 10 {
            let end = index > start && bytes[index - 1] == 13 ? index - 1 : index
            if !(lines.isEmpty && start == end) { lines.append(String(decoding: bytes[start..<end], as: UTF8.self)) }
            start = index + 1
        }
        if start < bytes.endIndex { lines.append(String(decoding: bytes[start...], as: UTF8.self)) }
        guard let requestLine = lines.first else { throw .malformedRequestLine }
        let (method, target, version) = try parseRequestLine(requestLine)
        var headers: [(String, String)] = []
        for line in lines.dropFirst() where !line.isEmpty {
            headers.append(try parseHeaderLine(line))
        }
        return HTTPRequestHead(method: method, target: target, version: version, headers: headers)
    }

    private static func parseRequestLine(_ line: String) throws(HTTPParseError) -> (String, String, String) {
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformedRequestLine }
        let method = String(parts[0]), target = String(parts[1]), version = String(parts[2])
        guard !method.isEmpty, method.utf8.allSatisfy(isTokenByte) else { throw .malformedRequestLine }
        guard target.hasPrefix("/"), target.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            throw .malformedRequestLine
        }
        guard version.hasPrefix("HTTP/") else { throw .malformedRequestLine }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw .unsupportedVersion }
        return (method, target, version)
    }

    private static func parseHeaderLine(_ line: String) throws(HTTPParseError) -> (String, String) {
        guard let colon = line.firstIndex(of: ":") else { throw .malformedHeader }
        let name = String(line[..<colon])
        guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else { throw .malformedHeader }
        let value = String(line[line.index(after: colon)...]).trimmed
        guard !value.unicodeScalars.contains(where: { $0.value < 32 && $0 != "\t" }) else { throw .malformedHeader }
        return (name.lowercased(), value)
    }

    /// RFC 9110 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmed: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
