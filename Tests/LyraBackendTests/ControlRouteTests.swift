// The test control routes: injected faults (status, headers, drop, truncate, delay, count),
// recorded requests, configuration and reset.

import Foundation
import Testing
@testable import LyraBackend

@Suite struct ControlRouteTests {
    private let chatHead = "POST /dola/chats/c/messages?user_id=u&app_id=a HTTP/1.1\r\nContent-Type: application/json\r\n"

    private func rawChat(_ client: RawHTTPClient) {
        let body = #"{"message":"hi"}"#
        client.send(chatHead + "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
    }

    @Test func statusFaultAppliesCountTimesThenTheRouteAnswersAgain() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let queued = try await server.send("POST", "/_test/faults", appQuery: false, json: [
            ["path": "/dola/chats", "method": "POST", "status": 503, "headers": ["Retry-After": "1"], "count": 2],
        ])
        #expect(queued.object["queued"] as? Int == 1)
        let other = try await server.send("POST", "/ai-writing", json: ["text": "x", "improve": true])
        #expect(other.status == 200)
        for _ in 0..<2 {
            let faulted = try await server.send("POST", "/dola/chats/c/messages", json: ["message": "x"])
            #expect(faulted.status == 503 && faulted.headers["retry-after"] == "1" && faulted.detail != nil)
        }
        let healed = try await server.send("POST", "/dola/chats/c/messages", json: ["message": "x"])
        #expect(healed.status == 200)
    }

    @Test func rawBodyFaultServesMalformedJSON() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        _ = try await server.send("POST", "/_test/faults", appQuery: false,
                                  json: ["path": "/ai-writing", "status": 200, "body": "{\"result_text\": "])
        let response = try await server.send("POST", "/ai-writing", json: ["text": "x", "improve": true])
        #expect(response.status == 200 && response.text == "{\"result_text\": " && response.json == nil)
    }

    @Test func dropClosesWithoutAnswering() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        _ = try await server.send("POST", "/_test/faults", appQuery: false, json: ["path": "/dola", "drop": true])
        let client = try RawHTTPClient(port: server.port)
        rawChat(client)
        #expect(client.readToEnd().isEmpty)
    }

    @Test func truncateAnnouncesMoreThanItSends() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        _ = try await server.send("POST", "/_test/faults", appQuery: false,
                                  json: ["path": "/dola", "truncate": true, "body": "{\"chat_id\":"])
        let client = try RawHTTPClient(port: server.port)
        rawChat(client)
        let raw = String(decoding: client.readToEnd(), as: UTF8.self)
        let parts = raw.components(separatedBy: "\r\n\r\n")
        #expect(raw.hasPrefix("HTTP/1.1 200 "))
        #expect(raw.contains("Content-Length: 111\r\n") && parts.last == "{\"chat_id\":")
    }

    @Test func delayHoldsTheRealAnswer() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        _ = try await server.send("POST", "/_test/faults", appQuery: false, json: ["path": "/dola", "delay_ms": 300])
        let started = Date()
        let response = try await server.send("POST", "/dola/chats/c/messages", json: ["message": "slow"])
        #expect(Date().timeIntervalSince(started) >= 0.3)
        #expect(response.status == 200 && (response.object["assistant_message"] as? String)?.contains("slow") == true)
    }

    @Test(arguments: [#"{"status": 500}"#, #"{"path": "/x", "status": 99}"#, #"{"path": "/x", "count": 0}"#, "nope"])
    func invalidFaultsAre422(_ body: String) async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let response = try await server.send("POST", "/_test/faults", appQuery: false, body: Data(body.utf8))
        #expect(response.status == 422 && response.detail != nil)
    }

    @Test func requestsAreRecordedWithQueryHeadersBodyAndParts() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        _ = try await server.send("POST", "/dola/chats/c7/messages?locale=ru", json: ["message": "Привет"],
                                  headers: ["Authorization": "Bearer t0k"])
        var form = MultipartBody()
        form.addText("template_id", "1")
        form.addFile("image", filename: "photo1.jpg", bytes: try photo("red.jpg"))
        _ = try await server.send("POST", "/pixverse/api/v1/template2video", body: form.finished(),
                                  headers: ["Content-Type": form.contentType])
        let recorded = try await server.recordedRequests()
        #expect(recorded.count == 2)
        let chat = recorded[0]
        #expect(chat["method"] as? String == "POST" && chat["path"] as? String == "/dola/chats/c7/messages")
        #expect(chat["query"] as? [String: String] == ["locale": "ru", "user_id": "u1", "app_id": "lyra.cli"])
        #expect((chat["headers"] as? [String: String])?["authorization"] == "Bearer ••••")
        #expect(chat["body_bytes"] as? Int == (chat["body_text"] as? String)?.utf8.count)
        #expect((chat["body_text"] as? String)?.contains("Привет") == true)
        let parts = try #require(recorded[1]["parts"] as? [[String: Any]])
        #expect(parts.map { $0["name"] as? String } == ["template_id", "image"])
        #expect(parts[0]["value"] as? String == "1" && parts[1]["filename"] as? String == "photo1.jpg")
        #expect(parts[1]["size"] as? Int == (try photo("red.jpg")).count && parts[1]["content_type"] as? String == "image/jpeg")
        #expect(recorded[1]["body_text"] is NSNull)
    }

    @Test func resetClearsFaultsRequestsConfigAndSubscriptions() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        _ = try await server.send("POST", "/_test/faults", appQuery: false, json: ["path": "/ai-writing", "status": 500])
        _ = try await server.send("POST", "/_test/config", appQuery: false, json: ["templates_bare_array": true])
        _ = try await server.send("GET", "/checkout/u1/lyra.weekly", appQuery: false)
        let reset = try await server.send("POST", "/_test/reset", appQuery: false)
        #expect(reset.status == 200)
        #expect(try await server.recordedRequests().isEmpty)
        let writing = try await server.send("POST", "/ai-writing", json: ["text": "x", "improve": true])
        #expect(writing.status == 200)
        let templates = try await server.send("GET", "/pixverse/api/v1/get_templates/a")
        #expect(templates.object["templates"] != nil)
        let customer = try await server.send("POST", "/v1/customers", appQuery: false, json: ["user_id": "u1"],
                                             headers: ["APPHUD-API-KEY": "k"])
        let results = (customer.object["data"] as? [String: Any])?["results"] as? [String: Any]
        #expect((results?["subscriptions"] as? [Any])?.isEmpty == true)
    }

    @Test func configRejectsNegativeValues() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let response = try await server.send("POST", "/_test/config", appQuery: false, json: ["video_polls_to_complete": -1])
        #expect(response.status == 422)
    }
}
