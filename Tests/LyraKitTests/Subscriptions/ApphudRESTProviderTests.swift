// ApphudRESTProvider over real loopback sockets: the SPEC §5 request on the wire, the customer
// decoded, checkout URLs, and clear errors for 401, other statuses, bad bodies and dropped connections.
import Foundation
import Testing
@testable import LyraKit

/// One transport (the shared libcurl engine) for every test, as in the app.
private let transport = CurlTransport.shared
private let apiKey = "app_key_secret_42"

private func provider(_ server: LoopbackHTTPServer, path: String = "") -> ApphudRESTProvider {
    ApphudRESTProvider(apphudURL: server.baseURL.appending(path: path), apiKey: apiKey, userID: "user-7",
                       locale: "ru", timeZone: "Europe/Berlin", isDebug: true, transport: transport)
}

private func customerBody(_ subscriptions: String = "[]") -> Data {
    let config = CustomerFixture.configJSON.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"")
    let paywall = #"{"id":"pw","identifier":"main","items":[{"product_id":"lyra.weekly"}],"json":"\#(config)"}"#
    return Data(#"""
        {"data":{"results":{"id":"user-7","unknown_field":1,"subscriptions":\#(subscriptions),
         "paywalls":[\#(paywall)],"placements":[{"identifier":"main","paywalls":[\#(paywall)]}]}}}
        """#.utf8)
}

private func json(_ status: Int, _ body: Data) -> LoopbackHTTPServer.Behavior {
    .respond(status: status, headers: ["Content-Type": "application/json"], body: body)
}

/// Waits for a provider callback.
private func call<Value: Sendable>(_ start: (@escaping @Sendable (Result<Value, any Error>) -> Void) -> ProviderRequest) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        _ = start { continuation.resume(with: $0) }
    }
}

@Suite struct ApphudRESTProviderTests {
    @Test func postsTheSpecBodyWithTheKeyHeader() async throws {
        let server = try LoopbackHTTPServer([json(200, customerBody())])
        let customer = try await call { provider(server, path: "gateway").fetchCustomer(callback: $0) }
        #expect(try customer.paywall(placement: "main").products.count == 3)
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/gateway/v1/customers")
        #expect(request.headers["apphud-api-key"] == apiKey)
        #expect(request.headers["content-type"] == "application/json")
        let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        #expect(body["api_key"] as? String == apiKey)
        #expect(body["user_id"] as? String == "user-7")
        #expect(body["device_id"] as? String == "user-7")
        #expect(body["need_paywalls"] as? Bool == true)
        #expect(body["need_placements"] as? Bool == true)
        #expect(body["is_debug"] as? Bool == true)
        #expect(body["locale"] as? String == "ru")
        #expect(body["time_zone"] as? String == "Europe/Berlin")
    }

    @Test func theDefaultTimeZoneIsTheSystemOne() async throws {
        let server = try LoopbackHTTPServer([json(200, customerBody())])
        let live = ApphudRESTProvider(apphudURL: server.baseURL, apiKey: apiKey, userID: "u", locale: "en",
                                      isDebug: false, transport: transport)
        _ = try await call { live.fetchCustomer(callback: $0) }
        let request = try #require(server.requests.first)
        let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        #expect(body["time_zone"] as? String == TimeZone.current.identifier)
        #expect(body["is_debug"] as? Bool == false)
    }

    @Test func decodesSubscriptionsAndTheActiveOne() async throws {
        let subscriptions = #"""
            [{"product_id":"lyra.weekly","status":"expired","expires_at":"2020-01-01T00:00:00Z"},
             {"product_id":"lyra.monthly","status":"GRACE","expires_at":"2027-01-02T03:04:05Z","kind":"autorenewable"}]
            """#
        let server = try LoopbackHTTPServer([json(200, customerBody(subscriptions))])
        let status = try await call { provider(server).restorePurchases(callback: $0) }.status
        #expect(status.isActive)
        #expect(status.productID == "lyra.monthly")
        #expect(status.expiresAtText == "2027-01-02T03:04:05.000Z")
    }

    @Test func purchaseAnswersThePlansCheckoutURL() async throws {
        let server = try LoopbackHTTPServer([json(200, customerBody()), json(200, customerBody())])
        let checkout = try await call { provider(server).purchase("lyra.yearly", callback: $0) }
        #expect(checkout.url.absoluteString == "https://pay.example/checkout/lyra.yearly")
        #expect(checkout.product.weeklyPrice == Decimal(string: "0.95"))
        await #expect(throws: SubscriptionError.unknownProduct("lyra.forever", available: [])) {
            try await call { provider(server).purchase("lyra.forever", callback: $0) }
        }
    }

    @Test func statusesBecomeClearErrorsWithoutTheKey() async throws {
        let server = try LoopbackHTTPServer([
            json(401, Data(#"{"detail":"bad key"}"#.utf8)),
            json(403, Data("{}".utf8)),
            json(500, Data(#"{"detail":"boom for \#(apiKey)"}"#.utf8)),
            json(200, Data("{not json".utf8)),
            json(200, Data(#"{"data":{}}"#.utf8)),
        ])
        let live = provider(server)
        await #expect(throws: SubscriptionError.unauthorized) { try await call { live.fetchCustomer(callback: $0) } }
        await #expect(throws: SubscriptionError.unauthorized) { try await call { live.fetchCustomer(callback: $0) } }
        await #expect(throws: SubscriptionError.server(statusCode: 500, detail: "boom for ••••")) {
            try await call { live.fetchCustomer(callback: $0) }
        }
        await #expect(throws: SubscriptionError.invalidResponse("not an Apphud customer")) {
            try await call { live.fetchCustomer(callback: $0) }
        }
        await #expect(throws: SubscriptionError.invalidResponse("not an Apphud customer")) {
            try await call { live.fetchCustomer(callback: $0) }
        }
        #expect(SubscriptionError.unauthorized.errorDescription == "Apphud refused the API key (401): check LYRA_APPHUD_API_KEY")
    }

    @Test func aDroppedConnectionIsANetworkError() async throws {
        let server = try LoopbackHTTPServer([.drop])
        let error = await #expect(throws: SubscriptionError.self) { try await call { provider(server).fetchCustomer(callback: $0) } }
        guard case .network(let reason)? = error else {
            Issue.record("expected a network error, got \(String(describing: error))")
            return
        }
        #expect(error?.errorDescription == "cannot reach Apphud: \(reason)")
        #expect(error?.isTransient == true)
    }

    @Test func cancellingTheServiceCancelsTheRequest() async throws {
        let server = try LoopbackHTTPServer([.stall])
        let service = SubscriptionService(provider: provider(server))
        let task = Task { try await service.status() }
        try await server.waitForRequests(1)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(server.everyStallEndedByTheClient)  // it returned before the server stopped waiting
        try await server.waitUntilClosed()
    }
}
