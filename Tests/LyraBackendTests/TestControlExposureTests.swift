// SPEC §16: the test controls (/_test/*) exist only when asked for, and what they show of a request
// holds no credential and at most 4 KiB of its body (issue 33, finding 3).
import Foundation
import Testing
@testable import LyraBackend

@Suite struct TestControlExposureTests {
    @Test func testControlsAreOffUnlessAskedForWhateverTheHost() async throws {
        #expect(LocalBackendOptions().testRoutes == false)
        #expect(LocalBackendOptions(host: "127.0.0.1").testRoutes == false)
        let plain = try RunningBackend(testRoutes: false)
        defer { plain.stop() }
        #expect(try await plain.send("GET", "/_test/requests", appQuery: false).status == 404)
        #expect(try await plain.send("GET", "/_test/config", appQuery: false).status == 404)
        for path in ["/_test/faults", "/_test/config", "/_test/reset"] {
            let hidden = try await plain.send("POST", path, appQuery: false, json: ["path": "/ai-writing", "status": 500])
            #expect(hidden.status == 404, "POST \(path)")
        }
        // The fault was not queued: the route answers as usual.
        #expect(try await plain.send("POST", "/ai-writing", json: ["text": "x", "improve": true]).status == 200)
        let controlled = try RunningBackend()
        defer { controlled.stop() }
        #expect(try await controlled.send("GET", "/_test/requests", appQuery: false).status == 200)
    }

    @Test func aRecordedRequestShowsNoCredentialValue() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        // Every credential value holds "zq", which appears nowhere else in the listing.
        let secrets = [
            "Authorization": "Bearer sk-zq1", "Proxy-Authorization": "Basic zq2", "APPHUD-API-KEY": "app_zq3",
            "Cookie": "session=zq4", "X-Api-Key": "zq5", "X-Session-Token": "zq6", "X-Client-Secret": "zq7",
            "X-Custom-Key-Id": "zq8",
        ]
        _ = try await server.send("POST", "/ai-writing", json: ["text": "hi", "improve": true],
                                  headers: secrets.merging(["X-Trace": "visible-9"]) { $1 })
        let listing = try await server.send("GET", "/_test/requests", appQuery: false)
        #expect(listing.status == 200 && !listing.text.contains("zq"), "\(listing.text)")
        let headers = try #require(try await server.recordedRequests().first?["headers"] as? [String: String])
        #expect(headers["authorization"] == "Bearer ••••" && headers["proxy-authorization"] == "Basic ••••")
        for name in ["apphud-api-key", "cookie", "x-api-key", "x-session-token", "x-client-secret", "x-custom-key-id"] {
            #expect(headers[name] == "••••", "\(name)")
        }
        #expect(headers["x-trace"] == "visible-9")
    }

    @Test func aRecordedBodyIsCutTo4KiBWithItsSizeNoted() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        // One ASCII byte, then two-byte characters: 4 KiB falls inside a character and the cut backs off.
        let text = "x" + String(repeating: "é", count: 20_000)
        _ = try await server.send("POST", "/nowhere", appQuery: false, body: Data(text.utf8),
                                  headers: ["Content-Type": "text/plain"])
        let record = try #require(try await server.recordedRequests().first)
        #expect(record["body_bytes"] as? Int == 40_001)
        let recorded = try #require(record["body_text"] as? String)
        #expect(recorded == "x" + String(repeating: "é", count: 2047) + "…[cut: 40001 bytes in all]")
        #expect(LocalBackendOptions().maxRecordedBodyBytes == 4096)
    }

    @Test func aLongTextPartIsCutLikeABody() {
        #expect(RequestRecord.cut(Array(repeating: 0x61, count: 5000)[...], limit: 4096)
            == String(repeating: "a", count: 4096) + "…[cut: 5000 bytes in all]")
        #expect(RequestRecord.cut(Array("short".utf8)[...], limit: 4096) == "short")
        #expect(RequestRecord.cut([0xFF, 0xFE][...], limit: 4096) == nil)
    }
}
