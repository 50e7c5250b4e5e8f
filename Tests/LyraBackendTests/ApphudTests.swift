// The Apphud emulation: customer shape, paywall remote config, API key checks, checkout activation.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import LyraBackend

@Suite struct ApphudRouteTests {
    private func customer(
        _ server: RunningBackend, userID: String = "user-1", key: String? = "any-key"
    ) async throws -> TestResponse {
        let body: [String: Any] = ["api_key": key ?? "", "user_id": userID, "device_id": userID,
                                   "need_paywalls": true, "need_placements": true, "is_debug": true]
        return try await server.send(
            "POST", "/v1/customers", appQuery: false, json: body, headers: key.map { ["APPHUD-API-KEY": $0] } ?? [:])
    }

    private func results(_ response: TestResponse) throws -> [String: Any] {
        let data = try #require(response.object["data"] as? [String: Any])
        return try #require(data["results"] as? [String: Any])
    }

    @Test func placementMainHasThreePlansWithPricesPeriodsAndCheckoutURLs() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let response = try await customer(server)
        #expect(response.status == 200)
        let customer = try results(response)
        #expect(customer["user_id"] as? String == "user-1")
        #expect((customer["subscriptions"] as? [Any])?.isEmpty == true)
        let placement = try #require((customer["placements"] as? [[String: Any]])?.first)
        #expect(placement["identifier"] as? String == "main")
        let paywall = try #require((placement["paywalls"] as? [[String: Any]])?.first)
        let items = try #require(paywall["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["product_id"] as? String } == ["lyra.weekly", "lyra.monthly", "lyra.yearly"])
        let configText = try #require(paywall["json"] as? String)
        let config = try #require(try JSONSerialization.jsonObject(with: Data(configText.utf8)) as? [String: Any])
        let products = try #require(config["products"] as? [[String: String]])
        #expect(products.map { $0["price"] ?? "" } == ["4.99", "12.99", "49.99"])
        #expect(products.map { $0["period"] ?? "" } == ["P1W", "P1M", "P1Y"])
        #expect(products.allSatisfy { $0["currency"] == "USD" })
        #expect(products.first?["checkout_url"] == server.baseURL.absoluteString + "/checkout/user-1/lyra.weekly")
    }

    @Test func fetchingTheCheckoutURLActivatesThatPlanForThatUser() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let page = try await server.send("GET", "/checkout/user-2/lyra.yearly", appQuery: false)
        #expect(page.status == 200 && page.text.contains("Purchase complete"))
        let subscriptions = try #require(try results(try await customer(server, userID: "user-2"))["subscriptions"] as? [[String: Any]])
        #expect(subscriptions.count == 1)
        let subscription = try #require(subscriptions.first)
        #expect(subscription["product_id"] as? String == "lyra.yearly")
        #expect(subscription["status"] as? String == "regular" && subscription["kind"] as? String == "autorenewable")
        let expires = try #require(subscription["expires_at"] as? String)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let expiry = try #require(formatter.date(from: expires))
        #expect(expiry.timeIntervalSinceNow > 364 * 86_400 && expiry.timeIntervalSinceNow < 367 * 86_400)
        let other = try results(try await customer(server, userID: "someone-else"))
        #expect((other["subscriptions"] as? [Any])?.isEmpty == true)
    }

    @Test func checkoutURLOfAUserIDWithSlashesAndSpacesActivatesThatUser() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let userID = "team/a b"
        let customer = try results(try await customer(server, userID: userID))
        let paywall = try #require((customer["paywalls"] as? [[String: Any]])?.first)
        let configText = try #require(paywall["json"] as? String)
        let config = try JSONSerialization.jsonObject(with: Data(configText.utf8))
        let products = try #require((config as? [String: Any])?["products"] as? [[String: String]])
        let checkoutText = try #require(products.first?["checkout_url"])
        let checkout = try #require(URL(string: checkoutText))
        let (_, response) = try await sharedSession.data(from: checkout)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let after = try results(try await self.customer(server, userID: userID))
        #expect((after["subscriptions"] as? [[String: Any]])?.first?["product_id"] as? String == "lyra.weekly")
    }

    @Test func unknownProductCheckoutIs404() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let page = try await server.send("GET", "/checkout/u/lyra.forever", appQuery: false)
        #expect(page.status == 404 && page.detail?.contains("lyra.forever") == true)
    }

    @Test func apiKeyIsRequiredAndCheckedWhenConfigured() async throws {
        let open = try RunningBackend()
        defer { open.stop() }
        #expect(try await customer(open, key: nil).status == 401)
        let strict = try RunningBackend(LocalBackendOptions(apphudAPIKey: "app_123"))
        defer { strict.stop() }
        #expect(try await customer(strict, key: "app_999").status == 401)
        #expect(try await customer(strict, key: "app_123").status == 200)
    }

    @Test func missingUserIDIs422() async throws {
        let server = try RunningBackend()
        defer { server.stop() }
        let response = try await server.send(
            "POST", "/v1/customers", appQuery: false, json: ["need_paywalls": true], headers: ["APPHUD-API-KEY": "k"])
        #expect(response.status == 422 && response.detail?.contains("user_id") == true)
    }
}
