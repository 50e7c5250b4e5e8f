// A raw TCP client for tests that need exact bytes on the wire: keep-alive, garbage,
// oversized requests, dropped and truncated responses.

import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// A blocking loopback TCP connection with a receive timeout.
final class RawHTTPClient {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(result == 0)
        // A watchdog: a loaded parallel run can keep the server from answering for tens of seconds.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Whether a TCP connection to the loopback port is accepted.
    static func canConnect(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        } == 0
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// Reads more bytes; false at end of stream or timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 65536, 0) }
        guard count > 0 else { return false }
        buffer += chunk[0..<count]
        return true
    }

    /// Reads one response (by Content-Length); nil when the connection closed before a full response.
    func readResponse() -> (status: Int, headers: [String: String], body: [UInt8])? {
        guard let (status, headers) = readHead() else { return nil }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count < length {
            guard fill() else { return nil }
        }
        let body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return (status, headers, body)
    }

    /// Reads a response's status line and headers (names lower-cased), leaving its body unread.
    func readHead() -> (status: Int, headers: [String: String])? {
        var headEnd = findHeadEnd()
        while headEnd == nil {
            guard fill() else { return nil }
            headEnd = findHeadEnd()
        }
        guard let end = headEnd else { return nil }
        let head = String(decoding: buffer[0..<end], as: UTF8.self)
        buffer.removeFirst(end)
        let lines = head.components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        let status = statusParts.count > 1 ? Int(statusParts[1]) ?? 0 : 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (status, headers)
    }

    /// Reads the next chunk of a chunked body as soon as it has fully arrived: its bytes, `[]` for
    /// the terminating zero-length chunk, nil when the connection ended (or 5 s passed) first.
    func readChunk() -> [UInt8]? {
        var lineEnd = crlf(from: 0)
        while lineEnd == nil {
            guard fill() else { return nil }
            lineEnd = crlf(from: 0)
        }
        guard let sizeEnd = lineEnd, let size = Int(String(decoding: buffer[0..<sizeEnd], as: UTF8.self), radix: 16) else {
            return nil
        }
        let total = sizeEnd + 2 + size + 2
        while buffer.count < total {
            guard fill() else { return nil }
        }
        let chunk = Array(buffer[(sizeEnd + 2)..<(sizeEnd + 2 + size)])
        buffer.removeFirst(total)
        return chunk
    }

    private func crlf(from start: Int) -> Int? {
        guard buffer.count >= start + 2 else { return nil }
        return (start..<(buffer.count - 1)).first { buffer[$0] == 13 && buffer[$0 + 1] == 10 }
    }

    /// Everything the server sends until it closes (or 5 s pass).
    func readToEnd() -> [UInt8] {
        while fill() {}
        defer { buffer.removeAll() }
        return buffer
    }

    /// Whether the server has closed the connection (end of stream, not a timeout).
    func peerClosed() -> Bool {
        while fill() {}
        var probe = [UInt8](repeating: 0, count: 1)
        return probe.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 1, 0) } == 0
    }

    /// Whether the server sent something (or closed) within `milliseconds`, without reading it.
    func hasInput(withinMilliseconds milliseconds: Int32) -> Bool {
        if !buffer.isEmpty { return true }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    private func findHeadEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index + 4
        }
        return nil
    }
}
