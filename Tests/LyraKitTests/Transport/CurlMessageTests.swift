// What a failed request says (issue 33, finding 4), over loopback: a self-signed certificate gives
// libcurl's reason, oversized response headers say so, an HTTP/0.9 answer is named as not HTTP.
import Foundation
import LyraKit
import LyraTestSupport
import Testing

@Suite struct CurlMessageTests {
    private static func get(_ url: URL) async -> APIError? {
        await TransportTestSupport.apiError { _ = try await CurlTransport.shared.send(HTTPRequest(url: url)) }
    }

    @Test(.enabled(if: SelfSignedTLSServer.openssl != nil, "needs the openssl command (Debian: openssl) for a self-signed server"))
    func aSelfSignedCertificateIsNamedAsTheReason() async throws {
        let server = try await SelfSignedTLSServer.start()
        defer { server.stop() }
        let error = await Self.get(try #require(URL(string: "https://127.0.0.1:\(server.port)/")))
        #expect(error?.errorDescription
            == "network error: secure connection to 127.0.0.1 failed: SSL certificate problem: self-signed certificate")
    }

    @Test func oversizedResponseHeadersSaySo() async throws {
        let oneLine = try LoopbackHTTPServer([.respond(status: 200, headers: ["X-Big": String(repeating: "a", count: 1 << 20)])])
        let expected = "network error: the response headers from 127.0.0.1 are too large"
        #expect(await Self.get(oneLine.baseURL)?.errorDescription == expected)
        var many = "HTTP/1.1 200 OK\r\n"
        for index in 0..<8000 { many += "X-Field-\(index): \(String(repeating: "b", count: 40))\r\n" }
        let manyLines = try LoopbackHTTPServer([.raw(Data((many + "Content-Length: 2\r\n\r\n{}").utf8))])
        #expect(await Self.get(manyLines.baseURL)?.errorDescription == expected)
    }

    @Test func anHTTP09AnswerIsNotAnHTTPResponse() async throws {
        let server = try LoopbackHTTPServer([.raw(Data(#"{"chat_id": "x", "assistant_message": "hi"}"#.utf8))])
        #expect(await Self.get(server.baseURL)?.errorDescription
            == "network error: not an HTTP response from 127.0.0.1 (the server answered HTTP/0.9)")
    }
}

/// `openssl s_server` on 127.0.0.1 with a fresh self-signed certificate.
struct SelfSignedTLSServer {
    /// The openssl command, when installed.
    static let openssl = ["/usr/bin/openssl", "/usr/local/bin/openssl", "/bin/openssl"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    let port: Int
    private let process: BackgroundProcess
    private let directory: URL

    /// Makes a certificate for 127.0.0.1 and starts a server with it.
    static func start() async throws -> SelfSignedTLSServer {
        let openssl = URL(fileURLWithPath: try #require(openssl))
        let directory = FileManager.default.temporaryDirectory.appending(path: "lyra-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let key = directory.appending(path: "key.pem").path
        let certificate = directory.appending(path: "cert.pem").path
        let made = try await runProcess(executable: openssl, arguments: [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
            "-subj", "/CN=127.0.0.1", "-keyout", key, "-out", certificate])
        try #require(made.status == 0, "openssl req failed: \(made.stderr)")
        let process = try BackgroundProcess(executable: openssl, arguments: [
            "s_server", "-accept", "127.0.0.1:0", "-cert", certificate, "-key", key, "-www"], input: .open)
        try await process.awaitOutput(containing: "ACCEPT 127.0.0.1:")
        let line = process.stdoutSoFar.split(separator: "\n").first { $0.hasPrefix("ACCEPT 127.0.0.1:") } ?? ""
        let port = try #require(Int(line.dropFirst("ACCEPT 127.0.0.1:".count).trimmingCharacters(in: .whitespaces)))
        return SelfSignedTLSServer(port: port, process: process, directory: directory)
    }

    /// Ends the server and removes its files.
    func stop() {
        process.signal(SIGTERM)
        try? FileManager.default.removeItem(at: directory)
    }
}
