// RedirectPolicy as a pure function: same origin only, at most 5, never https→http, never a
// re-sent POST, relative Locations resolved against the request URL.
import Foundation
import LyraKit
import Testing

@Suite struct RedirectPolicyTests {
    private let base = URL(string: "https://api.example.com/v1/chat") ?? URL(filePath: "/")

    private func decide(_ location: String?, status: Int = 302, method: HTTPRequest.Method = .get,
                        hops: Int = 0) -> RedirectPolicy.Decision {
        RedirectPolicy.decide(url: base, method: method, status: status, location: location, redirectsSoFar: hops)
    }

    @Test func sameOriginRedirectsAreFollowedForEveryStatus() throws {
        let target = try #require(URL(string: "https://api.example.com/v2/chat"))
        for status in [301, 302, 303, 307, 308] {
            #expect(decide("/v2/chat", status: status) == .follow(target))
            #expect(decide("https://API.example.com:443/v2/chat", status: status) == .follow(
                try #require(URL(string: "https://API.example.com:443/v2/chat"))))
        }
    }

    @Test func otherOriginsAreRefused() {
        for location in ["https://evil.example/x", "https://api.example.com:8443/x", "//other.example/x"] {
            #expect(decide(location) == .refuse(.redirectRefused))
        }
        #expect(APIError.redirectRefused.errorDescription == "redirected to another host: refused")
    }

    @Test func httpsToHTTPIsRefusedAsADowngradeEvenOnTheSameHost() {
        for location in ["http://api.example.com/x", "http://api.example.com:443/x", "http://evil.example/x"] {
            #expect(decide(location) == .refuse(.insecureRedirectRefused))
        }
        #expect(APIError.insecureRedirectRefused.errorDescription == "redirect from https to http refused")
    }

    @Test func aPostIsNeverReSent() {
        for status in [301, 302, 303, 307, 308] {
            guard case .refuse(.networkError) = decide("/v2/chat", status: status, method: .post) else {
                Issue.record("status \(status): a POST redirect must be refused")
                continue
            }
        }
    }

    @Test func atMostFiveRedirects() {
        #expect(decide("/a", hops: 4) != .refuse(.networkError("too many redirects from api.example.com")))
        #expect(decide("/a", hops: 5) == .refuse(.networkError("too many redirects from api.example.com")))
    }

    @Test func nonRedirectsAreDelivered() {
        #expect(decide(nil) == .deliver)
        #expect(decide("/x", status: 200) == .deliver)
        #expect(decide("/x", status: 304) == .deliver)
    }
}
