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

    /// M23: an id starting with a dot is never taken for a file name (`.x.json` would be a hidden
    /// file the listing skips): a session with such an id, in a file of another name, is found.
    @Test func aSessionWhoseIDStartsWithADotIsFoundInItsFile() async throws {
        try await withTemporaryDirectory { directory in
            let text = """
                {"id": ".hidden", "title": "dotted", "chatID": "c", "createdAt": "2026-11-29T10:00:00.000Z",
                 "updatedAt": "2026-11-29T10:00:00.000Z", "messages": []}
                """
            try Data(text.utf8).write(to: directory.appending(path: "imported.json"))
            try Data(#"{"id": "other", "title": "decoy", "messages": []}"#.utf8).write(to: directory.appending(path: ".hidden.json"))
            #expect(try await SessionStore(directory: directory).load(id: ".hidden").title == "dotted")
            #expect(try await SessionStore(directory: directory).list().sessions.map(\.id) == [".hidden"])
        }
    }
}
