// The libcurl transport against the real local backend: redirects to another port carry no
// credentials and fail, same-origin redirects work, a POST is not re-sent, gzip bombs and
// oversized downloads fail fast and leave nothing behind; https to a plain-http port fails at once.
import Foundation
import LyraKit
import LyraTestSupport
import Testing

@Suite struct CurlRedirectAndCapTests {
    @Test func everyRedirectToAnotherPortIsRefusedWithoutContactingIt() async throws {
        let home = try RunningBackend()
        let elsewhere = try RunningBackend()
        let client = try TransportTestSupport.client(home)
        for status in [301, 302, 303, 307, 308] {
            try await home.control.injectFault(
                path: "/pixverse/api/v1/get_templates", status: status,
                headers: ["Location": elsewhere.url.absoluteString + "/pixverse/api/v1/get_templates/lyra.cli"])
            let error = await TransportTestSupport.apiError { _ = try await client.fetchTemplates() }
            #expect(error == .redirectRefused)
            #expect(error?.errorDescription == "redirected to another host: refused")
        }
        try await home.control.injectFault(path: "/dola/chats", status: 307,
                                           headers: ["Location": elsewhere.url.absoluteString + "/dola/chats/c/messages"])
        let chatError = await TransportTestSupport.apiError { _ = try await client.sendChatMessage(chatID: "c", message: "hi") }
        #expect(chatError == .redirectRefused)
        #expect(try await elsewhere.control.requests().isEmpty)
    }

    @Test func sameOriginRedirectIsFollowedWithItsCredentials() async throws {
        let backend = try RunningBackend()
        try await backend.control.injectFault(
            path: "/pixverse/api/v1/get_templates", status: 302,
            headers: ["Location": "/pixverse/api/v1/get_templates/lyra.cli?user_id=u-1&app_id=lyra.cli"])
        let templates = try await TransportTestSupport.client(backend).fetchTemplates()
        #expect(!templates.isEmpty)
        let requests = try await backend.control.requests()
        #expect(requests.count == 2)
        // Both requests succeeded against a backend that answers 401 without the token, which it records masked.
        #expect(requests.allSatisfy { $0.header("authorization") == "Bearer ••••" })
    }

    @Test func aSameOriginRedirectOfAPostIsNotReSent() async throws {
        let backend = try RunningBackend()
        try await backend.control.injectFault(path: "/dola/chats", status: 307,
                                              headers: ["Location": "/dola/chats/other/messages"])
        let error = await TransportTestSupport.apiError {
            _ = try await TransportTestSupport.client(backend).sendChatMessage(chatID: "c", message: "hi")
        }
        #expect(error?.errorDescription?.contains("was not re-sent") == true)
        #expect(try await backend.control.requests().count == 1)
    }

    @Test func aGzipBombFailsAtTheDecodedCap() async throws {
        let backend = try RunningBackend()
        let bomb = try GzipBomb.zeros(megabytes: 64)
        #expect(bomb.count < 1 << 20)
        try await backend.control.injectFault(json: """
            {"path": "/pixverse/api/v1/get_templates", "status": 200, "body_base64": "\(bomb.base64EncodedString())",
             "headers": {"Content-Encoding": "gzip"}}
            """)
        let error = await TransportTestSupport.apiError { _ = try await TransportTestSupport.client(backend).fetchTemplates() }
        #expect(error == .decodingError("the response is larger than 16 MiB"))
    }

    @Test func aDownloadOverTheCapStopsAndLeavesNoFile() async throws {
        try await withTemporaryDirectory { root in
            let backend = try RunningBackend()
            let body = String(repeating: "v", count: 300_000)
            try await backend.control.injectFault(path: "/media/", status: 200, body: body,
                                                  headers: ["Content-Type": "video/mp4"])
            try await backend.control.injectFault(json: """
                {"path": "/media/", "status": 200, "chunks": ["\(String(repeating: "v", count: 100_000))",
                 "\(String(repeating: "w", count: 100_000))", "\(String(repeating: "x", count: 100_000))"]}
                """)
            let client = try TransportTestSupport.client(backend, transport: CurlTransport(downloadLimit: 150_000))
            let destination = root.appending(path: "v.mp4")
            for _ in 0 ..< 2 {
                let error = await TransportTestSupport.apiError {
                    try await client.downloadVideo(from: "/media/v.mp4", to: destination) { _, _ in }
                }
                #expect(error == .networkError("the download from 127.0.0.1 is larger than 150000 bytes"))
                #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
            }
        }
    }

    @Test func anHTTPSURLOnAPlainHTTPPortFailsAtOnce() async throws {
        let backend = try RunningBackend()
        let url = try #require(URL(string: "https://127.0.0.1:\(TransportTestSupport.port(backend))/pixverse/api/v1/get_templates/x"))
        let error = await TransportTestSupport.apiError { _ = try await CurlTransport.shared.send(HTTPRequest(url: url, timeout: 60)) }
        // The reason is OpenSSL's ("wrong version number" with OpenSSL 3), without its error-code prefix.
        #expect(error?.errorDescription?.hasPrefix("network error: secure connection to 127.0.0.1 failed: ") == true)
        #expect(error?.errorDescription?.contains("OpenSSL") == false)
    }
}
