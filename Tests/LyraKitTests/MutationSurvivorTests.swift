// Tests added for mutations that survived the first mutation run (docs/TESTING.md): edge cases of
// the HTTP status mapping, the loopback rule, request URLs and session file names that no other
// test pinned down.
import Foundation
import Testing
@testable import LyraKit

@Suite struct MutationSurvivorTests {
    @Test func retryAfterZeroSecondsMeansRetryNow() {
        #expect(HTTPStatusMapping.retryAfter("0") == 0)
        #expect(HTTPStatusMapping.retryAfter(" 0 ") == 0)
    }

    @Test func retryAfterADateInThePastMeansRetryNow() throws {
        let now = try #require(ISO8601DateFormatter().date(from: "2026-12-01T12:00:00Z"))
        #expect(HTTPStatusMapping.retryAfter("Tue, 01 Dec 2026 11:59:00 GMT", now: now) == 0)
        #expect(HTTPStatusMapping.retryAfter("Tue, 01 Dec 2026 12:00:30 GMT", now: now) == 30)
    }

    @Test func aServersDetailIsCutAt500Characters() {
        let long = String(repeating: "x", count: 800)
        let detail = HTTPStatusMapping.detail(from: Data(#"{"detail": "\#(long)"}"#.utf8))
        // Cut to 500 characters on one line, the cut marked with an ellipsis.
        #expect(detail == String(repeating: "x", count: 500) + "…")
        #expect(HTTPStatusMapping.detail(from: Data(#"{"detail": "  short  "}"#.utf8)) == "short")
    }

    @Test func aFullyQualifiedLoopbackNameIsStillLoopback() {
        #expect(BaseURLPolicy.isLoopback(host: "localhost."))
        #expect(BaseURLPolicy.isLoopback(host: "127.0.0.1."))
        #expect(!BaseURLPolicy.isLoopback(host: "example.com."))
    }

    /// M13: a fragment in the base URL never reaches the request line.
    @Test func aFragmentInTheBaseURLIsDropped() throws {
        let config = try APIConfig(baseURL: URL(string: "https://api.example.com/v2#top"), token: nil,
                                   userID: "u", appID: "lyra.cli", locale: "en")
        let request = try Endpoint.templates(appID: "lyra.cli").httpRequest(config: config)
        #expect(request.url.fragment == nil)
        #expect(request.url.absoluteString == "https://api.example.com/v2/pixverse/api/v1/get_templates/lyra.cli?user_id=u&app_id=lyra.cli")
    }

    /// M23: a session whose id starts with a dot is not stored as a hidden file, which the
    /// listing skips: it stays listed and loadable.
    @Test func aSessionIDStartingWithADotIsStoredVisibly() async throws {
        try await withTemporaryDirectory { directory in
            let store = SessionStore(directory: directory)
            let created = Date(timeIntervalSince1970: 1_795_946_400)
            _ = try await store.update(ChatSession(id: ".hidden", title: "dotted", createdAt: created)) { _ in }
            #expect(try await store.list().sessions.map(\.id) == [".hidden"])
            #expect(try await SessionStore(directory: directory).load(id: ".hidden").title == "dotted")
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(!names.contains(".hidden.json"))
        }
    }
}
