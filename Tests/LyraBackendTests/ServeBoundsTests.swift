// SPEC §16: what the local backend holds is bounded: 64 connections, a deadline for a request head,
// 100 MiB a body and 256 MiB of bodies in all; and a head with bare-LF line ends is answered
// (issue 33, finding 3). Deadlines are shortened through options; nothing here measures speed.
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import LyraBackend

@Suite struct ServeBoundsTests {
    /// A generous watchdog for waits on a loaded machine; never what a test measures.
    private static let watchdog: Duration = .seconds(60)

    @Test func theDefaultsAreTheSpecsBounds() {
        let options = LocalBackendOptions()
        #expect(options.maxConnections == 64)
        #expect(options.headDeadlineMilliseconds == 10_000)
        #expect(options.maxBodyBytes == 100 * 1024 * 1024)
        #expect(options.maxBufferedBytes == 256 * 1024 * 1024)
    }

    @Test func aRequestWithBareLFLineEndsIsAnswered() throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        client.send("GET /nowhere HTTP/1.1\nHost: x\n\n")
        #expect(client.readResponse()?.status == 404)
        let body = #"{"message":"lf"}"#
        client.send("POST /dola/chats/c/messages?user_id=u&app_id=a HTTP/1.1\nContent-Type: application/json\n"
            + "Content-Length: \(body.utf8.count)\n\n\(body)")
        let chat = try #require(client.readResponse())
        #expect(chat.status == 200 && String(decoding: chat.body, as: UTF8.self).contains("lf"))
    }

    @Test func a65thConnectionIsRefusedWhile64AreOpen() throws {
        var options = LocalBackendOptions()
        options.headDeadlineMilliseconds = 600_000  // the 64 must stay open however slow the machine
        let server = try RunningBackend(options)
        defer { server.stop() }
        var open: [RawHTTPClient] = []
        for _ in 0..<64 {
            let client = try RawHTTPClient(port: server.port)
            client.send("GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n")
            try #require(client.readResponse()?.status == 404)  // admitted, and kept alive
            open.append(client)
        }
        let extra = try RawHTTPClient(port: server.port)
        let refused = try #require(extra.readResponse())
        #expect(refused.status == 503 && refused.headers["connection"] == "close" && refused.headers["retry-after"] == "1")
        #expect(extra.peerClosed())
        // Once one of the 64 closes, a new connection is served again.
        open.removeFirst()
        let deadline = ContinuousClock.now.advanced(by: Self.watchdog)
        while true {
            let next = try RawHTTPClient(port: server.port)
            next.send("GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n")
            if next.readResponse()?.status == 404 { break }
            try #require(ContinuousClock.now < deadline, "no connection admitted after one of the 64 closed")
            usleep(10_000)
        }
        #expect(open.count == 63)
    }

    @Test func aSlowHeadIsCutAtTheDeadlineWhateverThePerReceiveTimeout() throws {
        var options = LocalBackendOptions()
        options.headDeadlineMilliseconds = 300
        let server = try RunningBackend(options)
        defer { server.stop() }
        let slow = try RawHTTPClient(port: server.port)
        slow.send("GET /nowhere HTTP/1.1\r\n")
        try drip(to: slow)
        #expect(slow.readResponse()?.status == 408)
        #expect(slow.peerClosed())
        // A connection that sends nothing at all is closed, without an answer.
        let silent = try RawHTTPClient(port: server.port)
        #expect(silent.peerClosed())
    }

    @Test func onAKeptAliveConnectionTheDeadlineCountsFromTheNextRequestsFirstByte() throws {
        var options = LocalBackendOptions()
        options.headDeadlineMilliseconds = 300
        let server = try RunningBackend(options)
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        client.send("GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(client.readResponse()?.status == 404)
        // Idle longer than the head deadline: still open (the idle timeout applies, not the deadline).
        #expect(!client.hasInput(withinMilliseconds: 1000))
        client.send("GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(client.readResponse()?.status == 404)
        client.send("GET /nowhere HTTP/1.1\r\n")
        try drip(to: client)
        #expect(client.readResponse()?.status == 408)
    }

    @Test func aBodyOverTheDefaultLimitGets413BeforeItIsSent() throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        client.send("POST /nowhere HTTP/1.1\r\nContent-Length: \(100 * 1024 * 1024 + 1)\r\n\r\n")
        #expect(client.readResponse()?.status == 413)
    }

    @Test func aJSONBodyOver16MiBGets413AndAnUploadMayBeLarger() throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let body = [UInt8](repeating: 0x61, count: (16 << 20) + 1)
        let json = try RawHTTPClient(port: server.port)
        json.send("POST /dola/chats/c/messages HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n")
        json.send(body)
        #expect(json.readResponse()?.status == 413)
        let upload = try RawHTTPClient(port: server.port)
        upload.send("POST /nowhere HTTP/1.1\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: \(body.count)\r\n\r\n")
        upload.send(body)
        #expect(upload.readResponse()?.status == 404)
    }

    @Test func aBodyThatWouldPassWhatAllConnectionsMayHoldGets503() throws {
        var options = LocalBackendOptions(maxBodyBytes: 1 << 20)
        options.maxBufferedBytes = 1 << 20
        let server = try RunningBackend(options)
        defer { server.stop() }
        let first = try RawHTTPClient(port: server.port)
        // The interim 100 comes once the server has counted the announced body.
        first.send("POST /nowhere HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 800000\r\n\r\n")
        #expect(first.readResponse()?.status == 100)
        let second = try RawHTTPClient(port: server.port)
        second.send("POST /nowhere HTTP/1.1\r\nContent-Length: 400000\r\n\r\n")
        let refused = try #require(second.readResponse())
        #expect(refused.status == 503 && refused.headers["retry-after"] == "1")
        first.send([UInt8](repeating: 0x61, count: 800_000))
        #expect(first.readResponse()?.status == 404)
        // The first body's share is given back once it has been answered.
        let deadline = ContinuousClock.now.advanced(by: Self.watchdog)
        while true {
            let third = try RawHTTPClient(port: server.port)
            third.send("POST /nowhere HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 400000\r\n\r\n")
            if third.readResponse()?.status == 100 {
                third.send([UInt8](repeating: 0x62, count: 400_000))
                #expect(third.readResponse()?.status == 404)
                break
            }
            try #require(ContinuousClock.now < deadline, "the budget was never given back")
            usleep(10_000)
        }
    }

    /// Sends one byte of a never-ending header line every 20 ms until the server answers or closes.
    private func drip(to client: RawHTTPClient) throws {
        let deadline = ContinuousClock.now.advanced(by: Self.watchdog)
        client.send("X-Slow: ")
        while !client.hasInput(withinMilliseconds: 20) {
            try #require(ContinuousClock.now < deadline, "the slow head was never cut")
            client.send("a")
        }
    }
}
