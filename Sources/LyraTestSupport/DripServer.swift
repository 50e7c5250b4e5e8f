// A loopback HTTP server that answers every request with a valid JSON body sent one byte at a time
// (a "slow drip"), and a helper that finds a loopback port nobody listens on (connection refused).
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Answers each request with `200` and `body`, writing one byte every `interval`. Stopped on `deinit`.
public final class DripServer: Sendable {
    /// Its base URL, e.g. `http://127.0.0.1:40123`.
    public let url: URL
    private let listener: Int32

    /// Starts the server on an ephemeral loopback port.
    /// - Parameters:
    ///   - body: the response body (valid JSON, so only the pace is wrong).
    ///   - interval: the pause between bytes.
    /// - Throws: `HarnessError.launchFailed` when no socket can be bound.
    public convenience init(body: String = #"{"chat_id": "x", "assistant_message": "slow", "result_text": "slow", "templates": []}"#,
                            interval: Duration = .milliseconds(100)) throws {
        try self.init(bytes: Array(body.utf8), interval: interval)
    }

    /// Starts the server answering `bytes` (any bytes, e.g. invalid UTF-8) as the body, one byte every
    /// `interval` (zero: all at once).
    /// - Throws: `HarnessError.launchFailed` when no socket can be bound.
    public init(bytes: [UInt8], interval: Duration) throws {
        let pause = useconds_t(interval.components.attoseconds / 1_000_000_000_000 + interval.components.seconds * 1_000_000)
        let (fd, port) = try Self.listenLoopback(name: "DripServer") { Self.drip($0, bytes: bytes, pause: pause) }
        listener = fd
        url = URL(string: "http://127.0.0.1:\(port)") ?? URL(filePath: "/")
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// A loopback TCP port that refuses connections for the rest of the process (bound, never listening).
    /// - Throws: `HarnessError.launchFailed` when no socket can be bound.
    public static func closedLoopbackPort() throws -> Int {
        // Held for the rest of the process: a port merely closed could be taken by a test running
        // in parallel, and then the connection would not be refused.
        let refusing = try RefusingPort()
        reservedPorts.withLock { $0.append(refusing) }
        return Int(refusing.port)
    }

    /// The ports handed out by ``closedLoopbackPort()``, kept bound and never listening.
    private static let reservedPorts = Mutex<[RefusingPort]>([])

    private static func drip(_ client: Int32, bytes: [UInt8], pause: useconds_t) {
        defer { close(client) }
        var request: [UInt8] = []
        var scratch = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(client, &scratch, scratch.count, 0)
            guard count > 0 else { return }
            request.append(contentsOf: scratch[0..<count])
            if String(decoding: request, as: UTF8.self).contains("\r\n\r\n") { break }
        }
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
        guard send(client, head, head.utf8.count, Int32(MSG_NOSIGNAL)) > 0 else { return }
        if pause == 0 {
            _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
            return
        }
        for byte in bytes {
            usleep(pause)
            guard [byte].withUnsafeBytes({ send(client, $0.baseAddress, 1, Int32(MSG_NOSIGNAL)) }) == 1 else { return }
        }
    }

    /// A socket listening on an ephemeral loopback port, and the port; each connection is handed to
    /// `serve` on a thread of its own until the socket is shut down.
    static func listenLoopback(name: String, serve: @escaping @Sendable (Int32) -> Void) throws -> (Int32, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard fd >= 0, bound, listen(fd, 16) == 0 else {
            if fd >= 0 { close(fd) }
            throw HarnessError.launchFailed(executable: name, reason: "cannot listen on a loopback socket")
        }
        Thread.detachNewThread {
            while true {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }
                Thread.detachNewThread { serve(client) }
            }
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
