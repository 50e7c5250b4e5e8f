// APIError: the user-facing messages of SPEC §4, transient classification, status mapping,
// and the token never appearing in any description.
import Foundation
import Testing
@testable import LyraKit

@Suite struct APIErrorTests {
    @Test func messagesSayWhatHappenedAndTheAdviceIsTyped() {
        #expect(APIError.unauthorized.localizedDescription == "unauthorized: check your token")
        #expect(APIError.unauthorized.advice == .logIn)
        #expect(APIError.subscriptionRequired.localizedDescription == "subscription required")
        #expect(APIError.subscriptionRequired.advice == .subscribe)
        #expect(APIError.invalidResponse(statusCode: 500, detail: "db down").localizedDescription == "server error 500: db down")
        #expect(APIError.invalidResponse(statusCode: 500, detail: nil).localizedDescription == "server error 500")
        #expect(APIError.invalidResponse(statusCode: 500, detail: nil).advice == nil)
        #expect(APIError.rateLimited(retryAfter: 2.5).localizedDescription.contains("3 s"))
        #expect(APIError.missingBaseURL.localizedDescription == "no backend configured")
        #expect(APIError.missingBaseURL.advice == .configureBackend)
        #expect(APIError.insecureURL("example.com").localizedDescription == "refusing plain http:// to example.com: use https://")
        #expect(APIError.insecureURL("example.com").advice == .allowInsecureHTTP)
    }

    @Test func noErrorTextNamesATerminalCommand() {
        let errors: [any LocalizedError] = [
            APIError.unauthorized, APIError.subscriptionRequired, APIError.missingBaseURL, APIError.insecureURL("h"),
            SubscriptionError.missingAPIKey, SubscriptionError.purchaseTimedOut(productID: "p", seconds: 300),
            SessionError.notFound(reference: "x"), ProviderError.unknownModel(provider: "p", model: "m"),
            ProviderError.contextTooLong(message: "4096"), ProviderError.emptyStream, ProviderError.noModel(provider: "p"),
            ProviderError.unknownProvider("p"), VideoError.unknownTemplate("t"),
        ]
        for error in errors {
            let text = error.errorDescription ?? ""
            #expect(!text.contains(" /") && !text.contains("lyra --"), "\(text)")
        }
    }

    @Test func transientFaultsAreNetworkErrors502To504AndRateLimits() {
        #expect(APIError.networkError("reset").isTransient)
        #expect(APIError.rateLimited(retryAfter: nil).isTransient)
        for code in [502, 503, 504] { #expect(APIError.invalidResponse(statusCode: code, detail: nil).isTransient) }
        #expect(!APIError.invalidResponse(statusCode: 500, detail: nil).isTransient)
        #expect(!APIError.unauthorized.isTransient)
        #expect(!APIError.cancelled.isTransient)
    }

    @Test func tokenNeverAppearsInAnyDescription() {
        let token = "sk-live-0123456789abcdef"
        let errors: [APIError] = [
            .invalidURL, .invalidResponse(statusCode: 500, detail: "bad token \(token)"),
            .decodingError("saw \(token)"), .networkError("proxy said \(token)"), .unauthorized,
            .subscriptionRequired, .rateLimited(retryAfter: 1), .cancelled, .insecureURL("h"), .missingBaseURL,
        ]
        for error in errors.map({ $0.redacting(token) }) {
            #expect(!(error.errorDescription ?? "").contains(token))
            #expect(!String(describing: error).contains(token))
        }
    }

    @Test func statusMappingFollowsTheSpec() throws {
        func response(_ status: Int, _ headers: [String: String] = [:]) throws -> HTTPResponseHead {
            HTTPResponseHead(statusCode: status, url: URL(filePath: "/"), headers: headers.map { ($0.key, $0.value) })
        }
        #expect(HTTPStatusMapping.error(for: try response(200), body: Data()) == nil)
        #expect(HTTPStatusMapping.error(for: try response(401), body: Data()) == .unauthorized)
        #expect(HTTPStatusMapping.error(for: try response(403), body: Data()) == .unauthorized)
        #expect(HTTPStatusMapping.error(for: try response(402), body: Data()) == .subscriptionRequired)
        #expect(HTTPStatusMapping.error(for: try response(429, ["Retry-After": "7"]), body: Data()) == .rateLimited(retryAfter: 7))
        let validation = Data(#"{"detail": [{"loc": ["body"], "msg": "field required"}]}"#.utf8)
        #expect(HTTPStatusMapping.error(for: try response(422), body: validation)
            == .invalidResponse(statusCode: 422, detail: "field required"))
        #expect(HTTPStatusMapping.error(for: try response(502), body: Data("<html>".utf8))
            == .invalidResponse(statusCode: 502, detail: nil))
        let now = Date(timeIntervalSince1970: 1_000_000)
        let date = "Mon, 12 Jan 1970 13:47:00 GMT"
        #expect(HTTPStatusMapping.retryAfter(date, now: now) == 20)
    }
}
