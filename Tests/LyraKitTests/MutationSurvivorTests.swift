// Tests added for mutations that survived the first mutation run (docs/TESTING.md): edge cases of
// the HTTP status mapping and of the loopback rule that no other test pinned down.
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
}
