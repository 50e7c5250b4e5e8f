// A tiny raw-socket HTTP/1.1 server on 127.0.0.1 for transport and client tests: it accepts one
// connection per scripted behaviour, records the request, then answers, drops or stalls.
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A loopback server that serves a fixed script of behaviours, one connection each.
final class LoopbackHTTPServer: Sendable {
    /// What to do with one connection after reading its request.
    enum Behavior: Sendable {
        /// Write this status, headers and body in one buffer, then close.
        case respond(status: Int, headers: [String: String] = [:], body: Data = Data())
        /// Write these bytes as they are (no HTTP head), then close.
        case raw(Data)
        /// Close the connection without answering.
        case drop
        /// Never answer; wait (at most 120 s, a watchdog) until the client goes away.
        case stall
        /// Write a `200` head with these headers and the start of a body that never ends, then wait as `.stall`.
        case streamThenStall(headers: [String: String], body: Data)
    }

    /// A request as the server read it.
    struct Request: Sendable {
        let method: String
        let target: String
        let headers: [String: String]
        let body: Data

        /// The path part of the target.
        var path: String { String(target.prefix { $0 != "?" }) }
        /// The decoded query parameters.
        var query: [String: String] {
            guard let components = URLComponents(string: "http://x" + target) else { return [:] }
            return Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { first, _ in first }
        }
    }

    let port: UInt16
    private let listener: Int32
    private let recorded = Mutex<[Request]>([])
    /// True once the serving thread closed the listener; guards `stop()` against a reused descriptor.
    private let listenerClosed = Mutex(false)
    /// How many stalled connections the server gave up on (the client never went away).
    private let stallsTimedOut = Mutex(0)

    /// Starts listening on an ephemeral loopback port and serves `behaviors` in order.
    init(_ behaviors: [Behavior]) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else { close(fd); throw POSIXError(.EADDRINUSE) }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in serve(behaviors) }
        thread.start()
    }

    /// The server's base URL, e.g. `http://127.0.0.1:40123`.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The requests read so far.
    var requests: [Request] { recorded.withLock { $0 } }

    /// Whether every stalled connection so far ended because the client went away, never because
    /// the server stopped waiting: a client that returned while this holds did not wait for an answer.
    var everyStallEndedByTheClient: Bool { stallsTimedOut.withLock { $0 } == 0 }

    /// Waits (polling, at most `seconds`, a watchdog) until `count` requests have been read.
    func waitForRequests(_ count: Int, seconds: Double = 60) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while requests.count < count, Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
    }

    /// Stops accepting connections (the serving thread then closes the listener).
    func stop() {
        listenerClosed.withLock { closed in
            if !closed { shutdown(listener, Int32(SHUT_RDWR)) }
        }
    }

    /// Waits (polling, at most `seconds`, a watchdog) until the listener is closed, so connecting is refused.
    func waitUntilClosed(seconds: Double = 60) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !listenerClosed.withLock({ $0 }), Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
    }

    // MARK: - Serving

    private func serve(_ behaviors: [Behavior]) {
        defer {
            listenerClosed.withLock { closed in
                closed = true
                close(listener)
            }
        }
        for behavior in behaviors {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            if let request = readRequest(client) {
                recorded.withLock { $0.append(request) }
                act(behavior, on: client)
            }
            lingeringClose(client)
        }
    }

    private func act(_ behavior: Behavior, on client: Int32) {
        switch behavior {
        case let .respond(status, headers, body):
            var head = "HTTP/1.1 \(status) Status\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            writeAll(client, Data((head + "\r\n").utf8) + body)
        case let .raw(bytes):
            writeAll(client, bytes)
        case .drop:
            return
        case .stall:
            waitForTheClientToLeave(client)
        case let .streamThenStall(headers, body):
            var head = "HTTP/1.1 200 OK\r\nConnection: close\r\n"   // no length: the body runs until close
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            writeAll(client, Data((head + "\r\n").utf8) + body)
            waitForTheClientToLeave(client)
        }
    }

    /// Waits (at most 120 s, a watchdog, counted in `stallsTimedOut`) until the client goes away.
    private func waitForTheClientToLeave(_ client: Int32) {
        var descriptor = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 120_000) == 0 { stallsTimedOut.withLock { $0 += 1 } }
    }

    /// Half-closes, drains what the client still sends (briefly), then closes: a plain close with
    /// unread input would reset the connection and could destroy the response in flight.
    private func lingeringClose(_ client: Int32) {
        shutdown(client, Int32(SHUT_WR))
        var descriptor = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, 1000) > 0, readSome(client) != nil {}
        close(client)
    }

    private func readRequest(_ client: Int32) -> Request? {
        var buffer = Data()
        let separator = Data("\r\n\r\n".utf8)
        while buffer.range(of: separator) == nil {
            guard let chunk = readSome(client) else { return nil }
            buffer.append(chunk)
        }
        guard let end = buffer.range(of: separator) else { return nil }
        let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        var body = Data(buffer[end.upperBound...])
        let requestLine = head[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if headers["expect"]?.lowercased() == "100-continue" { writeAll(client, Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)) }
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            guard let decoded = readChunked(client, buffered: body) else { return nil }
            body = decoded
        } else if let length = Int(headers["content-length"] ?? "0") {
            while body.count < length {
                guard let chunk = readSome(client) else { return nil }
                body.append(chunk)
            }
        }
        return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }

    private func readChunked(_ client: Int32, buffered: Data) -> Data? {
        var raw = buffered
        var body = Data()
        let crlf = Data("\r\n".utf8)
        while true {
            while raw.range(of: crlf) == nil {
                guard let chunk = readSome(client) else { return nil }
                raw.append(chunk)
            }
            guard let lineEnd = raw.range(of: crlf),
                  let size = Int(String(decoding: raw[..<lineEnd.lowerBound], as: UTF8.self)
                      .split(separator: ";")[0].trimmingCharacters(in: .whitespaces), radix: 16) else { return nil }
            while raw.count < lineEnd.upperBound - raw.startIndex + size + 2 {
                guard let chunk = readSome(client) else { return nil }
                raw.append(chunk)
            }
            let start = lineEnd.upperBound
            body.append(raw[start ..< start + size])
            raw = Data(raw[(start + size + 2)...])
            if size == 0 { return body }
        }
    }

    private func readSome(_ client: Int32) -> Data? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = read(client, &chunk, chunk.count)
        return count > 0 ? Data(chunk[0 ..< count]) : nil
    }

    private func writeAll(_ client: Int32, _ data: Data) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
