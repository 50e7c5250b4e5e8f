// The HTTP/1.1 server over real loopback sockets: keep-alive, limits, malformed input,
// chunked bodies, concurrency and shutdown.

import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import LyraBackend

@Suite struct ServerTests {
    private let chatBody = #"{"message":"hi"}"#

    private func chatRequest(connection: String = "keep-alive") -> String {
        "POST /dola/chats/c1/messages?user_id=u&app_id=a HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + "Connection: \(connection)\r\nContent-Length: \(chatBody.utf8.count)\r\n\r\n\(chatBody)"
    }

    @Test func startReturnsLoopbackBaseURLWithoutTrailingSlash() throws {
        let server = try RunningBackend()
        defer { server.stop() }
        #expect(server.baseURL.absoluteString.hasPrefix("http://127.0.0.1:"))
        #expect(!server.baseURL.absoluteString.hasSuffix("/"))
        #expect(server.port > 0)
        #expect(server.backend.baseURL == server.baseURL)
    }

    @Test func twoRequestsShareOneKeepAliveConnection() throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        client.send(chatRequest())
        let first = try #require(client.readResponse())
        client.send(chatRequest(connection: "close"))
        let second = try #require(client.readResponse())
        #expect(first.status == 200 && second.status == 200)
        #expect(first.headers["connection"] == "keep-alive")
        #expect(second.headers["connection"] == "close")
        #expect(String(decoding: second.body, as: UTF8.self).contains("you said \\\"hi\\\""))
        #expect(client.peerClosed())
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        client.send(chatRequest() + "GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(client.readResponse()?.status == 200)
        #expect(client.readResponse()?.status == 404)
    }

    @Test(arguments: [
        "GARBAGE\r\n\r\n",
        "GET\r\n\r\n",
        "GET /x HTTP/1.1 extra\r\n\r\n",
        "GET noslash HTTP/1.1\r\n\r\n",
        "G(T / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nno colon here\r\n\r\n",
        "GET / HTTP/1.1\r\nBad Name: x\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: -5\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 12abc\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
        "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        "\u{01}\u{02}\u{FF}\r\n\r\n",
    ])
    func malformedRequestsGet400AndClose(_ raw: String) throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        client.send(raw)
        let response = try #require(client.readResponse())
        #expect(response.status == 400)
        #expect(String(decoding: response.body, as: UTF8.self).contains("\"detail\""))
        #expect(client.peerClosed())
    }

    @Test func invalidUTF8InTheHeadIsRefusedNotFatal() throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        client.send(Array("GET / HTTP/1.1\r\nX: ".utf8) + [0xC3, 0x28, 0xFF] + Array("\r\n\r\n".utf8))
        #expect(client.readResponse()?.status == 400)
    }

    @Test func unsupportedVersionIsRefused() throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        client.send("GET / HTTP/2.0\r\n\r\n")
        #expect(client.readResponse()?.status == 400)
    }

    @Test func bodyOverTheLimitGets413() throws {
        let server = try RunningBackend(LocalBackendOptions(maxBodyBytes: 1000))
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        client.send("POST /ai-writing?user_id=u&app_id=a HTTP/1.1\r\nContent-Length: 1001\r\n\r\n")
        let response = try #require(client.readResponse())
        #expect(response.status == 413)
        #expect(String(decoding: response.body, as: UTF8.self).contains("too large"))
    }

    @Test func chunkedBodyOverTheLimitGets413() throws {
        let server = try RunningBackend(LocalBackendOptions(maxBodyBytes: 10))
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        client.send("POST /ai-writing HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n8\r\n12345678\r\n8\r\n12345678\r\n")
        #expect(client.readResponse()?.status == 413)
    }

    @Test func headerBlockOverTheLimitGets431() throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        client.send("GET / HTTP/1.1\r\nX-Long: " + String(repeating: "a", count: 70 * 1024) + "\r\n\r\n")
        #expect(client.readResponse()?.status == 431)
    }

    @Test func chunkedRequestBodyIsDecoded() throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        let head = "POST /dola/chats/c9/messages?user_id=u&app_id=a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n"
            + "Content-Type: application/json\r\n\r\n"
        client.send(head + "5;ext=1\r\n{\"mes\r\n0B\r\nsage\":\"yo\"}\r\n0\r\nX-Trailer: 1\r\n\r\n")
        let response = try #require(client.readResponse())
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self).contains("you said \\\"yo\\\""))
    }

    @Test func expectContinueGetsAnInterimResponse() throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        client.send("POST /dola/chats/c/messages?user_id=u&app_id=a HTTP/1.1\r\nExpect: 100-continue\r\n"
            + "Content-Length: \(chatBody.utf8.count)\r\n\r\n")
        #expect(client.readResponse()?.status == 100)
        client.send(chatBody)
        #expect(client.readResponse()?.status == 200)
    }

    @Test func concurrentConnectionsAreServedAtOnce() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        try await server.queueFaults([["path": "/dola", "hold": true, "count": 6]])
        // Six connections, each with a request already sent (the kernel queues them; no thread waits).
        let clients = try (0..<6).map { _ in try RawHTTPClient(port: server.port) }
        for client in clients { client.send(chatRequest(connection: "close")) }
        // All six are inside the server at the same moment, none answered: they are served at once
        // (a server taking one connection at a time would hold one and never read the others).
        try await waitUntilHeld(server, count: 6)
        let release = try await server.send("POST", "/_test/release", appQuery: false)
        #expect(release.object["released"] as? Int == 6)
        #expect(clients.map { $0.readResponse()?.status } == Array(repeating: 200, count: 6))
    }

    @Test func stopReturnsPromptlyAndClosesIdleConnections() throws {
        let server = try RunningBackend()
        let client = try RawHTTPClient(port: server.port)
        client.send(chatRequest())
        #expect(client.readResponse()?.status == 200)
        let started = Date()
        server.stop()
        // The idle connection would wait for its next request forever: a watchdog, not a speed bound.
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(client.peerClosed())
        #expect(!RawHTTPClient.canConnect(port: server.port))
    }

    @Test func stopInterruptsAnInjectedDelay() async throws {
        let server = try RunningBackend()
        _ = try await server.send("POST", "/_test/faults", appQuery: false, json: ["path": "/dola", "delay_ms": 60_000])
        let client = try RawHTTPClient(port: server.port)
        client.send(chatRequest())
        let deadline = Date().addingTimeInterval(50)  // a watchdog
        while try await server.recordedRequests().isEmpty, Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
        let started = Date()
        server.stop()
        // The delay lasts 60 s from the recorded request: returning well before that means stop() cut it
        // short (a watchdog margin for a loaded machine, not a speed bound).
        #expect(Date().timeIntervalSince(started) < 45)
        #expect(client.readResponse() == nil)
    }

    @Test func waitUntilStoppedReturnsAfterStop() async throws {
        let server = try RunningBackend()
        let waiter = Task.detached { server.backend.waitUntilStopped() }
        server.stop()
        await waiter.value
        #expect(throws: LocalBackendError.notStartable) { try server.backend.start() }
    }

    @Test func bindingATakenPortFailsWithErrnoText() throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let second = LocalBackend(options: LocalBackendOptions(port: UInt16(server.port)))
        #expect {
            try second.start()
        } throws: { error in
            guard case LocalBackendError.bindFailed(_, _, let reason)? = error as? LocalBackendError else { return false }
            return reason.lowercased().contains("in use")
        }
    }

    @Test func invalidHostIsRefused() {
        let backend = LocalBackend(options: LocalBackendOptions(host: "not a host"))
        #expect(throws: LocalBackendError.invalidHost("not a host")) { try backend.start() }
    }
}

@Suite struct IPv6ServerTests {
    @Test func listensOnIPv6LoopbackWithBracketedURL() async throws {
        let backend = LocalBackend(options: LocalBackendOptions(host: "::1"))
        let url: URL
        do { url = try backend.start() } catch { return }  // no IPv6 on this host: nothing to check
        defer { backend.stop() }
        #expect(url.absoluteString.hasPrefix("http://[::1]:"))
        // FoundationNetworking refuses bracketed IPv6 URLs, so connect with a plain socket.
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = UInt16(url.port ?? 0).bigEndian
        _ = inet_pton(AF_INET6, "::1", &address.sin6_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        }
        #expect(connected == 0)
        let request = Array("GET /nowhere HTTP/1.1\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, request.count, Int32(MSG_NOSIGNAL)) }
        var reply = [UInt8](repeating: 0, count: 4096)
        let count = reply.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, Int32(MSG_WAITALL)) }
        #expect(String(decoding: reply.prefix(max(count, 0)), as: UTF8.self).hasPrefix("HTTP/1.1 404 Not Found"))
    }
}

@Suite struct URLSessionLimitTests {
    @Test func urlSessionSeesThe413ForAnOversizedUpload() async throws {
        let server = try RunningBackend(LocalBackendOptions(maxBodyBytes: 64 * 1024))
        defer { server.stop() }
        let response = try await server.send(
            "POST", "/ai-writing", body: Data(repeating: 0x41, count: 256 * 1024), headers: ["Content-Type": "text/plain"])
        #expect(response.status == 413)
    }
}
