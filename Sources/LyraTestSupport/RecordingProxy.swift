// A stand-in HTTP proxy on 127.0.0.1 for proxy tests: it records the head of every request that
// reaches it (absolute-form `GET http://host/…`, or `CONNECT host:443`) and answers each with one
// canned response itself. It never connects anywhere, so tests send nothing off the machine.
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A fake proxy that answers every request with `status`, `headers` and `body`. Stopped on `deinit`.
public final class RecordingProxy: Sendable {
    /// Its port on 127.0.0.1.
    public let port: Int
    private let listener: Int32
    private let log: HeadLog

    /// `http://127.0.0.1:PORT`, the value for `http_proxy`.
    public var url: String { "http://127.0.0.1:\(port)" }
    /// `127.0.0.1:PORT`, as Lyra names the proxy.
    public var address: String { "127.0.0.1:\(port)" }
    /// The head (request line and fields, CRLF-separated) of every request received so far, oldest first.
    public var requestHeads: [String] { log.heads.withLock { $0 } }

    /// Starts the proxy on an ephemeral loopback port.
    /// - Throws: `HarnessError.launchFailed` when no socket can be bound.
    public init(status: Int = 200, headers: [String: String] = ["Content-Type": "application/json"], body: String = "{}") throws {
        let fields = headers.map { "\($0.key): \($0.value)\r\n" }.sorted().joined()
        let answer = Array("HTTP/1.1 \(status) Canned\r\n\(fields)Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)".utf8)
        let log = HeadLog()
        self.log = log
        (listener, port) = try DripServer.listenLoopback(name: "RecordingProxy") { Self.serve($0, answer: answer, log: log) }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// Reads one request (head and a `Content-Length` body), records its head, answers, closes.
    private static func serve(_ client: Int32, answer: [UInt8], log: HeadLog) {
        defer { close(client) }
        var received: [UInt8] = []
        var scratch = [UInt8](repeating: 0, count: 16 << 10)
        var head: String?
        var needed = Int.max
        while received.count < needed {
            let count = recv(client, &scratch, scratch.count, 0)
            guard count > 0 else { break }
            received.append(contentsOf: scratch[0..<count])
            if head == nil, let end = received.firstRange(of: Array("\r\n\r\n".utf8)) {
                let text = String(decoding: received[..<end.lowerBound], as: UTF8.self)
                head = text
                needed = end.upperBound + contentLength(text)
            }
        }
        guard let head else { return }
        log.heads.withLock { $0.append(head) }
        _ = answer.withUnsafeBytes { send(client, $0.baseAddress, answer.count, Int32(MSG_NOSIGNAL)) }
    }

    private static func contentLength(_ head: String) -> Int {
        for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
            return Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        return 0
    }
}

/// The heads a `RecordingProxy` received, shared with its serving threads.
private final class HeadLog: Sendable {
    let heads = Mutex<[String]>([])
}
